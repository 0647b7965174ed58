// Failed authentications per client address: beyond the limit, unknown tokens are refused without a lookup.
import type { RateDecision } from "../../http/token-bucket.ts";

export interface FailedAuthLimiterOptions {
  /** Failed lookups an address may cause per minute (also the burst); 0 turns the limit off. */
  perMinute: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
  /** Bounds memory: buckets beyond this many are dropped (a flood of addresses loses only its history). */
  maxAddresses?: number;
}

/**
 * A token bucket of failures per address, refilled at perMinute / 60 per second. In this process only.
 *
 * @example const limiter = createFailedAuthLimiter({ perMinute: 60 }); limiter.check("203.0.113.7").allowed
 */
export function createFailedAuthLimiter(options: FailedAuthLimiterOptions) {
  const burst = options.perMinute;
  const perMs = options.perMinute / 60_000;
  const now = options.now ?? (() => performance.now());
  const maxAddresses = options.maxAddresses ?? 100_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  const bucket = (address: string) => {
    const at = now();
    const found = buckets.get(address);
    if (!found) return { tokens: burst, at };
    found.tokens = Math.min(burst, found.tokens + (at - found.at) * perMs);
    found.at = at;
    return found;
  };

  return {
    enabled: burst > 0,
    /** Whether the address may still cause a lookup, in the terms of the RateLimit headers. */
    check(address: string): RateDecision {
      const { tokens } = bucket(address);
      const allowed = tokens >= 1;
      return {
        allowed,
        limit: burst,
        remaining: Math.floor(tokens),
        resetSeconds: Math.ceil((burst - tokens) / perMs / 1000),
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
      };
    },
    recordFailure(address: string): void {
      if (burst <= 0) return;
      const found = bucket(address);
      found.tokens = Math.max(0, found.tokens - 1);
      if (!buckets.has(address) && buckets.size >= maxAddresses) buckets.clear();
      buckets.set(address, found);
    },
  };
}

export type FailedAuthLimiter = ReturnType<typeof createFailedAuthLimiter>;
