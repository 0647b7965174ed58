import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./password-policy.ts";

describe("owner password rule", () => {
  it("needs 12 characters, counted as characters", () => {
    expect(passwordProblem("short pass1")).toBe("too_short");
    expect(passwordProblem("ñandú-ñandú!")).toBeUndefined();
    expect(passwordProblem("x".repeat(257))).toBe("too_long");
  });

  it("refuses common and trivial passwords whatever their case", () => {
    expect(passwordProblem("Password1234")).toBe("common");
    expect(passwordProblem("QWERTY123456")).toBe("common");
    expect(passwordProblem("aaaaaaaaaaaaaa")).toBe("common");
    expect(passwordProblem("abcdefghijklmn")).toBe("common");
    expect(passwordProblem("9876543210987")).toBe("common");
    expect(passwordProblem("violet-harbor-42")).toBeUndefined();
  });

  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("violet-harbor-42");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword("violet-harbor-42", hash)).toBe(true);
    expect(await verifyPassword("violet-harbor-43", hash)).toBe(false);
    expect(await verifyPassword("violet-harbor-42", null)).toBe(false);
  });
});
