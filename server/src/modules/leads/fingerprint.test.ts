import { describe, expect, it } from "vitest";
import { canonicalJson, payloadFingerprint } from "./fingerprint.ts";

describe("payload fingerprint", () => {
  it("ignores key order at every depth and whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: "x" } })).toBe('{"a":{"c":"x","d":[1,2]},"b":1}');
    expect(payloadFingerprint(JSON.parse('{"b":1,"a":{"d":2,"c":3}}'))).toBe(
      payloadFingerprint(JSON.parse('{ "a": { "c": 3, "d": 2 }, "b": 1 }')),
    );
  });

  it("leaves idempotency_key out, so the key may move between body and header", () => {
    expect(payloadFingerprint({ phone: "1", idempotency_key: "k" })).toBe(payloadFingerprint({ phone: "1" }));
  });

  it("changes with any value, array order or unknown field", () => {
    const base = payloadFingerprint({ phone: "1", context: { tags: ["a", "b"] } });
    expect(payloadFingerprint({ phone: "2", context: { tags: ["a", "b"] } })).not.toBe(base);
    expect(payloadFingerprint({ phone: "1", context: { tags: ["b", "a"] } })).not.toBe(base);
    expect(payloadFingerprint({ phone: "1", context: { tags: ["a", "b"] }, extra: 1 })).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});
