// The markdown of a run: one table (medians with min–max) with ratios to the baselines and to the
// older checkout, the targets checked against this run's medians, and the SQL the ceiling replays.
import type { Ceiling } from "./ceiling.ts";
import type { Cell, Measurement } from "./cells.ts";
import { ratio, type Spread, summarize } from "./stats.ts";

export const ROW = {
  singleRow: "pgbench single row",
  captured: "pgbench captured SQL",
  fastify: "Fastify 5 + pg",
  fresh: "fresh",
  dispatcherOff: "fresh, dispatcher off",
  paced: "fresh, paced ½ peak",
  before: "fresh, before",
  pooled: "fresh, through PgBouncer",
} as const;

const spreadOf = (cell: Cell | undefined, value: (run: Measurement) => number) =>
  summarize((cell?.runs ?? []).map(value));

export const findCell = (cells: Cell[], group: Cell["group"], name: string, connections: number) =>
  cells.find((cell) => cell.group === group && cell.name === name && cell.connections === connections);

/** Median of one figure of a cell, NaN when it was not measured. */
const median = (cell: Cell | undefined, value: (run: Measurement) => number) => spreadOf(cell, value).median;
export const medianRps = (cell: Cell | undefined) => median(cell, (run) => run.requestsPerSecond);

const finite = (format: (value: number) => string) => (value: number) =>
  Number.isFinite(value) ? format(value) : "–";
const thousands = finite((value) => Math.round(value).toLocaleString("en-US"));
const millis = finite((value) => value.toFixed(value < 10 ? 2 : 1));
const whole = finite((value) => value.toFixed(0));
const times = finite((value) => `${value.toFixed(2)}×`);
const MIB = 1024 ** 2;

/** "median (min–max)", or the median alone for a single run. */
function spread(value: Spread, format: (value: number) => string): string {
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
      const of = (value: (run: Measurement) => number, format: (value: number) => string) =>
        spread(spreadOf(cell, value), format);
      const over = (other: Cell | undefined) =>
        cell.group === "baseline" || cell.name === ROW.paced
          ? "–"
          : times(ratio(medianRps(cell), medianRps(other)));
      const baseline = (name: string) => over(findCell(cells, "baseline", name, cell.connections));
      const before =
        cell.name === ROW.fresh ? over(findCell(cells, cell.group, ROW.before, cell.connections)) : "–";
      const cpu = `${whole(median(cell, (run) => run.appCpuMicros))} + ${whole(median(cell, (run) => run.dbCpuMicros))}`;
      const figures = [
        of((run) => run.requestsPerSecond, thousands),
        of((run) => run.p50, millis),
        of((run) => run.p99, millis),
        of((run) => run.p999, millis),
        of((run) => run.rssBytes / MIB, whole),
        cpu,
        baseline(ROW.singleRow),
        baseline(ROW.fastify),
        before,
      ];
      return `| ${cell.group} | ${cell.name} | ${cell.connections} | ${figures.join(" | ")} |`;
    });
  return [
    "| database | row | conns | req/s | p50 ms | p99 ms | p99.9 ms | RSS MiB | CPU µs/req app + db | × single row | × Fastify | × before |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows,
  ].join("\n");
}

/** The intake's targets; a figure not measured in this run (a flag left it out) says so. */
export function renderTargets(cells: Cell[], paced: Cell | undefined): string {
  const rows: string[] = [];
  const at32 = (group: Cell["group"], name: string) => findCell(cells, group, name, 32);
  const row = (target: string, value: number, figure: () => string, met: boolean, stretch = false) =>
    rows.push(
      Number.isFinite(value)
        ? `| ${target} | ${figure()} | ${stretch ? "met (stretch)" : met ? "met" : "**not met**"} |`
        : `| ${target} | – | not measured |`,
    );
  const atLeast = (
    target: string,
    of: Cell | undefined,
    to: Cell | undefined,
    floor: number,
    stretch = 1e9,
  ) => {
    const [a, b] = [medianRps(of), medianRps(to)];
    const share = ratio(a, b);
    row(
      target,
      share,
      () => `${times(share)} (${thousands(a)} vs ${thousands(b)} req/s)`,
      share >= floor,
      share >= stretch,
    );
  };
  const atMost = (target: string, value: number, limit: number, figure: () => string) =>
    row(target, value, figure, value <= limit);
  const fresh = at32("PostgreSQL", ROW.fresh);
  const [pglite, pgliteBefore] = [at32("PGlite", ROW.fresh), at32("PGlite", ROW.before)];
  const rss = (cell: Cell | undefined) => Math.max(...(cell?.runs ?? []).map((run) => run.rssBytes));
  const rss64 = Math.max(
    ...cells
      .filter((c) => c.group === "PostgreSQL" && c.connections === 64 && c.name !== ROW.before)
      .map(rss),
  );
  const [p99, appCpu, dbCpu] = [
    median(paced, (r) => r.p99),
    median(fresh, (r) => r.appCpuMicros),
    median(fresh, (r) => r.dbCpuMicros),
  ];

  atLeast(
    "fresh leads, PostgreSQL, 32 conns ≥ 1.0× Fastify 5 + pg (stretch 1.5×)",
    fresh,
    at32("baseline", ROW.fastify),
    1,
    1.5,
  );
  atLeast(
    "fresh leads, PostgreSQL, 32 conns ≥ 0.5× pgbench single row (stretch 1.0×)",
    fresh,
    at32("baseline", ROW.singleRow),
    0.5,
    1,
  );
  atLeast("replays ≥ 1.5× fresh leads (PostgreSQL, 32 conns)", at32("PostgreSQL", "replay"), fresh, 1.5);
  atMost(
    "p99 ≤ 5 ms at half of peak (fresh leads, PostgreSQL)",
    p99,
    5,
    () => `p99 ${millis(p99)} ms at ${thousands(medianRps(paced))} req/s`,
  );
  atMost(
    "server RSS ≤ 100 MB at 64 conns on PostgreSQL (peak of its runs)",
    rss64 / 1e6,
    100,
    () => `${whole(rss64 / 1e6)} MB`,
  );
  atMost("CPU per fresh lead at 32 conns: server ≤ 120 µs", appCpu, 120, () => `${whole(appCpu)} µs`);
  atMost("CPU per fresh lead at 32 conns: database ≤ 120 µs", dbCpu, 120, () => `${whole(dbCpu)} µs`);
  atLeast("PGlite fresh leads ≥ 2× the older checkout (32 conns, same run)", pglite, pgliteBefore, 2);
  if (pglite)
    rows.push(
      `| PGlite server RSS, reported | ${whole(rss(pglite) / MIB)} MiB (before: ${whole(rss(pgliteBefore) / MIB)} MiB) | – |`,
    );
  return ["| target | measured | verdict |", "|---|---|---|", ...rows].join("\n");
}

export function renderCeiling({ script }: Ceiling): string {
  const clip = (value: string) => (value.length > 160 ? `${value.slice(0, 157)}…` : value);
  const defines = Object.entries(script.defines).map(([name, value]) => `-D ${name}=${clip(value)}`);
  return [
    "## The SQL the server issues for one fresh lead (captured with log_statement=all, dispatcher off)",
    "",
    "pgbench script (`--protocol=prepared`; `:pN` are the captured parameter values):",
    "",
    ...["```sql", script.text.trimEnd(), "```", "", "```", ...defines, "```", ""],
    ...script.notes.map((note) => `- ${note}`),
  ].join("\n");
}
