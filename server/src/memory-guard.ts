// Keeps the server's resident memory near a target: a full garbage collection whenever RSS passes it.
import type { Logger } from "./logger.ts";

export interface MemoryGuardOptions {
  /** Resident set size, in bytes, above which a full collection runs. */
  targetBytes: number;
  /** How often RSS is looked at. */
  checkMs?: number;
  /** Longest wait between checks while collections do not bring RSS under the target. */
  maxBackoffMs?: number;
  logger?: Logger;
  /** Injectable for tests. */
  rss?: () => number;
  collect?: () => void;
}

/**
 * The JavaScript engine sizes its heap from the machine's RAM, so on a large machine a busy server
 * keeps tens of megabytes of garbage (each lead leaves a few kilobytes) before it collects. A
 * collection costs a few milliseconds, about once a second under load. When one does not bring RSS
 * under the target (a larger working set, PGlite's memory), checks back off, doubling up to
 * `maxBackoffMs`, so a target set too low costs little.
 *
 * @example const guard = startMemoryGuard({ targetBytes: 96 * 2 ** 20, logger }); guard.stop();
 */
export function startMemoryGuard(options: MemoryGuardOptions): { stop(): void } {
  const checkMs = options.checkMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const collect = options.collect ?? (() => Bun.gc(true));
  let waitMs = checkMs;
  let warned = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = () => {
    if (rss() > options.targetBytes) {
      collect();
      const after = rss();
      if (after > options.targetBytes) {
        waitMs = Math.min(waitMs * 2, maxBackoffMs);
        if (!warned) {
          warned = true;
          options.logger?.warn("resident memory stays above MEMORY_TARGET_MB after a collection", {
            rss_mb: Math.round(after / 2 ** 20),
            target_mb: Math.round(options.targetBytes / 2 ** 20),
          });
        }
      } else waitMs = checkMs;
    } else waitMs = checkMs;
    schedule();
  };
  const schedule = () => {
    timer = setTimeout(check, waitMs);
    timer.unref?.();
  };
  schedule();
  return {
    stop() {
      clearTimeout(timer);
    },
  };
}
