import { describe, expect, it } from "vitest";
import { boundedCache } from "./bounded-cache.ts";

describe("boundedCache", () => {
  it("computes a key once, undefined answers included, and starts over when full", () => {
    const cache = boundedCache<string | undefined>(2);
    const computed: string[] = [];
    const answer = (key: string) =>
      cache.remember(key, () => {
        computed.push(key);
        return key === "none" ? undefined : key.toUpperCase();
      });
    expect([answer("a"), answer("none"), answer("a"), answer("none")]).toEqual([
      "A",
      undefined,
      "A",
      undefined,
    ]);
    expect(computed).toEqual(["a", "none"]);
    // Full at two: the third key drops what was kept, so "a" is computed again.
    expect([answer("b"), answer("a")]).toEqual(["B", "A"]);
    expect(computed).toEqual(["a", "none", "b", "a"]);
  });
});
