// Per-cell medians and spreads, and the lookups the ratios and targets need.
import type { Cell, Group } from "./cells.ts";
import { type Spread, summarize } from "./stats.ts";

export interface CellSummary {
  requestsPerSecond: Spread;
  p50: Spread;
  p99: Spread;
  p999: Spread;
  rssMiB: Spread;
  appCpuMicros: Spread;
  dbCpuMicros: Spread;
}

export function summarizeCell(cell: Cell): CellSummary {
  const pick = (value: (run: Cell["runs"][number]) => number) => summarize(cell.runs.map(value));
  return {
    requestsPerSecond: pick((run) => run.requestsPerSecond),
    p50: pick((run) => run.p50),
    p99: pick((run) => run.p99),
    p999: pick((run) => run.p999),
    rssMiB: pick((run) => run.rssBytes / 1024 ** 2),
    appCpuMicros: pick((run) => run.appCpuMicros),
    dbCpuMicros: pick((run) => run.dbCpuMicros),
  };
}

export function findCell(cells: Cell[], group: Group, name: string, connections: number): Cell | undefined {
  return cells.find((cell) => cell.group === group && cell.name === name && cell.connections === connections);
}

/** Median throughput of a cell, NaN when it was not measured. */
export function medianRps(cell: Cell | undefined): number {
  return cell ? summarizeCell(cell).requestsPerSecond.median : Number.NaN;
}
