// The answers this process gave to recent idempotency keys: a retry is answered without a database round trip.
import type { IdempotencyRecord } from "./lead-store.ts";

/** A complete record: the response a replay sends. */
export type KeptAnswer = Required<{ [K in keyof IdempotencyRecord]: NonNullable<IdempotencyRecord[K]> }>;

/** About 1 KiB a key: at most a few MiB per process. */
const KEPT_KEYS = 4_096;

export interface ReplayCache {
  find(accountId: string, key: string): KeptAnswer | undefined;
  keep(accountId: string, key: string, answer: KeptAnswer): void;
}

/**
 * A stored key's record never changes and is never deleted (its response is committed with the
 * lead), so a copy kept here stays exact in every process; the oldest copies are dropped first.
 *
 * @example replays.keep(accountId, key, record); replays.find(accountId, key)?.response_body
 */
export function createReplayCache(size = KEPT_KEYS): ReplayCache {
  const kept = new Map<string, KeptAnswer>();
  return {
    find: (accountId, key) => kept.get(`${accountId} ${key}`),
    keep(accountId, key, answer) {
      kept.set(`${accountId} ${key}`, answer);
      if (kept.size > size) kept.delete(kept.keys().next().value!);
    },
  };
}
