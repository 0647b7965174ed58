// A cell is one row of the table: one load at one connection count, measured several times. A scenario
// is data (a BENCH_MODE of wrk/lead.lua and the statuses its warm-up must show); a different kind of
// measurement is another cell constructor.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { type LoadResult, type LoadWindow, type PgbenchScript, runPgbench, runWrk } from "./load.ts";
import { cpuSnapshot, sampleRss } from "./probes.ts";
import type { Service } from "./services.ts";

export interface Scenario {
  /** wrk/lead.lua's BENCH_MODE. */
  name: "fresh" | "replay" | "external" | "partner" | "validation";
  /** What is wrong with a warm-up's counts, or undefined when it looks right. */
  check(counts: LoadResult): string | undefined;
  /** Share of responses >= 400 expected in a measured run (validation failures answer 422). */
  expectedErrorShare: number;
  /** Keys or external ids the scenario cycles through in a run of `seconds` (wrk/lead.lua's BENCH_POOL_SIZE). */
  poolSize(seconds: number): number;
}

/** Replay keys cycle through this many values per server. */
const KEY_POOL = 100;
/** The fastest repeats of an external id a run is sized for (the intake's fresh leads run at about 4,300 req/s). */
const EXTERNAL_MAX_RPS = 4_000;
/**
 * External ids are new each wrk run and each posted once per pool of requests. The intake answers 429 past 60
 * repeats of a lead an hour (REPEATS_PER_LEAD_PER_HOUR), so the pool is sized for 50 posts of an id in a run
 * at EXTERNAL_MAX_RPS (400 ids for a 5 s run); at 500 req/s a sixth of the posts create a lead, the rest merge.
 */
const externalPool = (seconds: number) => Math.max(KEY_POOL, Math.ceil((seconds * EXTERNAL_MAX_RPS) / 50));

function unexpected({ statuses }: LoadResult, allowed: number[]): string | undefined {
  const others = Object.entries(statuses).filter(([status]) => !allowed.includes(Number(status)));
  return others.length > 0 ? `unexpected statuses ${JSON.stringify(Object.fromEntries(others))}` : undefined;
}
const total = (counts: LoadResult) => Object.values(counts.statuses).reduce((sum, count) => sum + count, 0);
const atMostPool = (count: number, what: string) =>
  count > KEY_POOL ? `${count} ${what}, pool is ${KEY_POOL}` : undefined;

export const SCENARIOS: Scenario[] = [
  // Fresh leads with consent: every one created.
  {
    name: "fresh",
    check: (c) => unexpected(c, [201]) ?? (c.replayed > 0 ? `${c.replayed} replays` : undefined),
    expectedErrorShare: 0,
    poolSize: () => KEY_POOL,
  },
  // Same key, same payload: only the first request per key is answered afresh (a replay keeps its status).
  {
    name: "replay",
    check: (c) => unexpected(c, [200, 201]) ?? atMostPool(total(c) - c.replayed, "not replayed"),
    expectedErrorShare: 0,
    poolSize: () => KEY_POOL,
  },
  // Same platform + external id, a new key: merged into the lead, at most one created per id; a 429 (the
  // lead's repeats per hour used up) is a wrong pool, not the intake's speed.
  {
    name: "external",
    check: (c) => unexpected(c, [200, 201]),
    expectedErrorShare: 0,
    poolSize: externalPool,
  },
  // What a partner posts: an Idempotency-Key header, its own external id; every lead posted again later
  // with a changed price (a merge, 200): as many created as merged, none a replay.
  {
    name: "partner",
    check: (c) =>
      unexpected(c, [200, 201]) ??
      (c.replayed > 0 ? `${c.replayed} replays` : undefined) ??
      ((c.statuses[200] ?? 0) > (c.statuses[201] ?? 0) ? "more merged than created" : undefined),
    expectedErrorShare: 0,
    poolSize: () => KEY_POOL,
  },
  // Partial consent: 422.
  { name: "validation", check: (c) => unexpected(c, [422]), expectedErrorShare: 1, poolSize: () => KEY_POOL },
];

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  /** Peak VmRSS of the process under test; NaN when there is none (pgbench). */
  rssBytes: number;
  /** CPU µs per request of the process under test (PGlite: includes its database; pgbench: its client). */
  appCpuMicros: number;
  /** CPU µs per request of the whole PostgreSQL cluster; NaN for cells that do not use it. */
  dbCpuMicros: number;
  /** Cores used meanwhile by processes that are neither the bench's nor the cluster's. */
  otherCores: number;
}

/** What the database held before the bench's own leads: nothing, or a month of one account (month-database.ts). */
export type Fill = "empty" | "month";
export const FILLS: readonly Fill[] = ["empty", "month"];

export interface Cell {
  group: "baseline" | "PostgreSQL" | "PGlite";
  fill: Fill;
  /** The row's name: a scenario, a baseline, "fresh, before", … */
  name: string;
  connections: number;
  /** The process whose memory and CPU are sampled, when there is one. */
  pid?: number;
  /** The postmaster when the cell's work lands on the PostgreSQL cluster (its CPU is then counted). */
  postmasterPid?: number;
  expectedErrorShare: number;
  /** `delayMs`: per-connection think time, for paced runs; `countStatuses` for warm-ups. */
  run(
    seconds: number,
    extra?: { delayMs?: number; countStatuses?: boolean },
  ): Promise<LoadResult & { window?: LoadWindow }>;
  check?(counts: LoadResult): string | undefined;
  /** Waits for the work a run leaves behind (hand-offs still being delivered), which its CPU includes. */
  settle?(): Promise<void>;
  runs: Measurement[];
  warnings: string[];
}

let invocation = 0;

/** A scenario of wrk/lead.lua against an HTTP service (the server or an HTTP baseline). */
export function wrkCell(
  cell: Pick<Cell, "group" | "fill" | "connections" | "postmasterPid" | "settle"> & { name?: string },
  service: Service,
  scenario: Scenario,
  context: { runId: string; consentAt: string; token?: string },
): Cell {
  return {
    ...cell,
    name: cell.name ?? scenario.name,
    pid: service.pid,
    expectedErrorShare: scenario.expectedErrorShare,
    check: scenario.check,
    runs: [],
    warnings: [],
    run(seconds, extra = {}) {
      invocation += 1;
      return runWrk(`${service.baseUrl}${LEAD_INTAKE_PATH}`, cell.connections, seconds, {
        BENCH_MODE: scenario.name,
        BENCH_TOKEN: context.token ?? "",
        BENCH_NONCE: `${context.runId}-${invocation}`,
        BENCH_POOL: `${context.runId}-${service.name}`,
        BENCH_POOL_SIZE: String(scenario.poolSize(seconds)),
        BENCH_CONSENT_AT: context.consentAt,
        ...(extra.countStatuses ? { BENCH_COUNT_STATUS: "1" } : {}),
        ...(extra.delayMs !== undefined ? { BENCH_DELAY_MS: String(extra.delayMs) } : {}),
      });
    },
  };
}

/** A pgbench script (the single-row floor) at one client count; its client's CPU is the "app" CPU. */
export const pgbenchCell = (
  name: string,
  url: string,
  script: PgbenchScript,
  connections: number,
  postmasterPid: number,
  fill: Fill = "empty",
): Cell => ({
  ...{
    group: "baseline",
    fill,
    name,
    connections,
    postmasterPid,
    expectedErrorShare: 0,
    runs: [],
    warnings: [],
  },
  run: (seconds) => runPgbench(url, script, connections, seconds, (pid) => cpuSnapshot(pid, postmasterPid)),
});

export const describeCell = (cell: Cell) =>
  `${cell.group}${cell.fill === "month" ? " (month)" : ""} ${cell.name} @${cell.connections}`;

/** A warm-up before a cell's first run; it also checks that the scenario does what it says. */
export async function warmUp(cell: Cell, seconds: number): Promise<void> {
  const problem = cell.check?.(await cell.run(seconds, { countStatuses: true }));
  await cell.settle?.();
  if (problem) {
    cell.warnings.push(`warm-up: ${problem}`);
    console.warn(`  ! ${describeCell(cell)} warm-up: ${problem}`);
  }
}

/**
 * One measured run: peak RSS meanwhile, CPU per request of the process and of the cluster (over the
 * run and the hand-offs it left, or over pgbench's steady window), others' CPU, errors flagged.
 */
export async function measure(cell: Cell, seconds: number, delayMs?: number): Promise<Measurement> {
  const sampler = cell.pid ? sampleRss(cell.pid) : undefined;
  const before = cpuSnapshot(cell.pid, cell.postmasterPid);
  const result = await cell.run(seconds, { delayMs });
  await cell.settle?.();
  const { requests, first, last } = result.window ?? {
    ...{ requests: result.requests, first: before },
    last: cpuSnapshot(cell.pid, cell.postmasterPid),
  };
  const perRequest = (key: "app" | "db") => (last[key] - first[key]) / Math.max(1, requests);
  if (result.socketErrors > 0) cell.warnings.push(`${result.socketErrors} socket errors/timeouts in one run`);
  if (result.requests === 0) cell.warnings.push("no request completed in one run");
  const errorShare = result.errorResponses / Math.max(1, result.requests);
  const expected = cell.expectedErrorShare;
  const wrongAnswers = Math.abs(errorShare - expected) > 0.02;
  if (wrongAnswers)
    cell.warnings.push(`${(errorShare * 100).toFixed(1)} % responses ≥ 400, expected ${expected * 100} %`);
  const measurement = {
    requestsPerSecond: result.requestsPerSecond,
    ...result.latencyMs,
    rssBytes: sampler ? sampler.stop() : Number.NaN,
    appCpuMicros: perRequest("app"),
    dbCpuMicros: perRequest("db"),
    otherCores: (last.others - first.others) / ((last.at - first.at) * 1000),
  };
  // A run answered otherwise than its scenario says (429s where merges were due) measured something else: its
  // figures are withheld from the table, the warning says why.
  if (wrongAnswers && expected === 0) cell.warnings.push("that run's figures withheld");
  else cell.runs.push(measurement);
  const round = (value: number) => (Number.isFinite(value) ? Math.round(value) : "–");
  console.log(
    `${describeCell(cell)}: ${round(result.requestsPerSecond)} req/s, p99 ${result.latencyMs.p99.toFixed(2)} ms, RSS ${round(measurement.rssBytes / 1024 ** 2)} MiB, CPU/req ${round(measurement.appCpuMicros)} + ${round(measurement.dbCpuMicros)} µs, others ${measurement.otherCores.toFixed(2)} cores`,
  );
  return measurement;
}

/**
 * The think time per connection that makes `cell` run at about `targetRps` (Debian's wrk has no rate
 * flag; lead.lua's delay() waits it). A cycle is think time + response time, so two probes calibrate it.
 */
export async function calibratePacing(cell: Cell, targetRps: number, probeSeconds: number): Promise<number> {
  const cycleMs = (cell.connections * 1000) / targetRps;
  let delayMs = cycleMs;
  for (let probe = 0; probe < 2; probe += 1) {
    const result = await cell.run(probeSeconds, { delayMs });
    const responseMs = Math.max(0, (cell.connections * 1000) / result.requestsPerSecond - delayMs);
    delayMs = Math.max(0, cycleMs - responseMs);
  }
  return delayMs;
}
