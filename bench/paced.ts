// Latency at a chosen rate (half of the peak, for the p99 target). Debian's wrk has no rate flag, so
// each connection waits a think time between requests (wrk/lead.lua's delay()); the think time is
// calibrated with two short probes because the response time itself is part of each cycle.
import type { Cell } from "./cells.ts";

export interface Pacing {
  targetRps: number;
  delayMs: number;
}

/**
 * Finds the per-connection think time that makes `cell` run at about `targetRps`.
 * Cycle per connection = think time + response time, so think = connections / rate − response.
 */
export async function calibratePacing(cell: Cell, targetRps: number, probeSeconds: number): Promise<Pacing> {
  const cycleMs = (cell.connections * 1000) / targetRps;
  let delayMs = cycleMs;
  for (let probe = 0; probe < 2; probe += 1) {
    const result = await cell.run({ durationSeconds: probeSeconds, countStatuses: false, delayMs });
    const observedCycleMs = (cell.connections * 1000) / result.requestsPerSecond;
    const responseMs = Math.max(0, observedCycleMs - delayMs);
    delayMs = Math.max(0, cycleMs - responseMs);
  }
  return { targetRps, delayMs };
}
