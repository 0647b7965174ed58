// `bun run bench`: throwaway PostgreSQL (fsync on), the server on PostgreSQL and on PGlite, the three
// baselines, every scenario at every connection count, medians of several runs, one markdown table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  createDatabase,
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from "@speed-to-lead/tests/harness/postgres";
import { startBunServeBaseline, startFastifyBaseline } from "./baselines/services.ts";
import { type Ceiling, prepareCeiling } from "./ceiling.ts";
import { type Cell, type Measurement, pgbenchCell, type WrkCellContext, wrkCell } from "./cells.ts";
import { createChannelToken, serverIsPresent, startLeadServer } from "./lead-server.ts";
import { describeMachine, machineLine } from "./machine.ts";
import { type BenchOptions, parseOptions, USAGE } from "./options.ts";
import { calibratePacing, type Pacing } from "./paced.ts";
import type { Service } from "./processes.ts";
import { renderReport, renderTable, renderVerdicts } from "./report.ts";
import { sampleRss } from "./rss.ts";
import { SCENARIOS, selectScenarios } from "./scenarios.ts";
import { summarize } from "./stats.ts";
import { findCell, medianRps } from "./summary.ts";
import { evaluateTargets } from "./targets.ts";
import { ensureWrk, type LoadResult } from "./wrk.ts";

/** Replay keys and external ids cycle through this many values per server. */
const POOL_SIZE = 100;
/** Issue 7's targets are stated at 32 connections; the paced run uses it when selected. */
const PREFERRED_PACED_CONNECTIONS = 32;

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error("cleanup:", (error as Error).message);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function track(service: Service): Service {
  cleanups.push(() => service.stop());
  return service;
}

function toMeasurement(result: LoadResult, rssBytes: number): Measurement {
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50: result.latencyMs.p50,
    p99: result.latencyMs.p99,
    p999: result.latencyMs.p999,
    rssBytes,
    requests: result.requests,
    socketErrors: result.socketErrors,
    errorResponses: result.errorResponses,
  };
}

function describeCell(cell: Cell): string {
  return `${cell.group === "baseline" ? "baseline" : cell.group} ${cell.name} @${cell.connections}`;
}

/** One measured run: sample the process's memory meanwhile, flag errors the scenario does not expect. */
async function measure(cell: Cell, options: BenchOptions, delayMs?: number): Promise<Measurement> {
  const sampler = cell.pid ? sampleRss(cell.pid) : undefined;
  const result = await cell.run({ durationSeconds: options.durationSeconds, countStatuses: false, delayMs });
  const measurement = toMeasurement(result, sampler ? sampler.stop() : Number.NaN);
  if (result.socketErrors > 0) cell.warnings.push(`${result.socketErrors} socket errors/timeouts in one run`);
  const errorShare = result.errorResponses / Math.max(1, result.requests);
  if (Math.abs(errorShare - cell.expectedErrorShare) > 0.02) {
    cell.warnings.push(
      `${(errorShare * 100).toFixed(1)} % responses ≥ 400, expected ${(cell.expectedErrorShare * 100).toFixed(0)} %`,
    );
  }
  return measurement;
}

async function warmUp(cell: Cell, options: BenchOptions): Promise<void> {
  const result = await cell.run({
    durationSeconds: options.warmupSeconds,
    countStatuses: Boolean(cell.checkStatuses),
  });
  const problem = cell.checkStatuses?.({ statuses: result.statuses, replayed: result.replayed });
  if (problem) {
    cell.warnings.push(`warm-up: ${problem}`);
    console.warn(`  ! ${describeCell(cell)} warm-up: ${problem}`);
  }
}

function progressLine(cell: Cell, measurement: Measurement, index: number, total: number): string {
  const rss = Number.isFinite(measurement.rssBytes)
    ? ` RSS ${Math.round(measurement.rssBytes / 1024 ** 2)} MiB`
    : "";
  return `[${index}/${total}] ${describeCell(cell)}: ${Math.round(measurement.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${measurement.p50.toFixed(2)} ms, p99 ${measurement.p99.toFixed(2)} ms${rss}`;
}

async function durabilitySettings(cluster: PostgresCluster) {
  const sql = new Bun.SQL(cluster.url, { max: 1 });
  try {
    const [fsync] = await sql`SHOW fsync`;
    const [synchronousCommit] = await sql`SHOW synchronous_commit`;
    return { fsync: String(fsync.fsync), synchronousCommit: String(synchronousCommit.synchronous_commit) };
  } finally {
    await sql.close();
  }
}

async function main(): Promise<number> {
  const parsed = parseOptions(process.argv.slice(2));
  if (parsed === "help") {
    console.log(USAGE);
    return 0;
  }
  const options = parsed;
  const startedAt = new Date();
  ensureWrk();
  const machine = describeMachine(findPostgresBin("postgres"));
  console.log(`Machine: ${machineLine(machine)}`);
  const notes: string[] = [];
  const scenarios = selectScenarios(options.scenarios);
  const fresh = SCENARIOS.find((scenario) => scenario.name === "fresh")!;
  const context: WrkCellContext = {
    runId: Date.now().toString(36),
    // In the past on the server's clock, as consent.captured_at must be.
    consentAt: new Date(Date.now() - 60_000).toISOString(),
    poolSize: POOL_SIZE,
    wrkThreads: options.wrkThreads,
  };
  const serverSettings = { dispatcher: options.dispatcher, poolSize: options.poolSize, smol: options.smol };
  const haveServer = serverIsPresent();
  if (!haveServer) {
    notes.push(
      "server/src/main.ts or server/src/cli/main.ts is missing: server rows and the pgbench ceiling were skipped",
    );
    console.warn("! the server is not there yet: measuring the baselines only");
  }

  console.log("Starting PostgreSQL (fsync on, synchronous_commit on)…");
  const cluster = await startPostgresCluster({ fsync: true });
  cleanups.push(() => cluster.stop());
  const durability = await durabilitySettings(cluster);

  const cells: Cell[] = [];
  const perConnection = (make: (connections: number) => Cell) => {
    for (const connections of options.connections) cells.push(make(connections));
  };

  let ceiling: Ceiling | undefined;
  if (options.baselines.some((name) => name.startsWith("pgbench"))) {
    if (haveServer) {
      console.log("Capturing the server's SQL for one fresh lead…");
      try {
        ceiling = await prepareCeiling(cluster.url, serverSettings, context.consentAt);
        const captured = ceiling;
        if (options.baselines.includes("pgbench")) perConnection((c) => pgbenchCell(captured, c));
        if (options.baselines.includes("pgbench-no-triggers"))
          perConnection((c) => pgbenchCell(captured, c, true));
      } catch (error) {
        notes.push(`pgbench ceiling unavailable: ${(error as Error).message.split("\n")[0]}`);
        console.warn(`! pgbench ceiling unavailable: ${(error as Error).message}`);
      }
    }
  }
  if (options.baselines.includes("bun-serve")) {
    const service = track(await startBunServeBaseline());
    perConnection((connections) =>
      wrkCell("baseline", service, fresh, connections, context, undefined, {
        name: "bun-serve",
        title: "HTTP ceiling",
      }),
    );
  }
  if (options.baselines.includes("fastify")) {
    const service = track(await startFastifyBaseline(await createDatabase(cluster.url, "bench_fastify")));
    perConnection((connections) =>
      wrkCell("baseline", service, fresh, connections, context, undefined, {
        name: "fastify",
        title: "Fastify 5 + pg",
      }),
    );
  }

  const servers: { group: "PostgreSQL" | "PGlite"; service: Service; token: string }[] = [];
  if (haveServer && options.databases.includes("postgres")) {
    const databaseUrl = await createDatabase(cluster.url, "bench_server");
    const token = createChannelToken({ databaseUrl });
    const service = track(await startLeadServer("server-postgres", { databaseUrl }, serverSettings));
    servers.push({ group: "PostgreSQL", service, token });
    for (const scenario of scenarios)
      perConnection((c) => wrkCell("PostgreSQL", service, scenario, c, context, token));
  }
  if (haveServer && options.databases.includes("pglite")) {
    const pgliteDir = join(mkdtempSync(join(tmpdir(), "stl-bench-pglite-")), "data");
    cleanups.push(() => rmSync(dirname(pgliteDir), { recursive: true, force: true }));
    // PGlite: one process at a time may open the folder, so the token comes first.
    const token = createChannelToken({ pgliteDir });
    const service = track(await startLeadServer("server-pglite", { pgliteDir }, serverSettings));
    servers.push({ group: "PGlite", service, token });
    for (const scenario of scenarios)
      perConnection((c) => wrkCell("PGlite", service, scenario, c, context, token));
  }

  // Runs outermost: every cell is measured once per round, so slow drift on a shared machine spreads
  // over all cells instead of landing on whichever ran last.
  const total = cells.length * options.runs;
  let index = 0;
  const loads: number[] = [loadavg()[0]!];
  for (let run = 1; run <= options.runs; run += 1) {
    for (const connections of options.connections) {
      for (const cell of cells.filter((candidate) => candidate.connections === connections)) {
        if (run === 1) await warmUp(cell, options);
        const measurement = await measure(cell, options);
        cell.runs.push(measurement);
        loads.push(loadavg()[0]!);
        index += 1;
        console.log(progressLine(cell, measurement, index, total));
      }
    }
  }

  let paced: { cell: Cell; pacing: Pacing; peakRps: number } | undefined;
  if (options.paced) {
    const pacedConnections = options.connections.includes(PREFERRED_PACED_CONNECTIONS)
      ? PREFERRED_PACED_CONNECTIONS
      : options.connections[Math.floor(options.connections.length / 2)]!;
    for (const { group, service, token } of servers) {
      const peakRps = Math.max(
        ...options.connections.map((c) => medianRps(findCell(cells, group, "fresh", c))),
      );
      if (!Number.isFinite(peakRps)) continue;
      const pacedCell = wrkCell(group, service, fresh, pacedConnections, context, token, {
        name: "fresh, paced ½ peak",
        title: "fresh leads at half of the peak rate",
      });
      console.log(
        `Pacing ${group} fresh leads at ${Math.round(peakRps / 2)} req/s (half of ${Math.round(peakRps)})…`,
      );
      const pacing = await calibratePacing(pacedCell, peakRps / 2, options.warmupSeconds);
      for (let run = 1; run <= options.runs; run += 1) {
        const measurement = await measure(pacedCell, options, pacing.delayMs);
        pacedCell.runs.push(measurement);
        console.log(progressLine(pacedCell, measurement, run, options.runs));
      }
      cells.push(pacedCell);
      if (group === "PostgreSQL") paced = { cell: pacedCell, pacing, peakRps };
      notes.push(
        `${group} "fresh, paced ½ peak": ${pacedConnections} connections, think time ${pacing.delayMs.toFixed(2)} ms per connection (wrk has no rate flag), target ${Math.round(pacing.targetRps)} req/s`,
      );
    }
  }

  // The load includes the bench itself (about 2 while a cell runs on 2 cores); much more means other
  // work shared the machine and absolute figures are low, while same-round ratios hold better.
  const loadSummary = summarize(loads);
  notes.push(
    `1-minute load average during the matrix: median ${loadSummary.median.toFixed(1)}, max ${loadSummary.max.toFixed(1)} on ${machine.cpus} CPUs (the bench alone accounts for about 2)`,
  );
  const verdicts = evaluateTargets({ cells, paced, durability, poolSize: options.poolSize });
  const elapsedSeconds = (Date.now() - startedAt.getTime()) / 1000;
  const report = renderReport({
    machine,
    options,
    cells,
    verdicts,
    ceiling,
    startedAt,
    elapsedSeconds,
    notes,
  });
  console.log(`\n${renderTable(cells)}\n\n${renderVerdicts(verdicts)}\n`);
  if (options.output) {
    const path = join(import.meta.dir, options.output);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, report);
    console.log(`Written to ${path}`);
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
