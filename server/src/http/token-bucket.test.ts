import { describe, expect, it } from "vitest";
import { createRateLimiter, rateLimitHeaders } from "./token-bucket.ts";

describe("token bucket rate limiter", () => {
  it("allows a burst, then refuses with the time until one request is allowed", () => {
    let clock = 0;
    const limiter = createRateLimiter({ ratePerSecond: 2, burst: 3, now: () => clock });
    expect([1, 2, 3].map(() => limiter.take("t").allowed)).toEqual([true, true, true]);
    const refused = limiter.take("t");
    expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 1 });
    clock += 500; // half a second at 2/s refills one request
    expect(limiter.take("t").allowed).toBe(true);
    expect(limiter.take("t").allowed).toBe(false);
  });

  it("keeps one bucket per key and never fills past the burst", () => {
    let clock = 0;
    const limiter = createRateLimiter({ ratePerSecond: 1, burst: 2, now: () => clock });
    limiter.take("a");
    limiter.take("a");
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
    clock += 60_000;
    expect(limiter.take("a")).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 1 });
  });

  it("reports RateLimit headers", () => {
    const limiter = createRateLimiter({ ratePerSecond: 50, burst: 100, now: () => 0 });
    expect(rateLimitHeaders(limiter.take("t"))).toEqual({
      "ratelimit-limit": "100",
      "ratelimit-remaining": "99",
      "ratelimit-reset": "1",
    });
    expect(createRateLimiter({ ratePerSecond: 0, burst: 100 }).enabled).toBe(false);
  });
});

describe("the token bucket's memory bound", () => {
  it("keeps a hot key's drained bucket through a flood of fresh keys (least recently used go first)", () => {
    const limiter = createRateLimiter({ ratePerSecond: 1, burst: 3, now: () => 0, maxBuckets: 100 });
    for (let i = 0; i < 3; i++) limiter.take("hot");
    expect(limiter.take("hot").allowed).toBe(false);
    for (let i = 0; i < 10_000; i++) {
      expect(limiter.take(`fresh-${i}`).allowed).toBe(true);
      // The attacker's own key stays in use: it is never the least recently used, so it is never forgotten.
      if (i % 50 === 0) expect(limiter.take("hot").allowed).toBe(false);
    }
    // An idle key is what goes: "fresh-0" was pushed out, so it starts again from a full bucket.
    expect(limiter.take("fresh-0").remaining).toBe(2);
  });
});
