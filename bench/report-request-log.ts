// The request log's cost to the intake: the same server with REQUEST_LOG on (as users run it) and off, in the
// same rounds, side by side with their ratio round by round (the log's budget is at most 1.05× the CPU).
import type { Cell, Fill } from "./cells.ts";
import {
  cpu,
  type Figure,
  findCell,
  ROW,
  ratioOf,
  rps,
  spread,
  spreadOf,
  thousands,
  times,
  whole,
} from "./report.ts";

/** The log may cost the intake at most this much more CPU per lead (server + PostgreSQL). */
export const REQUEST_LOG_CPU_BUDGET = 1.05;

const serverCpu: Figure = (run) => run.appCpuMicros;
const databaseCpu: Figure = (run) => run.dbCpuMicros;

export function renderRequestLogCost(cells: Cell[], fills: readonly Fill[], monthLabel: string): string {
  const rows: string[] = [];
  for (const fill of fills) {
    const on = findCell(cells, "PostgreSQL", ROW.dispatcherOff, 32, fill);
    const off = findCell(cells, "PostgreSQL", ROW.requestLogOff, 32, fill);
    if (!on || !off) continue;
    const cpuOf = (cell: Cell) =>
      `${spread(spreadOf(cell, serverCpu), whole)} + ${spread(spreadOf(cell, databaseCpu), whole)}`;
    const cpuRatio = ratioOf(on, off, cpu);
    const verdict = cpuRatio.runs === 0 ? "–" : cpuRatio.median <= REQUEST_LOG_CPU_BUDGET ? "within" : "over";
    const figures = [
      spread(spreadOf(on, rps), thousands),
      spread(spreadOf(off, rps), thousands),
      spread(ratioOf(on, off, rps), times),
      cpuOf(on),
      cpuOf(off),
      spread(cpuRatio, times),
      verdict,
    ];
    rows.push(`| ${fill === "month" ? monthLabel : "empty"} | ${figures.join(" | ")} |`);
  }
  if (rows.length === 0)
    return "Not measured (the rows `fresh, dispatcher off` and `request-log-off` at 32 connections).";
  return [
    `| stored before the run | req/s, log on | req/s, log off | req/s on ÷ off | CPU µs/lead server + PostgreSQL, log on | log off | CPU on ÷ off | ≤ ${REQUEST_LOG_CPU_BUDGET.toFixed(2)}× |`,
    "|---|--:|--:|--:|--:|--:|--:|---|",
    ...rows,
  ].join("\n");
}
