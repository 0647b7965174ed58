// The intake's speed targets, checked against the medians of this run. Verdicts are computed; the reasons
// behind a miss are analysed in bench/README.md.
import type { Cell } from "./cells.ts";
import type { Pacing } from "./paced.ts";
import { ratio } from "./stats.ts";
import { findCell, medianRps, summarizeCell } from "./summary.ts";

export interface Verdict {
  target: string;
  measured: string;
  /** undefined: not measured in this run, or a figure to document rather than meet. */
  met: boolean | undefined;
}

export interface TargetInput {
  cells: Cell[];
  paced: { cell: Cell; pacing: Pacing; peakRps: number } | undefined;
  durability: { fsync: string; synchronousCommit: string } | undefined;
  poolSize: number;
}

const TARGET_CONNECTIONS = 32;
const MiB = 1024 ** 2;
const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const rps = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "–");

function atLeast(value: number, floor: number): boolean | undefined {
  return Number.isFinite(value) ? value >= floor : undefined;
}

export function evaluateTargets(input: TargetInput): Verdict[] {
  const { cells } = input;
  const fresh = medianRps(findCell(cells, "PostgreSQL", "fresh", TARGET_CONNECTIONS));
  const ceiling = medianRps(findCell(cells, "baseline", "pgbench", TARGET_CONNECTIONS));
  const fastify = medianRps(findCell(cells, "baseline", "fastify", TARGET_CONNECTIONS));
  const replay = medianRps(findCell(cells, "PostgreSQL", "replay", TARGET_CONNECTIONS));
  const verdicts: Verdict[] = [];

  const compared = (value: number, text: string) =>
    Number.isFinite(value) ? text : `not measured (needs ${TARGET_CONNECTIONS} connections and both rows)`;
  const toCeiling = ratio(fresh, ceiling);
  verdicts.push({
    target: "fresh leads on PostgreSQL ≥ 0.6× the pgbench ceiling at 32 connections",
    measured: compared(toCeiling, `${fmt(toCeiling)}× (${rps(fresh)} vs ${rps(ceiling)} req/s)`),
    met: atLeast(toCeiling, 0.6),
  });
  const poolCeiling = medianRps(findCell(cells, "baseline", "pgbench", input.poolSize));
  if (Number.isFinite(poolCeiling) && input.poolSize !== TARGET_CONNECTIONS) {
    const toPoolCeiling = ratio(fresh, poolCeiling);
    verdicts.push({
      target: `(context) fresh leads at 32 connections vs pgbench at the server's pool size (${input.poolSize} clients)`,
      measured: compared(
        toPoolCeiling,
        `${fmt(toPoolCeiling)}× (${rps(fresh)} vs ${rps(poolCeiling)} req/s)`,
      ),
      met: undefined,
    });
  }
  const toFastify = ratio(fresh, fastify);
  verdicts.push({
    target: "fresh leads on PostgreSQL ≥ 1.0× Fastify 5 + pg at 32 connections",
    measured: compared(toFastify, `${fmt(toFastify)}× (${rps(fresh)} vs ${rps(fastify)} req/s)`),
    met: atLeast(toFastify, 1.0),
  });
  const toFresh = ratio(replay, fresh);
  verdicts.push({
    target: "replays ≥ 1.5× fresh-lead throughput (PostgreSQL, 32 connections)",
    measured: compared(toFresh, `${fmt(toFresh)}× (${rps(replay)} vs ${rps(fresh)} req/s)`),
    met: atLeast(toFresh, 1.5),
  });

  if (input.paced) {
    const summary = summarizeCell(input.paced.cell);
    verdicts.push({
      target: "p99 ≤ 5 ms at half of the peak throughput (fresh leads, PostgreSQL)",
      measured: `p99 ${fmt(summary.p99.median)} ms at ${rps(summary.requestsPerSecond.median)} req/s (peak ${rps(input.paced.peakRps)}, ${input.paced.cell.connections} connections)`,
      met: Number.isFinite(summary.p99.median) ? summary.p99.median <= 5 : undefined,
    });
  } else {
    verdicts.push({
      target: "p99 ≤ 5 ms at half of the peak throughput",
      measured: "not run",
      met: undefined,
    });
  }

  const peakRss = (group: Cell["group"]) =>
    Math.max(
      ...cells
        .filter((cell) => cell.group === group)
        .flatMap((cell) => cell.runs.map((run) => run.rssBytes))
        .filter(Number.isFinite),
    );
  const postgresRss = peakRss("PostgreSQL");
  verdicts.push({
    target: "server RSS ≤ 100 MB under load on PostgreSQL (peak of every run)",
    measured: Number.isFinite(postgresRss) ? `${fmt(postgresRss / MiB, 0)} MiB` : "not run",
    met: Number.isFinite(postgresRss) ? postgresRss <= 100 * MiB : undefined,
  });
  const pgliteRss = peakRss("PGlite");
  verdicts.push({
    target: "server RSS on PGlite: documented (embedded dev default)",
    measured: Number.isFinite(pgliteRss) ? `${fmt(pgliteRss / MiB, 0)} MiB` : "not run",
    met: undefined,
  });
  verdicts.push({
    target: "synchronous_commit=on and fsync=on (an acknowledged lead survives a crash)",
    measured: input.durability
      ? `fsync=${input.durability.fsync}, synchronous_commit=${input.durability.synchronousCommit}`
      : "not checked",
    met: input.durability
      ? input.durability.fsync === "on" && input.durability.synchronousCommit === "on"
      : undefined,
  });
  verdicts.push({
    target: "small pool per process (2–4 connections)",
    measured: `DATABASE_POOL_SIZE=${input.poolSize}`,
    met: input.poolSize >= 2 && input.poolSize <= 4,
  });
  return verdicts;
}
