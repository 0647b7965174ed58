// The report's first tables: what each lead costs as a user measures it from outside, at 32 connections, on an
// empty database and on a month's, this checkout beside the older one, against single-row pgbench in the same
// rounds; and the request log's share of it (the same intake with REQUEST_LOG on and off, in the same rounds).
import type { Cell, Fill } from "./cells.ts";
import {
  cpu,
  databaseCpu,
  type Figure,
  findCell,
  millis,
  ROW,
  ratioOf,
  rps,
  serverCpu,
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

/** The log may cost the intake at most this much more CPU per lead (server + PostgreSQL). */
const REQUEST_LOG_CPU_BUDGET = 1.05;

export function renderRequestLogCost(cells: Cell[], fills: readonly Fill[], monthLabel: string): string {
  const rows: string[] = [];
  for (const fill of fills) {
    const on = findCell(cells, "PostgreSQL", ROW.dispatcherOff, 32, fill);
    const off = findCell(cells, "PostgreSQL", ROW.requestLogOff, 32, fill);
    if (!on || !off) continue;
    const cpuOf = (cell: Cell) => `${of(cell, serverCpu, whole)} + ${of(cell, databaseCpu, whole)}`;
    const cpuRatio = ratioOf(on, off, cpu);
    const verdict = cpuRatio.runs === 0 ? "–" : cpuRatio.median <= REQUEST_LOG_CPU_BUDGET ? "within" : "over";
    const figures = [
      of(on, rps, thousands),
      of(off, rps, thousands),
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
