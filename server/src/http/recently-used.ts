// A Map of at most `limit` entries that forgets the least recently used one when full (a Map keeps insertion order:
// each use moves its key to the end). The in-memory limiters keep their buckets in it, so a flood of fresh keys
// pushes out idle ones and never the hot key it competes with (clearing everything at the limit would reset it).

export interface RecentlyUsed<V> {
  /** The entry of `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined;
  /** Sets `key` as the most recently used; the least recently used entry goes when that makes one too many. */
  set(key: string, value: V): void;
  readonly size: number;
}

/** @example const buckets = recentlyUsed<Bucket>(100_000); buckets.set(address, bucket); */
export function recentlyUsed<V>(limit: number): RecentlyUsed<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
    get size() {
      return entries.size;
    },
  };
}
