// "fresh, paced ½ peak": the whole-pipeline server at half of its peak, for p99 and speed to lead (the time
// from the lead's received_at to the assistant's receipt).
import { type Cell, calibratePacing, measure } from "./cells.ts";
import { findCell, medianRps, ROW } from "./report.ts";
import type { FillFigures } from "./report-goals.ts";
import { receivedHandoffs } from "./services.ts";

/**
 * Calibrates a think time per connection for half of `fill`'s best fresh-lead median, runs `paced` (a cell
 * of the same server, 32 connections or the middle count) `runs` times, and reads the hand-offs' latencies
 * the receiver saw meanwhile at `receiverPath`.
 */
export async function pacedAtHalfPeak(
  cells: Cell[],
  paced: Cell,
  run: { runs: number; seconds: number; receiverUrl: string; receiverPath: string },
): Promise<{ figures: FillFigures; note: string }> {
  const peakRps = Math.max(
    ...[...new Set(cells.map((cell) => cell.connections))].map((connections) =>
      medianRps(findCell(cells, "PostgreSQL", ROW.fresh, connections, paced.fill)),
    ),
  );
  const delayMs = await calibratePacing(paced, peakRps / 2, 1);
  const handoffs = () => receivedHandoffs(run.receiverUrl, run.receiverPath, true);
  await handoffs();
  for (let round = 1; round <= run.runs; round += 1) await measure(paced, run.seconds, delayMs);
  const speedToLeadMs = (await handoffs()).latencyMs;
  return {
    figures: { paced, restingRssBytes: Number.NaN, speedToLeadMs },
    note: `"${ROW.paced}" (${paced.fill}): ${paced.connections} connections, think time ${delayMs.toFixed(2)} ms each (wrk has no rate flag), target ${Math.round(peakRps / 2)} req/s`,
  };
}
