// The one token bucket: refilled at `ratePerSecond`, holding at most `burst` takes per key (a channel token's
// requests, an address's failed authentications).
import { recentlyUsed } from "./recently-used.ts";

export interface RateDecision {
  allowed: boolean;
  /** RateLimit-Limit: the bucket's size. */
  limit: number;
  /** RateLimit-Remaining: whole requests left right now. */
  remaining: number;
  /** RateLimit-Reset: seconds until the bucket is full again. */
  resetSeconds: number;
  /** Retry-After when refused: seconds until one request is allowed. */
  retryAfterSeconds: number;
}

/** A channel token's requests: RATE_LIMIT_PER_SECOND and RATE_LIMIT_BURST when not set. */
export const DEFAULT_RATE_LIMIT = { perSecond: 50, burst: 100 } as const;

export interface RateLimiterOptions {
  ratePerSecond: number;
  burst: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
  /** Bounds memory: past this many, the least recently used bucket is dropped (an idle one refilled: it loses nothing). */
  maxBuckets?: number;
}

/**
 * Buckets live in this process: with several server processes each allows the full rate.
 *
 * @example const limiter = createRateLimiter({ ratePerSecond: 50, burst: 100 }); limiter.take(tokenId).allowed
 */
export function createRateLimiter(options: RateLimiterOptions) {
  const { ratePerSecond: rate, burst } = options;
  const now = options.now ?? (() => performance.now());
  const maxBuckets = options.maxBuckets ?? 100_000;
  const buckets = recentlyUsed<{ tokens: number; at: number }>(maxBuckets);

  return {
    enabled: rate > 0 && burst > 0,
    /** Takes one from the key's bucket, when it holds one: before the work, so concurrent takes cannot overshoot. */
    take(key: string): RateDecision {
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: burst, at };
      bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * rate);
      bucket.at = at;
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      buckets.set(key, bucket);
      return {
        allowed,
        limit: burst,
        remaining: Math.floor(bucket.tokens),
        resetSeconds: Math.ceil((burst - bucket.tokens) / rate),
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / rate)),
      };
    },
    /** Gives one back (a take that turned out not to count, such as a lookup that found a valid token). */
    refund(key: string): void {
      const bucket = buckets.get(key);
      if (bucket) bucket.tokens = Math.min(burst, bucket.tokens + 1);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    "ratelimit-limit": String(decision.limit),
    "ratelimit-remaining": String(decision.remaining),
    "ratelimit-reset": String(decision.resetSeconds),
  };
}
