// Remembered answers of a costly pure computation, at most `limit` of them: all dropped when full, as the working set refills at once.

export interface BoundedCache<V> {
  /** The answer kept for `key`, else `compute()`'s, kept (undefined answers too). */
  remember(key: string, compute: () => V): V;
}

/** @example const zones = boundedCache<string | undefined>(2_000); zones.remember(name, () => resolve(name)) */
export function boundedCache<V>(limit: number): BoundedCache<V> {
  const known = new Map<string, V>();
  return {
    remember(key, compute) {
      if (known.has(key)) return known.get(key) as V;
      const value = compute();
      if (known.size >= limit) known.clear();
      known.set(key, value);
      return value;
    },
  };
}
