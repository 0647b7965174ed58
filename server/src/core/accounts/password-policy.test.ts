import { describe, expect, it } from "vitest";
import { hashPassword, PASSWORD_HASH_COST, passwordProblem, verifyPassword } from "./password-policy.ts";

const EMAIL = "ana.lopez@acme.example";
const problem = (password: string) => passwordProblem(password, EMAIL);

describe("owner password rule", async () => {
  it("needs 12 characters, counted as characters", async () => {
    expect(await problem("short pass1")).toBe("too_short");
    expect(await problem("ñandú-ñandú!")).toBeUndefined();
    expect(await problem("x".repeat(257))).toBe("too_long");
  });

  it("refuses common passwords whatever their case", async () => {
    expect(await problem("Password1234")).toBe("common");
    expect(await problem("1qaz2wsx3edc4rfv")).toBe("common");
    expect(await problem("violet-harbor-42")).toBeUndefined();
  });

  it("refuses keyboard runs and repeats, and says which", async () => {
    expect(await problem("zxcvbnm,./asdfghjkl;")).toBe("keyboard");
    // Scored 4 by the estimator, refused as a keyboard run all the same.
    expect(await problem("hjkl;'yuiop[]nm,./")).toBe("keyboard");
    expect(await problem("aaaaaaaaaaaaaa")).toBe("repeated");
    expect(await problem("abcabcabcabcabc")).toBe("repeated");
    expect(await problem("abcdefghijklmn")).toBe("repeated");
    // Long ones are judged on their first 64 characters.
    expect(await problem("a".repeat(256))).toBe("repeated");
    expect(
      await problem("the tide came in over the stones at dusk, violet; harbor 42. ".repeat(4)),
    ).toBeUndefined();
  });

  it("refuses the owner's own email or its local part", async () => {
    expect(await problem("ana.lopez@acme.example")).toBe("personal");
    expect(await problem("Ana.Lopez-2026!")).toBe("personal");
    expect(await passwordProblem("ana@acme.example1", "ana@acme.example")).toBe("personal");
    // A short local part is a word to the estimator, not a ban: "banana" stays usable inside a strong password.
    expect(await passwordProblem("banana-harbor-violet", "ana@acme.example")).toBeUndefined();
  });

  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("violet-harbor-42");
    const { memoryCost, timeCost } = PASSWORD_HASH_COST;
    expect(hash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=1$`)).toBe(true);
    expect([memoryCost, timeCost]).toEqual([65_536, 2]);
    expect(await verifyPassword("violet-harbor-42", hash)).toBe(true);
    expect(await verifyPassword("violet-harbor-43", hash)).toBe(false);
    expect(await verifyPassword("violet-harbor-42", null)).toBe(false);
  });
});
