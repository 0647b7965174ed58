// The markdown of a run: one table (medians with min–max), ratios to each baseline, the targets
// checked against this run's medians, and the SQL the ceiling replays.
import type { Ceiling } from "./ceiling.ts";
import type { Cell, Measurement } from "./cells.ts";
import { ratio, type Spread, summarize } from "./stats.ts";

const spreadOf = (cell: Cell | undefined, value: (run: Measurement) => number) =>
  summarize((cell?.runs ?? []).map(value));

export const findCell = (cells: Cell[], group: Cell["group"], name: string, connections: number) =>
  cells.find((cell) => cell.group === group && cell.name === name && cell.connections === connections);

/** Median throughput of a cell, NaN when it was not measured. */
export const medianRps = (cell: Cell | undefined) => spreadOf(cell, (run) => run.requestsPerSecond).median;

const finite = (format: (value: number) => string) => (value: number) =>
  Number.isFinite(value) ? format(value) : "–";
const thousands = finite((value) => Math.round(value).toLocaleString("en-US"));
const millis = finite((value) => value.toFixed(value < 10 ? 2 : 1));
const whole = finite((value) => value.toFixed(0));
const times = finite((value) => `${value.toFixed(2)}×`);

/** "median (min–max)", or the median alone for a single run. */
function spread(value: Spread, format: (value: number) => string): string {
  if (value.runs === 0) return "–";
  if (value.min === value.max) return format(value.median);
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

const LABELS: Record<string, string> = {
  pgbench: "pgbench ceiling",
  "bun-serve": "Bun.serve 201",
  fastify: "Fastify 5 + pg",
};

export function renderTable(cells: Cell[]): string {
  // Grouped as measured (baselines, then each database, scenario by scenario), connections ascending.
  const firstSeen = (cell: Cell) =>
    cells.findIndex((other) => other.group === cell.group && other.name === cell.name);
  const rows = [...cells]
    .sort((a, b) => firstSeen(a) - firstSeen(b) || a.connections - b.connections)
    .map((cell) => {
      const of = (value: (run: Measurement) => number) => spreadOf(cell, value);
      const against = (name: string) =>
        cell.group === "baseline" || cell.name.includes("paced")
          ? "–"
          : times(ratio(medianRps(cell), medianRps(findCell(cells, "baseline", name, cell.connections))));
      const cpu = `${whole(of((run) => run.appCpuMicros).median)} + ${whole(of((run) => run.dbCpuMicros).median)}`;
      return `| ${cell.group} | ${LABELS[cell.name] ?? cell.name} | ${cell.connections} | ${[
        spread(
          of((run) => run.requestsPerSecond),
          thousands,
        ),
        spread(
          of((run) => run.p50),
          millis,
        ),
        spread(
          of((run) => run.p99),
          millis,
        ),
        spread(
          of((run) => run.p999),
          millis,
        ),
        spread(
          of((run) => run.rssBytes / 1024 ** 2),
          whole,
        ),
        cpu,
        ...["pgbench", "bun-serve", "fastify"].map(against),
      ].join(" | ")} |`;
    });
  return [
    "| database | scenario | conns | req/s | p50 ms | p99 ms | p99.9 ms | RSS MiB | CPU µs/req app + db | × pgbench | × Bun.serve | × Fastify |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows,
  ].join("\n");
}

/** The intake's speed targets at 32 connections; a verdict is undefined when not measured in this run. */
export function renderTargets(cells: Cell[], paced: Cell | undefined, poolSize: number): string {
  const rps = (group: Cell["group"], name: string, connections = 32) =>
    medianRps(findCell(cells, group, name, connections));
  const fresh = rps("PostgreSQL", "fresh");
  const rows: [string, string, boolean | undefined][] = [];
  const compare = (target: string, value: number, other: number, floor?: number) => {
    const share = ratio(value, other);
    const measured = Number.isFinite(share)
      ? `${share.toFixed(2)}× (${thousands(value)} vs ${thousands(other)} req/s)`
      : "not measured (needs 32 connections and both rows)";
    rows.push([
      target,
      measured,
      floor === undefined || !Number.isFinite(share) ? undefined : share >= floor,
    ]);
  };
  compare("fresh leads on PostgreSQL ≥ 0.6× the pgbench ceiling", fresh, rps("baseline", "pgbench"), 0.6);
  compare(
    `(context) fresh leads vs pgbench at the server's pool size (${poolSize} clients)`,
    fresh,
    rps("baseline", "pgbench", poolSize),
  );
  compare("fresh leads on PostgreSQL ≥ 1.0× Fastify 5 + pg", fresh, rps("baseline", "fastify"), 1.0);
  compare("replays ≥ 1.5× fresh-lead throughput (PostgreSQL)", rps("PostgreSQL", "replay"), fresh, 1.5);
  const p99 = spreadOf(paced, (run) => run.p99).median;
  rows.push([
    "p99 ≤ 5 ms at half of the peak throughput (fresh leads, PostgreSQL)",
    paced ? `p99 ${millis(p99)} ms at ${thousands(medianRps(paced))} req/s` : "not run",
    Number.isFinite(p99) ? p99 <= 5 : undefined,
  ]);
  const peakRss = (group: Cell["group"]) =>
    Math.max(
      ...cells
        .filter((cell) => cell.group === group)
        .flatMap((cell) => cell.runs.map((run) => run.rssBytes))
        .filter(Number.isFinite),
    ) /
    1024 ** 2;
  const postgresRss = peakRss("PostgreSQL");
  const rss = (value: number) => (Number.isFinite(value) ? `${whole(value)} MiB` : "not run");
  rows.push([
    "server RSS ≤ 100 MB under load on PostgreSQL (peak of every run)",
    rss(postgresRss),
    Number.isFinite(postgresRss) ? postgresRss <= 100 : undefined,
  ]);
  rows.push(["server RSS on PGlite: documented (embedded dev default)", rss(peakRss("PGlite")), undefined]);
  const mark = (met: boolean | undefined) => (met === undefined ? "—" : met ? "met" : "**not met**");
  return [
    "| target | measured | verdict |",
    "|---|---|---|",
    ...rows.map(([t, m, v]) => `| ${t} | ${m} | ${mark(v)} |`),
  ].join("\n");
}

export function renderCeiling({ script, background }: Ceiling): string {
  const clip = (value: string) => (value.length > 160 ? `${value.slice(0, 157)}…` : value);
  return [
    "## The SQL the server issues for one fresh lead (captured with log_statement=all)",
    "",
    "pgbench script (`--protocol=prepared`; `:pN` are the captured parameter values):",
    "",
    "```sql",
    script.text.trimEnd(),
    "```",
    "",
    "<details><summary>parameter values</summary>",
    "",
    "```",
    ...Object.entries(script.defines).map(([name, value]) => `-D ${name}=${clip(value)}`),
    "```",
    "",
    "</details>",
    "",
    ...script.notes.map((note) => `- ${note}`),
    ...(background.length > 0
      ? [
          "",
          "Other statements seen during the capture (not replayed):",
          "",
          "```sql",
          ...background.map((s) => `${s.sql};`),
          "```",
        ]
      : []),
  ].join("\n");
}
