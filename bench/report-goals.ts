// The issue's goals at 32 connections, judged on each fill (empty, month) against the single-row baseline on
// the same fill in the same rounds, or withheld when the machine was busy.
import type { Cell, Fill } from "./cells.ts";
import {
  cpu,
  type Figure,
  findCell,
  medianRps,
  ROW,
  ratioOf,
  rps,
  spread,
  spreadOf,
  thousands,
  times,
  whole,
} from "./report.ts";
import { percentile } from "./stats.ts";

/** What was measured beside the rounds for one fill's whole-pipeline server. */
export interface FillFigures {
  /** Its paced run at half of peak. */
  paced?: Cell;
  /** Its RSS 5 s after its last load, in bytes. */
  restingRssBytes: number;
  /** received_at → the assistant's receipt during the paced runs, ms. */
  speedToLeadMs: number[];
}

export interface GoalFigures {
  cells: Cell[];
  fills: readonly Fill[];
  byFill: Partial<Record<Fill, FillFigures>>;
  /** Why the machine was too busy to judge; empty when it was quiet. */
  busy: string[];
}

/** p50 and p99 of the speed to lead, ms. */
export function speedToLead(latenciesMs: number[]): { p50: number; p99: number; count: number } {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
}

interface Judged {
  value: number;
  figure: string;
  met: boolean;
}

/** Each goal as a judgement of one fill's figures. */
function goals(
  cells: Cell[],
  byFill: GoalFigures["byFill"],
): { target: string; judge(fill: Fill): Judged }[] {
  const at32 = (group: Cell["group"], name: string, fill: Fill) => findCell(cells, group, name, 32, fill);
  const against = (what: string, row: string, floor: number, ceiling: number) => {
    const pair = (fill: Fill, value: Figure, format: (value: number) => string) =>
      `${spread(spreadOf(at32("PostgreSQL", row, fill), value), format)} vs ${spread(spreadOf(at32("baseline", ROW.singleRow, fill), value), format)}`;
    const ratio = (fill: Fill, value: Figure) =>
      ratioOf(at32("PostgreSQL", row, fill), at32("baseline", ROW.singleRow, fill), value);
    return [
      {
        target: `${what}: req/s ≥ ${floor}× pgbench single row`,
        judge: (fill: Fill) => {
          const speed = ratio(fill, rps);
          return {
            value: speed.median,
            figure: `${spread(speed, times)} (${pair(fill, rps, thousands)})`,
            met: speed.median >= floor,
          };
        },
      },
      {
        target: `${what}: CPU per lead (server + PostgreSQL) ≤ ${ceiling}× pgbench's per row (client + PostgreSQL)`,
        judge: (fill: Fill) => {
          const cost = ratio(fill, cpu);
          return {
            value: cost.median,
            figure: `${spread(cost, times)} (${pair(fill, cpu, whole)} µs)`,
            met: cost.median <= ceiling,
          };
        },
      },
    ];
  };
  return [
    ...against("intake (fresh, dispatcher off)", ROW.dispatcherOff, 1, 1),
    ...against("whole pipeline (fresh, dispatcher on)", ROW.fresh, 0.6, 1.5),
    {
      target: "p99 at half of peak ≤ 10 ms",
      judge: (fill) => {
        const paced = byFill[fill]?.paced;
        const p99 = spreadOf(paced, (run) => run.p99);
        return {
          value: p99.median,
          figure: `${spread(p99)} ms at ${thousands(medianRps(paced))} req/s`,
          met: p99.median <= 10,
        };
      },
    },
    {
      target: "server RSS under 32 connections ≤ 100 MB (peak per round)",
      judge: (fill) => {
        const rss = spreadOf(at32("PostgreSQL", ROW.fresh, fill), (run) => run.rssBytes / 1e6);
        return { value: rss.max, figure: `${spread(rss, whole)} MB`, met: rss.max <= 100 };
      },
    },
    {
      target: "server RSS at rest ≤ 70 MB (5 s after its last load)",
      judge: (fill) => {
        const resting = byFill[fill]?.restingRssBytes ?? Number.NaN;
        return { value: resting, figure: `${whole(resting / 1e6)} MB`, met: resting <= 70e6 };
      },
    },
    {
      target:
        "PGlite: fresh leads and RSS beside PostgreSQL's; RSS bounded (last round's peak ≤ 1.25× the first's)",
      judge: (fill) => {
        const pglite = at32("PGlite", ROW.fresh, fill);
        const peaks = (pglite?.runs ?? []).map((run) => run.rssBytes / 1e6);
        return {
          value: peaks.at(-1) ?? Number.NaN,
          figure: `${spread(spreadOf(pglite, rps), thousands)} req/s, RSS ${peaks.map(whole).join(" → ")} MB`,
          met: (peaks.at(-1) ?? 0) <= 1.25 * (peaks[0] ?? 0),
        };
      },
    },
    {
      target: "speed to lead at half of peak (received_at → the assistant): p99 ≤ 250 ms",
      judge: (fill) => {
        const { p50, p99, count } = speedToLead(byFill[fill]?.speedToLeadMs ?? []);
        return {
          value: p99,
          figure: `p50 ${whole(p50)} ms, p99 ${whole(p99)} ms over ${count} hand-offs`,
          met: p99 <= 250,
        };
      },
    },
  ];
}

/** One row per goal, a figure and a verdict per fill; a goal whose figure was not measured says so. */
export function renderGoals({ cells, fills, byFill, busy }: GoalFigures): string {
  const verdict = ({ value, met }: Judged) =>
    !Number.isFinite(value)
      ? "not measured"
      : busy.length > 0
        ? "withheld (busy)"
        : met
          ? "met"
          : "**not met**";
  const rows = goals(cells, byFill).map(({ target, judge }) => {
    const columns = fills.map((fill) => {
      const judged = judge(fill);
      return `${Number.isFinite(judged.value) ? judged.figure : "–"} | ${verdict(judged)}`;
    });
    return `| ${target} | ${columns.join(" | ")} |`;
  });
  const header = busy.length > 0 ? [`**Verdicts withheld**: ${busy.join("; ")}.`, ""] : [];
  return [
    ...header,
    `| goal | ${fills.map((fill) => `${fill}: median (min–max) over rounds | verdict`).join(" | ")} |`,
    `|---|${fills.map(() => "---|---|").join("")}`,
    ...rows,
  ].join("\n");
}
