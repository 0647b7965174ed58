// A process's resident memory (VmRSS in /proc/<pid>/status), read once or sampled for its peak while work runs.
import { readFileSync } from "node:fs";

/** Resident set size of `pid` in MiB. @example residentMiB(server.pid) // 182.4 */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) / 1024;
}

/**
 * Samples `pid`'s resident memory every `everyMs` until stop(), which returns the highest sample.
 *
 * @example const peak = samplePeakResident(server.pid); await flood(); const mib = peak.stop();
 */
export function samplePeakResident(pid: number, everyMs = 50): { stop(): number } {
  let peak = residentMiB(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentMiB(pid));
    } catch {}
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentMiB(pid));
    },
  };
}
