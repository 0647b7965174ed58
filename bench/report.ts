// The markdown of a run: one table (medians with min–max over the rounds) with ratios to the single-row
// baseline and to the older checkout, and the goals checked against this run's figures, or withheld.
import type { Cell, Measurement } from "./cells.ts";
import { percentile, ratio, type Spread, summarize } from "./stats.ts";

export const ROW = {
  singleRow: "pgbench single row",
  fresh: "fresh",
  dispatcherOff: "fresh, dispatcher off",
  paced: "fresh, paced ½ peak",
  before: "fresh, before",
  pooled: "fresh, through PgBouncer",
} as const;

type Figure = (run: Measurement) => number;
const rps: Figure = (run) => run.requestsPerSecond;
const cpu: Figure = (run) => run.appCpuMicros + run.dbCpuMicros;
const spreadOf = (cell: Cell | undefined, value: Figure) => summarize((cell?.runs ?? []).map(value));
/** The ratio of two cells' figures round by round (the same round saw the same machine), with its spread. */
const ratioOf = (of: Cell | undefined, to: Cell | undefined, value: Figure) =>
  summarize(
    (of?.runs ?? []).map((run, index) => ratio(value(run), to?.runs[index] ? value(to.runs[index]) : NaN)),
  );

export const findCell = (cells: Cell[], group: Cell["group"], name: string, connections: number) =>
  cells.find((cell) => cell.group === group && cell.name === name && cell.connections === connections);
export const medianRps = (cell: Cell | undefined) => spreadOf(cell, rps).median;

const finite = (format: (value: number) => string) => (value: number) =>
  Number.isFinite(value) ? format(value) : "–";
const thousands = finite((value) => Math.round(value).toLocaleString("en-US"));
const millis = finite((value) => value.toFixed(value < 10 ? 2 : 1));
const whole = finite((value) => value.toFixed(0));
const times = finite((value) => `${value.toFixed(2)}×`);
const MIB = 1024 ** 2;

/** "median (min–max)", or the median alone for a single run. */
export function spread(value: Spread, format: (value: number) => string = millis): string {
  if (value.runs === 0) return "–";
  if (value.min === value.max) return format(value.median);
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

export function renderTable(cells: Cell[]): string {
  // Grouped as measured (baselines, then each database, row by row), connections ascending.
  const firstSeen = (cell: Cell) =>
    cells.findIndex((other) => other.group === cell.group && other.name === cell.name);
  const rows = [...cells]
    .sort((a, b) => firstSeen(a) - firstSeen(b) || a.connections - b.connections)
    .map((cell) => {
      const of = (value: Figure, format: (value: number) => string) => spread(spreadOf(cell, value), format);
      const baseline =
        cell.group === "baseline" ? undefined : findCell(cells, "baseline", ROW.singleRow, cell.connections);
      const before =
        cell.name === ROW.fresh ? findCell(cells, cell.group, ROW.before, cell.connections) : undefined;
      const figures = [
        of(rps, thousands),
        of((run) => run.p50, millis),
        of((run) => run.p99, millis),
        of((run) => run.p999, millis),
        of((run) => run.rssBytes / MIB, whole),
        `${of((run) => run.appCpuMicros, whole)} + ${of((run) => run.dbCpuMicros, whole)}`,
        baseline ? spread(ratioOf(cell, baseline, rps), times) : "–",
        baseline ? spread(ratioOf(cell, baseline, cpu), times) : "–",
        before ? spread(ratioOf(cell, before, rps), times) : "–",
      ];
      return `| ${cell.group} | ${cell.name} | ${cell.connections} | ${figures.join(" | ")} |`;
    });
  return [
    "| database | row | conns | req/s | p50 ms | p99 ms | p99.9 ms | RSS MiB | CPU µs/req app + db | req/s × single row | CPU × single row | req/s × before |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows,
  ].join("\n");
}

export interface GoalFigures {
  cells: Cell[];
  paced?: Cell;
  /** RSS of the whole-pipeline server 5 s after its last load, in bytes. */
  restingRssBytes: number;
  /** received_at → the assistant's receipt during the paced runs, ms. */
  speedToLeadMs: number[];
  /** Why the machine was too busy to judge; empty when it was quiet. */
  busy: string[];
}

/** The goals at 32 connections; a goal whose figure was not measured says so. */
export function renderGoals({ cells, paced, restingRssBytes, speedToLeadMs, busy }: GoalFigures): string {
  const rows: string[] = [];
  const at32 = (group: Cell["group"], name: string) => findCell(cells, group, name, 32);
  const goal = (target: string, value: number, figure: string, met: boolean) => {
    const verdict = busy.length > 0 ? "withheld (busy)" : met ? "met" : "**not met**";
    rows.push(
      `| ${target} | ${Number.isFinite(value) ? figure : "–"} | ${Number.isFinite(value) ? verdict : "not measured"} |`,
    );
  };
  const single = at32("baseline", ROW.singleRow);
  const against = (what: string, cell: Cell | undefined, floor: number, ceiling: number) => {
    const [speed, cost] = [ratioOf(cell, single, rps), ratioOf(cell, single, cpu)];
    const pair = (value: Figure, format: (value: number) => string) =>
      `${spread(spreadOf(cell, value), format)} vs ${spread(spreadOf(single, value), format)}`;
    goal(
      `${what}: req/s ≥ ${floor}× pgbench single row`,
      speed.median,
      `${spread(speed, times)} (${pair(rps, thousands)})`,
      speed.median >= floor,
    );
    goal(
      `${what}: CPU per lead (server + db) ≤ ${ceiling}× pgbench's per row (client + db)`,
      cost.median,
      `${spread(cost, times)} (${pair(cpu, whole)} µs)`,
      cost.median <= ceiling,
    );
  };
  against("intake (fresh, dispatcher off)", at32("PostgreSQL", ROW.dispatcherOff), 1, 1);
  const pipeline = at32("PostgreSQL", ROW.fresh);
  against("whole pipeline (fresh, dispatcher on)", pipeline, 0.6, 1.5);
  const p99 = spreadOf(paced, (run) => run.p99);
  goal(
    "p99 at half of peak ≤ 10 ms",
    p99.median,
    `${spread(p99)} ms at ${thousands(medianRps(paced))} req/s`,
    p99.median <= 10,
  );
  const rss = spreadOf(pipeline, (run) => run.rssBytes / 1e6);
  goal(
    "server RSS under 32 connections ≤ 100 MB (peak per round)",
    rss.max,
    `${spread(rss, whole)} MB`,
    rss.max <= 100,
  );
  goal(
    "server RSS at rest ≤ 70 MB (5 s after its last load)",
    restingRssBytes,
    `${whole(restingRssBytes / 1e6)} MB`,
    restingRssBytes <= 70e6,
  );
  const pglite = at32("PGlite", ROW.fresh);
  const pgliteRss = (pglite?.runs ?? []).map((run) => run.rssBytes / 1e6);
  goal(
    "PGlite: fresh leads and RSS beside PostgreSQL's; RSS bounded (last round's peak ≤ 1.25× the first's)",
    pgliteRss.at(-1) ?? Number.NaN,
    `${spread(spreadOf(pglite, rps), thousands)} req/s, RSS ${pgliteRss.map(whole).join(" → ")} MB`,
    (pgliteRss.at(-1) ?? 0) <= 1.25 * (pgliteRss[0] ?? 0),
  );
  const sorted = [...speedToLeadMs].sort((a, b) => a - b);
  const [p50ms, p99ms] = [percentile(sorted, 50), percentile(sorted, 99)];
  goal(
    "speed to lead at half of peak (received_at → the assistant): p99 ≤ 250 ms",
    p99ms,
    `p50 ${whole(p50ms)} ms, p99 ${whole(p99ms)} ms over ${sorted.length} hand-offs`,
    p99ms <= 250,
  );
  const header = busy.length > 0 ? [`**Verdicts withheld**: ${busy.join("; ")}.`, ""] : [];
  return [
    ...header,
    "| goal | measured: median (min–max) over rounds | verdict |",
    "|---|---|---|",
    ...rows,
  ].join("\n");
}
