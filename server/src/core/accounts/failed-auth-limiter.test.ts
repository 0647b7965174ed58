import { describe, expect, it } from "vitest";
import { createFailedAuthLimiter } from "./failed-auth-limiter.ts";

describe("failed authentications per address", () => {
  it("refuses an address past its budget, and refunds a lookup that found a valid token", () => {
    let clock = 0;
    const limiter = createFailedAuthLimiter({ perMinute: 2, now: () => clock });
    expect([limiter.take("a").allowed, limiter.take("a").allowed, limiter.take("a").allowed]).toEqual([
      true,
      true,
      false,
    ]);
    limiter.refund("a");
    expect(limiter.take("a").allowed).toBe(true);
    clock += 30_000; // one failure's worth comes back every 30 s at 2 per minute
    expect(limiter.take("a").allowed).toBe(true);
  });

  it("keeps a hot address limited through a flood of fresh addresses, where clearing at the bound would free it", () => {
    const limiter = createFailedAuthLimiter({ perMinute: 5, now: () => 0, maxAddresses: 1_000 });
    for (let i = 0; i < 5; i++) limiter.take("203.0.113.7");
    for (let i = 0; i < 100_000; i++) {
      limiter.take(`fresh-${i}`);
      if (i % 500 === 0) expect(limiter.take("203.0.113.7").allowed).toBe(false);
    }
    expect(limiter.take("203.0.113.7").allowed).toBe(false);
  });
});
