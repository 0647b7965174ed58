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

/** The rule as first written, kept as the definition the faster walk must match byte for byte. */
function definition(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(definition).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${definition(v)}`).join(",")}}`;
}

describe("canonicalJson against its definition", () => {
  it("gives the same text for many random JSON bodies", () => {
    let seed = 14;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const keys = ["a", "B", "b", "é", "ß", "10", "2", "", "idempotency_key", "Z\u0000", "😀", 'k"q'];
    const scalar = () =>
      [null, true, false, 0, -1.5, 1e21, "x", 'é\n"\\', "😀", Math.floor(random() * 1e6)][
        Math.floor(random() * 10)
      ];
    const build = (depth: number): unknown => {
      const kind = depth > 3 ? 0 : Math.floor(random() * 3);
      if (kind === 0) return scalar();
      if (kind === 1) return Array.from({ length: Math.floor(random() * 4) }, () => build(depth + 1));
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 6); i > 0; i--)
        object[keys[Math.floor(random() * keys.length)]!] = build(depth + 1);
      return object;
    };
    for (let i = 0; i < 3000; i++) {
      const body = JSON.parse(JSON.stringify(build(0)));
      expect(canonicalJson(body)).toBe(definition(body));
      if (body && typeof body === "object" && !Array.isArray(body)) {
        const { idempotency_key: _key, ...payload } = body;
        expect(payloadFingerprint(body)).toBe(
          new Bun.CryptoHasher("sha256").update(definition(payload)).digest("hex"),
        );
      }
    }
  });
});
