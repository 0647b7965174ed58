// Failed authentications per client address: beyond the limit, unknown tokens are refused without a lookup.
import { recentlyUsed } from "../../http/recently-used.ts";
import type { RateDecision } from "../../http/token-bucket.ts";

export interface FailedAuthLimiterOptions {
  /** Failed lookups an address may cause per minute (also the burst); 0 turns the limit off. */
  perMinute: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
  /** Bounds memory: past this many, the least recently used address is forgotten (a flood of new addresses pushes out idle ones, never the one it competes with). */
  maxAddresses?: number;
}

/**
 * A token bucket of failures per address, refilled at perMinute / 60 per second. In this process only.
 *
 * @example const limiter = createFailedAuthLimiter({ perMinute: 60 }); limiter.take("203.0.113.7").allowed
 */
export function createFailedAuthLimiter(options: FailedAuthLimiterOptions) {
  const burst = options.perMinute;
  const perMs = options.perMinute / 60_000;
  const now = options.now ?? (() => performance.now());
  const maxAddresses = options.maxAddresses ?? 100_000;
  const buckets = recentlyUsed<{ tokens: number; at: number }>(maxAddresses);

  const bucket = (address: string) => {
    const at = now();
    const found = buckets.get(address);
    if (!found) return { tokens: burst, at };
    found.tokens = Math.min(burst, found.tokens + (at - found.at) * perMs);
    found.at = at;
    return found;
  };

  const decision = (tokens: number, allowed: boolean): RateDecision => ({
    allowed,
    limit: burst,
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((burst - tokens) / perMs / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
  });

  return {
    enabled: burst > 0,
    /**
     * Takes one failure's worth from the address's budget before the lookup, so concurrent lookups
     * cannot overshoot it; give it back with refund() when the token was valid.
     */
    take(address: string): RateDecision {
      const found = bucket(address);
      if (found.tokens < 1) return decision(found.tokens, false);
      found.tokens -= 1;
      buckets.set(address, found);
      return decision(found.tokens, true);
    },
    refund(address: string): void {
      const found = buckets.get(address);
      if (found) found.tokens = Math.min(burst, found.tokens + 1);
    },
  };
}

export type FailedAuthLimiter = ReturnType<typeof createFailedAuthLimiter>;
