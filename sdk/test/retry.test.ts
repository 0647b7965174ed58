// Backoff bounds, Retry-After parsing, which statuses are retried, and an abortable sleep.
import { describe, expect, it } from "vitest";
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  isRetryableStatus,
  parseRetryAfter,
  RETRY_AFTER_CAP_MS,
  retryDelayMs,
  sleep,
} from "../src/retry";

describe("retryDelayMs", () => {
  it("stays between 0 and base × 2^retry, capped, with full jitter", () => {
    for (let retry = 0; retry < 10; retry++) {
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
      expect(retryDelayMs(retry, undefined, () => 0)).toBe(0);
      expect(retryDelayMs(retry, undefined, () => 0.999_999)).toBe(ceiling - 1);
      for (let i = 0; i < 50; i++) {
        const delay = retryDelayMs(retry, undefined)!;
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceiling);
      }
    }
    expect(retryDelayMs(30, undefined, () => 0.999_999)).toBe(BACKOFF_CAP_MS - 1);
  });

  it("uses Retry-After exactly from above 0 up to the cap", () => {
    expect(retryDelayMs(0, 2, () => 0.9)).toBe(2_000);
    expect(retryDelayMs(0, 0.25, () => 0.9)).toBe(250);
    expect(retryDelayMs(0, RETRY_AFTER_CAP_MS / 1000)).toBe(RETRY_AFTER_CAP_MS);
  });

  it("falls back to the default backoff for Retry-After 0 (a stampede) and above the cap (too long)", () => {
    for (const seconds of [0, RETRY_AFTER_CAP_MS / 1000 + 1, 86_400]) {
      expect(retryDelayMs(0, seconds, () => 0.5)).toBe(BACKOFF_BASE_MS / 2);
      expect(retryDelayMs(3, seconds, () => 0.5)).toBe((BACKOFF_BASE_MS * 8) / 2);
    }
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2026, 10, 20, 20, 0, 0);
  it.each([
    [null, undefined],
    ["", undefined],
    ["soon", undefined],
    ["0", 0],
    ["3", 3],
    ["1.5", 1.5],
    ["-4", 0],
    ["Fri, 20 Nov 2026 20:00:10 GMT", 10],
    ["Fri, 20 Nov 2026 19:59:00 GMT", 0],
  ])("%o → %o", (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});

describe("isRetryableStatus", () => {
  it("retries 408, 409, 429 and 5xx only", () => {
    const retried = [400, 401, 403, 404, 405, 408, 409, 413, 415, 422, 429, 500, 502, 503, 504].filter(
      isRetryableStatus,
    );
    expect(retried).toEqual([408, 409, 429, 500, 502, 503, 504]);
  });
});

describe("sleep", () => {
  it("resolves after the delay", async () => {
    const started = performance.now();
    await sleep(20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
  });

  it("rejects with the abort reason, at once or when aborted", async () => {
    await expect(sleep(10, AbortSignal.abort(new Error("already")))).rejects.toThrow("already");
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error("later"));
    await expect(waiting).rejects.toThrow("later");
  });
});
