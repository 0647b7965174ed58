// idempotencyKey(): random UUIDs; idempotencyKey.from(): SHA-256 of the JSON-encoded parts.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { idempotencyKey } from "../src/index";

describe("idempotencyKey()", () => {
  it("returns a fresh UUID v4 each time", () => {
    const keys = new Set(Array.from({ length: 100 }, () => idempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("idempotencyKey() without crypto.randomUUID (browsers on plain http)", () => {
  it("builds a UUID v4 from getRandomValues", () => {
    // Shadow randomUUID (on the prototype in Bun, maybe own elsewhere), then put things back as they were.
    const own = Object.getOwnPropertyDescriptor(crypto, "randomUUID");
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true, writable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      const keys = new Set(Array.from({ length: 50 }, () => idempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      if (own) Object.defineProperty(crypto, "randomUUID", own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe("function");
  });
});

describe("idempotencyKey.from()", () => {
  it("is the SHA-256 hex of the JSON-encoded parts, stable across calls", async () => {
    const expected = createHash("sha256").update('["acme-crm","A-10023"]').digest("hex");
    expect(await idempotencyKey.from("acme-crm", "A-10023")).toBe(expected);
    expect(await idempotencyKey.from("acme-crm", "A-10023")).toBe(expected);
  });

  it("matches a fixed vector, so keys never change between SDK versions", async () => {
    expect(await idempotencyKey.from("acme-crm", "A-10023")).toBe(
      "18119d2d92b7e6593be01092201717a8fb45085c4b8e6d21871ce9f13bf1e45d",
    );
  });

  it("keeps part boundaries and types apart", async () => {
    const keys = await Promise.all([
      idempotencyKey.from("ab", "c"),
      idempotencyKey.from("a", "bc"),
      idempotencyKey.from("1"),
      idempotencyKey.from(1),
    ]);
    expect(new Set(keys).size).toBe(4);
  });

  it("fits the service's key rule and needs at least one part", async () => {
    expect(await idempotencyKey.from("x")).toMatch(/^[0-9a-f]{64}$/);
    await expect(idempotencyKey.from()).rejects.toThrow(TypeError);
  });
});
