// When and how long to wait before retrying: exponential backoff with full jitter, Retry-After first.

/** Backoff of the first retry; each later retry doubles it, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 8_000;
/** The longest wait between two attempts the SDK accepts from the service: asked for longer, it does not retry. */
export const RETRY_AFTER_CAP_MS = 60_000;

/** 408, 409 (idempotency key in flight), 429 and every 5xx are worth retrying; other 4xx never are. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Milliseconds to wait before retry number `retry` (0 for the first). Full jitter (a uniform draw
 * between 0 and the exponential ceiling) spreads clients that failed together. The service's wait
 * (Retry-After-Ms, else Retry-After) wins when it is above 0 and at most RETRY_AFTER_CAP_MS: 0 would
 * retry at once (a stampede); a longer one is never retried (the pipeline gives the error back).
 *
 * @example retryDelayMs(0, undefined) // between 0 and 500
 */
export function retryDelayMs(
  retry: number,
  retryAfterSeconds: number | undefined,
  random: () => number = Math.random,
): number {
  const ms = (retryAfterSeconds ?? 0) * 1000;
  if (ms > 0 && ms <= RETRY_AFTER_CAP_MS) return ms;
  return Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry));
}

/**
 * Seconds from a Retry-After header: delay-seconds or an HTTP date (RFC 9110). Undefined when absent
 * or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
