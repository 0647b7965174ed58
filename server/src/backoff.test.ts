import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff.ts";

describe("retryDelayMs", () => {
  const settings = { retryBaseMs: 1000, retryMaxMs: 30_000 };

  it("doubles per attempt up to the cap", () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayMs(attempt, settings, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it("jitters within ±20 %", () => {
    expect(retryDelayMs(1, settings, () => 0)).toBe(800);
    expect(retryDelayMs(1, settings, () => 0.999999)).toBe(1200);
  });
});
