// Median and spread of repeated measurements: every figure in the report is one of these.

/** The median of several runs with their range, so a reader sees how noisy the machine was. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/**
 * @example summarize([3, 1, 2]) // { median: 2, min: 1, max: 3, runs: 3 }
 */
export function summarize(values: readonly number[]): Spread {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, runs: 0 };
  const sorted = [...finite].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/**
 * Nearest-rank percentile of raw samples (pgbench's per-transaction log); `p` in 0–100.
 * @example percentile([1, 2, 3, 4], 50) // 2
 */
export function percentile(sortedAscending: ArrayLike<number>, p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  // The epsilon keeps 99.9 % of 1000 at rank 999: floating point makes it 999.0000000000001.
  const rank = Math.ceil((p / 100) * sortedAscending.length - 1e-9);
  const index = Math.min(sortedAscending.length - 1, Math.max(0, rank - 1));
  return sortedAscending[index]!;
}

/** A ratio of two medians; NaN when either side is missing so the table shows "–" instead of a lie. */
export function ratio(numerator: number, denominator: number): number {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) return Number.NaN;
  return numerator / denominator;
}
