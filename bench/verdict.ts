// Whether the run's figures may be judged against the goals: enough rounds on a quiet machine, the baseline at its usual cost.
import { USUAL_SINGLE_ROW_CPU } from "./baselines/single-row.ts";
import type { Cell } from "./cells.ts";
import { findCell, ROW } from "./report.ts";
import { summarize } from "./stats.ts";

/** Why the figures cannot be judged: too few rounds, someone else's load, or a baseline off its usual cost. */
export function judgeMachine(cells: Cell[], loadAtStart: number, runs: number): string[] {
  const busy: string[] = [];
  if (runs < 3) busy.push(`${runs} round(s): a verdict needs 3 or more`);
  if (loadAtStart > 1) busy.push(`load average ${loadAtStart.toFixed(2)} before the bench started (over 1)`);
  const others = summarize(cells.flatMap((cell) => cell.runs.map((run) => run.otherCores)));
  if (others.median > 0.25)
    busy.push(`other processes used ${others.median.toFixed(2)} cores during the runs (over 0.25)`);
  const single = findCell(cells, "baseline", ROW.singleRow, 32);
  const cpu = summarize((single?.runs ?? []).map((run) => run.appCpuMicros + run.dbCpuMicros));
  const [low, high] = [USUAL_SINGLE_ROW_CPU / 1.3, USUAL_SINGLE_ROW_CPU * 1.3];
  if (!(cpu.median >= low && cpu.median <= high))
    busy.push(
      `pgbench single row cost ${cpu.median.toFixed(0)} µs of CPU per row, outside its usual ${low.toFixed(0)}–${high.toFixed(0)}`,
    );
  return busy;
}
