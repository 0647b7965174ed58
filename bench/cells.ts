// A cell is one row of the table: something to load at one connection count, measured several
// times. New kinds of measurement (hand-off latency, say) plug in as another cell constructor.
import type { Ceiling } from "./ceiling.ts";
import { INTAKE_PATH } from "./lead-server.ts";
import { runPgbench } from "./pgbench.ts";
import type { Service } from "./processes.ts";
import type { Scenario, StatusCounts } from "./scenarios.ts";
import { type LoadResult, runWrk } from "./wrk.ts";

export type Group = "baseline" | "PostgreSQL" | "PGlite";

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  /** Peak VmRSS of the process under test during the run; NaN when there is none (pgbench). */
  rssBytes: number;
  /** CPU µs per request of the process under test (PGlite: includes its database). */
  appCpuMicros: number;
  /** CPU µs per request of the whole PostgreSQL cluster; NaN for cells that do not use it. */
  dbCpuMicros: number;
  requests: number;
  socketErrors: number;
  errorResponses: number;
}

export interface RunOptions {
  durationSeconds: number;
  /** Warm-up runs count statuses, so the scenario can be checked before it is measured. */
  countStatuses: boolean;
  /** Per-connection think time (ms), for paced runs. */
  delayMs?: number;
}

export interface Cell {
  group: Group;
  /** Scenario or baseline name: "fresh", "pgbench", … */
  name: string;
  title: string;
  connections: number;
  /** The process whose memory and CPU are sampled, when there is one. */
  pid?: number;
  /** Whether the cell's work lands on the PostgreSQL cluster (its CPU is then counted). */
  usesPostgres: boolean;
  expectedErrorShare: number;
  run(options: RunOptions): Promise<LoadResult>;
  checkStatuses?(counts: StatusCounts): string | undefined;
  runs: Measurement[];
  warnings: string[];
}

export interface WrkCellContext {
  /** Unique per bench invocation: prefixes every key so runs never collide. */
  runId: string;
  consentAt: string;
  poolSize: number;
  wrkThreads: number;
}

let invocation = 0;

/** A scenario of wrk/lead.lua against an HTTP service (the server or an HTTP baseline). */
export function wrkCell(
  group: Group,
  usesPostgres: boolean,
  service: Service,
  scenario: Scenario,
  connections: number,
  context: WrkCellContext,
  token?: string,
  label?: { name: string; title: string },
): Cell {
  return {
    group,
    name: label?.name ?? scenario.name,
    title: label?.title ?? scenario.title,
    connections,
    pid: service.pid,
    usesPostgres,
    expectedErrorShare: scenario.expectedErrorShare,
    checkStatuses: (counts) => scenario.check(counts, context.poolSize),
    runs: [],
    warnings: [],
    run(options) {
      invocation += 1;
      return runWrk({
        url: `${service.baseUrl}${INTAKE_PATH}`,
        connections,
        durationSeconds: options.durationSeconds,
        threads: context.wrkThreads,
        env: {
          BENCH_MODE: scenario.luaMode,
          BENCH_TOKEN: token ?? "",
          BENCH_NONCE: `${context.runId}-${invocation}`,
          BENCH_POOL: `${context.runId}-${service.name}`,
          BENCH_POOL_SIZE: String(context.poolSize),
          BENCH_CONSENT_AT: context.consentAt,
          ...(options.countStatuses ? { BENCH_COUNT_STATUS: "1" } : {}),
          ...(options.delayMs !== undefined ? { BENCH_DELAY_MS: String(options.delayMs) } : {}),
        },
      });
    },
  };
}

/** The database ceiling at one client count. */
export function pgbenchCell(ceiling: Ceiling, connections: number): Cell {
  return {
    group: "baseline",
    name: "pgbench",
    title: "database ceiling: pgbench, the server's SQL for one fresh lead",
    connections,
    usesPostgres: true,
    expectedErrorShare: 0,
    runs: [],
    warnings: [],
    run: (options) =>
      runPgbench({
        databaseUrl: ceiling.databaseUrl,
        script: ceiling.script.text,
        defines: ceiling.script.defines,
        clients: connections,
        durationSeconds: options.durationSeconds,
      }),
  };
}
