// The run's full table (medians with min–max over the rounds) with ratios to the single-row baseline on the
// same fill and to the older checkout, and the figures and formats the report's other tables share.
import { type Cell, FILLS, type Fill, type Measurement } from "./cells.ts";
import { ratio, type Spread, summarize } from "./stats.ts";

export const ROW = {
  singleRow: "pgbench single row",
  fresh: "fresh",
  partner: "partner",
  dispatcherOff: "fresh, dispatcher off",
  requestLogOff: "fresh, dispatcher off, request log off",
  paced: "fresh, paced ½ peak",
  before: "fresh, before",
  dispatcherOffBefore: "fresh, dispatcher off, before",
  pooled: "fresh, through PgBouncer",
} as const;

/** The older checkout's row measured beside each of this checkout's rows. */
const BEFORE_OF: Record<string, string> = {
  [ROW.fresh]: ROW.before,
  [ROW.dispatcherOff]: ROW.dispatcherOffBefore,
};

export type Figure = (run: Measurement) => number;
export const rps: Figure = (run) => run.requestsPerSecond;
export const cpu: Figure = (run) => run.appCpuMicros + run.dbCpuMicros;
export const serverCpu: Figure = (run) => run.appCpuMicros;
export const databaseCpu: Figure = (run) => run.dbCpuMicros;
export const spreadOf = (cell: Cell | undefined, value: Figure) => summarize((cell?.runs ?? []).map(value));
/** The ratio of two cells' figures round by round (the same round saw the same machine), with its spread. */
export const ratioOf = (of: Cell | undefined, to: Cell | undefined, value: Figure) =>
  summarize(
    (of?.runs ?? []).map((run, index) => ratio(value(run), to?.runs[index] ? value(to.runs[index]) : NaN)),
  );

export const findCell = (
  cells: Cell[],
  group: Cell["group"],
  name: string,
  connections: number,
  fill: Fill = "empty",
) =>
  cells.find(
    (cell) =>
      cell.group === group && cell.name === name && cell.connections === connections && cell.fill === fill,
  );
export const medianRps = (cell: Cell | undefined) => spreadOf(cell, rps).median;

const finite = (format: (value: number) => string) => (value: number) =>
  Number.isFinite(value) ? format(value) : "–";
export const thousands = finite((value) => Math.round(value).toLocaleString("en-US"));
export const millis = finite((value) => value.toFixed(value < 10 ? 2 : 1));
export const whole = finite((value) => value.toFixed(0));
export const times = finite((value) => `${value.toFixed(2)}×`);
const MIB = 1024 ** 2;

/** "median (min–max)", or the median alone for a single run. */
export function spread(value: Spread, format: (value: number) => string = millis): string {
  if (value.runs === 0) return "–";
  // Rounds that differ below the format's precision show one figure.
  if (format(value.min) === format(value.max)) return format(value.median);
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

export function renderTable(cells: Cell[]): string {
  // Grouped as measured (baselines, then each database, row by row), connections ascending.
  const firstSeen = (cell: Cell) =>
    cells.findIndex(
      (other) => other.group === cell.group && other.name === cell.name && other.fill === cell.fill,
    );
  const rows = [...cells]
    .sort(
      (a, b) =>
        FILLS.indexOf(a.fill) - FILLS.indexOf(b.fill) ||
        firstSeen(a) - firstSeen(b) ||
        a.connections - b.connections,
    )
    .map((cell) => {
      const of = (value: Figure, format: (value: number) => string) => spread(spreadOf(cell, value), format);
      const baseline =
        cell.group === "baseline"
          ? undefined
          : findCell(cells, "baseline", ROW.singleRow, cell.connections, cell.fill);
      const beforeRow = BEFORE_OF[cell.name];
      const before = beforeRow && findCell(cells, cell.group, beforeRow, cell.connections, cell.fill);
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
      return `| ${cell.group} | ${cell.fill} | ${cell.name} | ${cell.connections} | ${figures.join(" | ")} |`;
    });
  return [
    "| database | stored | row | conns | req/s | p50 ms | p99 ms | p99.9 ms | RSS MiB | CPU µs/req app + db | req/s × single row | CPU × single row | req/s × before |",
    "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows,
  ].join("\n");
}
