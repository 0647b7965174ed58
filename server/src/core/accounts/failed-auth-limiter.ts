// Failed authentications per client address: beyond the limit, unknown tokens are refused without a lookup.
import { createRateLimiter, type RateLimiter } from "../../http/token-bucket.ts";

/** Failed authentications an address may cause per minute: FAILED_AUTH_PER_MINUTE when not set. */
export const DEFAULT_FAILED_AUTH_PER_MINUTE = 60;

export interface FailedAuthLimiterOptions {
  /** Failed lookups an address may cause per minute (also the burst); 0 turns the limit off. */
  perMinute: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
  /** Bounds memory: past this many, the least recently used address is forgotten (a flood of new addresses pushes out idle ones, never the one it competes with). */
  maxAddresses?: number;
}

/**
 * A token bucket of failures per address (the one bucket: http/token-bucket.ts), refilled at perMinute / 60 per
 * second. In this process only. take() before the lookup, so concurrent lookups cannot overshoot the budget;
 * refund() when the token was valid.
 *
 * @example const limiter = createFailedAuthLimiter({ perMinute: 60 }); limiter.take("203.0.113.7").allowed
 */
export function createFailedAuthLimiter(options: FailedAuthLimiterOptions): RateLimiter {
  return createRateLimiter({
    ratePerSecond: options.perMinute / 60,
    burst: options.perMinute,
    now: options.now,
    maxBuckets: options.maxAddresses,
  });
}

export type FailedAuthLimiter = RateLimiter;
