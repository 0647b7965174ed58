// The report's first table: what each lead costs as a user measures it from outside, at 32 connections, on an
// empty database and on a month's, this checkout beside the older one, against single-row pgbench in the same rounds.
import type { Cell, Fill } from "./cells.ts";
import {
  cpu,
  findCell,
  millis,
  ROW,
  ratioOf,
  rps,
  spread,
  spreadOf,
  thousands,
  times,
  whole,
} from "./report.ts";
import { type FillFigures, speedToLead } from "./report-goals.ts";

export interface PerLeadFigures {
  cells: Cell[];
  fills: readonly Fill[];
  byFill: Partial<Record<Fill, FillFigures>>;
  /** How the older checkout is named ("ad4a11c of 2026-11-27"), when one ran. */
  before?: string;
  /** What the month held, in words. */
  monthLabel: string;
}

export function renderPerLead({ cells, fills, byFill, before, monthLabel }: PerLeadFigures): string {
  const at32 = (group: Cell["group"], name: string, fill: Fill) => findCell(cells, group, name, 32, fill);
  const stored = (fill: Fill) => (fill === "month" ? monthLabel : "empty");
  const rows: string[] = [];
  for (const fill of fills) {
    const single = at32("baseline", ROW.singleRow, fill);
    if (single)
      rows.push(
        `| pgbench single row | – | ${stored(fill)} | ${spread(spreadOf(single, rps), thousands)} | 1.00× | ${spread(
          spreadOf(single, (run) => run.appCpuMicros),
          whole,
        )} (its client) | ${spread(
          spreadOf(single, (run) => run.dbCpuMicros),
          whole,
        )} | 1.00× | – | – | – |`,
      );
  }
  const paths = [
    { path: "intake (dispatcher off)", rows: [ROW.dispatcherOff, ROW.dispatcherOffBefore] },
    { path: "whole pipeline (dispatcher on)", rows: [ROW.fresh, ROW.before] },
  ];
  for (const {
    path,
    rows: [mine, theirs],
  } of paths)
    for (const [server, row] of [
      ["this checkout", mine!],
      [`before (${before})`, theirs!],
    ] as const)
      for (const fill of fills) {
        const cell = at32("PostgreSQL", row, fill);
        if (!cell) continue;
        const single = at32("baseline", ROW.singleRow, fill);
        // The paced run and the hand-offs' latency are measured on this checkout's whole-pipeline server.
        const paced = row === ROW.fresh ? byFill[fill] : undefined;
        const latency = speedToLead(paced?.speedToLeadMs ?? []);
        const figures = [
          spread(spreadOf(cell, rps), thousands),
          spread(ratioOf(cell, single, rps), times),
          spread(
            spreadOf(cell, (run) => run.appCpuMicros),
            whole,
          ),
          spread(
            spreadOf(cell, (run) => run.dbCpuMicros),
            whole,
          ),
          spread(ratioOf(cell, single, cpu), times),
          paced?.paced
            ? spread(
                spreadOf(paced.paced, (run) => run.p99),
                millis,
              )
            : "–",
          spread(
            spreadOf(cell, (run) => run.rssBytes / 1e6),
            whole,
          ),
          paced ? whole(latency.p99) : "–",
        ];
        rows.push(`| ${path} | ${server} | ${stored(fill)} | ${figures.join(" | ")} |`);
      }
  return [
    "| path | server | stored before the run | req/s | × pgbench | server CPU µs/lead | PostgreSQL CPU µs/lead | CPU × pgbench's per row | p99 at ½ peak ms | RSS under load MB | speed to lead p99 ms |",
    "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows,
  ].join("\n");
}
