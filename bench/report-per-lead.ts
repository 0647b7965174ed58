// The report's first table: what each lead costs as a user measures it from outside, at 32 connections, on an
// empty database and on a month's, this checkout beside the older one, against single-row pgbench in the same rounds.
import type { Cell, Fill } from "./cells.ts";
import {
  cpu,
  type Figure,
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
  /** How the older checkout is named ("commit ad4a11c of 2026-11-27"), when one ran. */
  before?: string;
  /** What the month held, in words. */
  monthLabel: string;
}

const serverCpu: Figure = (run) => run.appCpuMicros;
const databaseCpu: Figure = (run) => run.dbCpuMicros;
const p99: Figure = (run) => run.p99;
const rssMb: Figure = (run) => run.rssBytes / 1e6;
const of = (cell: Cell | undefined, figure: Figure, format: (value: number) => string) =>
  spread(spreadOf(cell, figure), format);

/** Each path a user takes, with this checkout's row and the older checkout's beside it. */
const PATHS = [
  {
    path: "intake: a form's post (dispatcher off)",
    mine: ROW.dispatcherOff,
    theirs: ROW.dispatcherOffBefore,
  },
  { path: "whole pipeline: a form's post (dispatcher on)", mine: ROW.fresh, theirs: ROW.before },
  { path: "whole pipeline: a partner's post, ½ of them repeats", mine: ROW.partner, theirs: undefined },
];

export function renderPerLead({ cells, fills, byFill, before, monthLabel }: PerLeadFigures): string {
  const at32 = (group: Cell["group"], name: string, fill: Fill) => findCell(cells, group, name, 32, fill);
  const stored = (fill: Fill) => (fill === "month" ? monthLabel : "empty");
  const rows: string[] = [];
  for (const fill of fills) {
    const single = at32("baseline", ROW.singleRow, fill);
    if (!single) continue;
    const figures = [of(single, rps, thousands), "1.00×", `${of(single, serverCpu, whole)} (its client)`];
    rows.push(
      `| pgbench single row | – | ${stored(fill)} | ${figures.join(" | ")} | ${of(single, databaseCpu, whole)} | 1.00× | – | – | – |`,
    );
  }
  for (const { path, mine, theirs } of PATHS)
    for (const [server, row] of [
      ["this checkout", mine],
      [`before (${before})`, theirs],
    ] as const)
      for (const fill of fills) {
        const cell = row && at32("PostgreSQL", row, fill);
        if (!cell) continue;
        const single = at32("baseline", ROW.singleRow, fill);
        // The paced run and the hand-offs' latency are measured on this checkout's whole-pipeline server.
        const paced = row === ROW.fresh ? byFill[fill] : undefined;
        const figures = [
          of(cell, rps, thousands),
          spread(ratioOf(cell, single, rps), times),
          of(cell, serverCpu, whole),
          of(cell, databaseCpu, whole),
          spread(ratioOf(cell, single, cpu), times),
          paced?.paced ? of(paced.paced, p99, millis) : "–",
          of(cell, rssMb, whole),
          paced ? whole(speedToLead(paced.speedToLeadMs).p99) : "–",
        ];
        rows.push(`| ${path} | ${server} | ${stored(fill)} | ${figures.join(" | ")} |`);
      }
  return [
    "| path | server | stored before the run | req/s | × pgbench | server CPU µs/lead | PostgreSQL CPU µs/lead | CPU × pgbench's per row | p99 at ½ peak ms | RSS under load MB | speed to lead p99 ms |",
    "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows,
  ].join("\n");
}
