import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./password-policy.ts";

const EMAIL = "ana.lopez@acme.example";
const problem = (password: string) => passwordProblem(password, EMAIL);

describe("owner password rule", () => {
  it("needs 12 characters, counted as characters", () => {
    expect(problem("short pass1")).toBe("too_short");
    expect(problem("ñandú-ñandú!")).toBeUndefined();
    expect(problem("x".repeat(257))).toBe("too_long");
  });

  it("refuses common passwords whatever their case", () => {
    expect(problem("Password1234")).toBe("common");
    expect(problem("1qaz2wsx3edc4rfv")).toBe("common");
    expect(problem("violet-harbor-42")).toBeUndefined();
  });

  it("refuses keyboard runs and repeats, and says which", () => {
    expect(problem("zxcvbnm,./asdfghjkl;")).toBe("keyboard");
    // Scored 4 by the estimator, refused as a keyboard run all the same.
    expect(problem("hjkl;'yuiop[]nm,./")).toBe("keyboard");
    expect(problem("aaaaaaaaaaaaaa")).toBe("repeated");
    expect(problem("abcabcabcabcabc")).toBe("repeated");
    expect(problem("abcdefghijklmn")).toBe("repeated");
    // Long ones are judged on their first 64 characters.
    expect(problem("a".repeat(256))).toBe("repeated");
    expect(
      problem("the tide came in over the stones at dusk, violet; harbor 42. ".repeat(4)),
    ).toBeUndefined();
  });

  it("refuses the owner's own email or its local part", () => {
    expect(problem("ana.lopez@acme.example")).toBe("personal");
    expect(problem("Ana.Lopez-2026!")).toBe("personal");
    expect(passwordProblem("ana@acme.example1", "ana@acme.example")).toBe("personal");
    // A short local part is a word to the estimator, not a ban: "banana" stays usable inside a strong password.
    expect(passwordProblem("banana-harbor-violet", "ana@acme.example")).toBeUndefined();
  });

  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("violet-harbor-42");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword("violet-harbor-42", hash)).toBe(true);
    expect(await verifyPassword("violet-harbor-43", hash)).toBe(false);
    expect(await verifyPassword("violet-harbor-42", null)).toBe(false);
  });
});
