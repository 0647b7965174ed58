// Peak resident memory of a process, sampled from /proc/<pid>/status while a load runs.
import { readFileSync } from "node:fs";

/** Current VmRSS in bytes, or NaN when the process is gone or /proc is unavailable. */
export function readRssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Samples every `intervalMs` until `stop()`, which returns the peak. 100 ms is frequent enough to
 * catch the plateau a multi-second load reaches and too rare to cost the machine anything.
 * @example const sampler = sampleRss(pid); await load(); const peakBytes = sampler.stop();
 */
export function sampleRss(pid: number, intervalMs = 100): { stop(): number } {
  let peak = readRssBytes(pid);
  const timer = setInterval(() => {
    const now = readRssBytes(pid);
    if (!(now <= peak)) peak = Number.isNaN(peak) ? now : Math.max(peak, now);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const last = readRssBytes(pid);
      return Number.isNaN(last) ? peak : Math.max(Number.isNaN(peak) ? last : peak, last);
    },
  };
}
