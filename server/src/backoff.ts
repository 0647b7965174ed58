// How long a failed hand-off waits before the next attempt: exponential, capped, jittered.

/**
 * Jitter (±20 %) spreads retries of many tasks that failed together, so a recovering assistant is
 * not hit by all of them at once.
 *
 * @example retryDelayMs(3, { retryBaseMs: 1000, retryMaxMs: 30000 }) // about 4000
 */
export function retryDelayMs(
  attempt: number,
  settings: { retryBaseMs: number; retryMaxMs: number },
  random: () => number = Math.random,
): number {
  const exponential = settings.retryBaseMs * 2 ** Math.max(0, attempt - 1);
  const capped = Math.min(settings.retryMaxMs, exponential);
  return Math.round(capped * (0.8 + 0.4 * random()));
}
