// The markdown: one table (medians with min–max), ratios to each baseline, the targets, and the SQL
// the ceiling replays. Printed to the console and written to bench/results/<date>.md.
import type { Ceiling } from "./ceiling.ts";
import type { Cell } from "./cells.ts";
import { type Machine, machineLine } from "./machine.ts";
import type { BenchOptions } from "./options.ts";
import { ratio, type Spread } from "./stats.ts";
import { type CellSummary, findCell, medianRps, summarizeCell } from "./summary.ts";
import type { Verdict } from "./targets.ts";

export interface ReportInput {
  machine: Machine;
  options: BenchOptions;
  cells: Cell[];
  verdicts: Verdict[];
  ceiling: Ceiling | undefined;
  startedAt: Date;
  elapsedSeconds: number;
  notes: string[];
}

const thousands = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "–";
const millis = (value: number) =>
  Number.isFinite(value) ? (value < 10 ? value.toFixed(2) : value.toFixed(1)) : "–";
const mebibytes = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "–");
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "–");

/** Medians only: the spread of these is in the raw runs; "app + db", "–" for a side not measured. */
function cpuPerRequest(summary: CellSummary): string {
  const micros = (value: Spread) => (value.runs > 0 ? Math.round(value.median).toString() : "–");
  return `${micros(summary.appCpuMicros)} + ${micros(summary.dbCpuMicros)}`;
}

/** "median (min–max)", or just the median for a single run. */
function spread(value: Spread, format: (value: number) => string): string {
  if (value.runs === 0) return "–";
  if (value.runs === 1 || value.min === value.max) return format(value.median);
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

const BASELINE_LABELS: Record<string, string> = {
  pgbench: "pgbench ceiling",
  "bun-serve": "Bun.serve 201",
  fastify: "Fastify 5 + pg",
};

function rowLabel(cell: Cell): [string, string] {
  if (cell.group === "baseline") return ["baseline", BASELINE_LABELS[cell.name] ?? cell.name];
  return [cell.group, cell.name];
}

export function renderTable(cells: Cell[]): string {
  const header = [
    "| database | scenario | conns | req/s | p50 ms | p99 ms | p99.9 ms | RSS MiB | CPU µs/req app + db | × pgbench | × Bun.serve | × Fastify |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  // Grouped as measured (baselines, then each database, scenario by scenario), connections ascending.
  const firstSeen = (cell: Cell) =>
    cells.findIndex((other) => other.group === cell.group && other.name === cell.name);
  const ordered = [...cells].sort((a, b) => firstSeen(a) - firstSeen(b) || a.connections - b.connections);
  const rows = ordered.map((cell) => {
    const summary = summarizeCell(cell);
    const own = summary.requestsPerSecond.median;
    const against = (name: string) =>
      cell.group === "baseline" || cell.name.includes("paced")
        ? "–"
        : times(ratio(own, medianRps(findCell(cells, "baseline", name, cell.connections))));
    const [database, scenario] = rowLabel(cell);
    return `| ${database} | ${scenario} | ${cell.connections} | ${spread(summary.requestsPerSecond, thousands)} | ${spread(summary.p50, millis)} | ${spread(summary.p99, millis)} | ${spread(summary.p999, millis)} | ${spread(summary.rssMiB, mebibytes)} | ${cpuPerRequest(summary)} | ${against("pgbench")} | ${against("bun-serve")} | ${against("fastify")} |`;
  });
  return [...header, ...rows].join("\n");
}

export function renderVerdicts(verdicts: Verdict[]): string {
  const mark = (met: boolean | undefined) => (met === undefined ? "—" : met ? "met" : "**not met**");
  return [
    "| target | measured | verdict |",
    "|---|---|---|",
    ...verdicts.map((verdict) => `| ${verdict.target} | ${verdict.measured} | ${mark(verdict.met)} |`),
  ].join("\n");
}

function renderCeiling(ceiling: Ceiling): string {
  const defines = Object.entries(ceiling.script.defines)
    .map(([name, value]) => `-D ${name}=${value.length > 160 ? `${value.slice(0, 157)}…` : value}`)
    .join("\n");
  return [
    "### The SQL the server issues for one fresh lead (captured with log_statement=all)",
    "",
    "pgbench script (`--protocol=prepared`; `:pN` are the captured parameter values):",
    "",
    "```sql",
    ceiling.script.text.trimEnd(),
    "```",
    "",
    "<details><summary>parameter values</summary>",
    "",
    "```",
    defines,
    "```",
    "",
    "</details>",
    "",
    ...ceiling.script.notes.map((note) => `- ${note}`),
    ...(ceiling.background.length > 0
      ? [
          "",
          "Other statements seen during the capture (not replayed):",
          "",
          "```sql",
          ...ceiling.background.map((s) => `${s.sql};`),
          "```",
        ]
      : []),
  ].join("\n");
}

export function renderReport(input: ReportInput): string {
  const { options } = input;
  const warnings = input.cells.flatMap((cell) =>
    cell.warnings.map((warning) => `- ${rowLabel(cell).join(" ")} @${cell.connections}: ${warning}`),
  );
  return [
    `# Intake benchmark — ${input.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machineLine(input.machine)}`,
    "",
    `Settings: ${options.runs} run(s) per cell × ${options.durationSeconds} s (after ${options.warmupSeconds} s warm-up), wrk -t${options.wrkThreads}, server pool ${options.poolSize}, dispatcher ${options.dispatcher ? "on" : "off"}, PostgreSQL fsync=on synchronous_commit=on. Figures: median (min–max). Total ${Math.round(input.elapsedSeconds)} s.`,
    "",
    renderTable(input.cells),
    "",
    "## Targets",
    "",
    renderVerdicts(input.verdicts),
    ...(input.notes.length > 0 ? ["", "## Notes", "", ...input.notes.map((note) => `- ${note}`)] : []),
    ...(warnings.length > 0 ? ["", "## Warnings", "", ...warnings] : []),
    ...(input.ceiling ? ["", renderCeiling(input.ceiling)] : []),
    "",
  ].join("\n");
}
