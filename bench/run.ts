// `bun run bench`: throwaway PostgreSQL (fsync on), the server on PostgreSQL and on PGlite, the three
// baselines, every scenario at every connection count, medians of several runs, one markdown table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import {
  createDatabase,
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from "@speed-to-lead/tests/harness/postgres";
import { startBunServeBaseline, startFastifyBaseline } from "./baselines/services.ts";
import { type Ceiling, prepareCeiling } from "./ceiling.ts";
import { type Cell, pgbenchCell, type WrkCellContext, wrkCell } from "./cells.ts";
import { postmasterPid } from "./cpu.ts";
import { createBenchToken, startLeadServer } from "./lead-server.ts";
import { describeMachine, machineLine } from "./machine.ts";
import { measure, progressLine, warmUp } from "./measure.ts";
import { parseOptions, USAGE } from "./options.ts";
import { calibratePacing, type Pacing } from "./paced.ts";
import type { Service } from "./processes.ts";
import { renderReport, renderTable, renderVerdicts } from "./report.ts";
import { SCENARIOS, selectScenarios } from "./scenarios.ts";
import { summarize } from "./stats.ts";
import { findCell, medianRps } from "./summary.ts";
import { evaluateTargets } from "./targets.ts";
import { ensureWrk } from "./wrk.ts";

/** Replay keys and external ids cycle through this many values per server. */
const POOL_SIZE = 100;
/** The targets are stated at 32 connections; the paced run uses it when selected. */
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

async function durabilitySettings(cluster: PostgresCluster) {
  const sql = new Bun.SQL(cluster.url, { max: 1 });
  try {
    const [fsync] = await sql`SHOW fsync`;
    const [synchronousCommit] = await sql`SHOW synchronous_commit`;
    const [dataDirectory] = await sql`SHOW data_directory`;
    return {
      fsync: String(fsync.fsync),
      synchronousCommit: String(synchronousCommit.synchronous_commit),
      postmasterPid: postmasterPid(String(dataDirectory.data_directory)),
    };
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
  const serverSettings = {
    dispatcher: options.dispatcher,
    poolSize: options.poolSize,
    cpuProfileDir: options.cpuProfileDir ? resolve(options.cpuProfileDir) : undefined,
  };

  console.log("Starting PostgreSQL (fsync on, synchronous_commit on)…");
  const cluster = await startPostgresCluster({ fsync: true });
  cleanups.push(() => cluster.stop());
  const durability = await durabilitySettings(cluster);

  const cells: Cell[] = [];
  const perConnection = (make: (connections: number) => Cell) => {
    for (const connections of options.connections) cells.push(make(connections));
  };

  let ceiling: Ceiling | undefined;
  if (options.baselines.includes("pgbench")) {
    console.log("Capturing the server's SQL for one fresh lead…");
    try {
      ceiling = await prepareCeiling(cluster.url, serverSettings, context.consentAt);
      const captured = ceiling;
      perConnection((c) => pgbenchCell(captured, c));
      // The server holds only `poolSize` connections: the database's best with this SQL is
      // measured at that many clients too (fewer backends contend less on shared rows).
      if (!options.connections.includes(options.poolSize))
        cells.push(pgbenchCell(captured, options.poolSize));
    } catch (error) {
      notes.push(`pgbench ceiling unavailable: ${(error as Error).message.split("\n")[0]}`);
      console.warn(`! pgbench ceiling unavailable: ${(error as Error).message}`);
    }
  }
  /** A baseline that cannot start (no Node, say) costs its rows, not the whole run. */
  const startBaseline = async (name: string, start: () => Promise<Service>) => {
    try {
      return track(await start());
    } catch (error) {
      notes.push(`${name} baseline did not start: ${(error as Error).message.split("\n")[0]}`);
      console.warn(`! ${name} baseline did not start: ${(error as Error).message}`);
      return undefined;
    }
  };
  const bunServe = options.baselines.includes("bun-serve")
    ? await startBaseline("Bun.serve", startBunServeBaseline)
    : undefined;
  if (bunServe) {
    const service = bunServe;
    perConnection((connections) =>
      wrkCell("baseline", false, service, fresh, connections, context, undefined, {
        name: "bun-serve",
        title: "HTTP ceiling",
      }),
    );
  }
  const fastify = options.baselines.includes("fastify")
    ? await startBaseline("Fastify", async () =>
        startFastifyBaseline(await createDatabase(cluster.url, "bench_fastify")),
      )
    : undefined;
  if (fastify) {
    const service = fastify;
    perConnection((connections) =>
      wrkCell("baseline", true, service, fresh, connections, context, undefined, {
        name: "fastify",
        title: "Fastify 5 + pg",
      }),
    );
  }

  const servers: { group: "PostgreSQL" | "PGlite"; service: Service; token: string }[] = [];
  const addServer = async (
    group: "PostgreSQL" | "PGlite",
    start: () => Promise<{ service: Service; token: string }>,
  ) => {
    try {
      const { service, token } = await start();
      servers.push({ group, service, token });
      for (const scenario of scenarios)
        perConnection((c) => wrkCell(group, group === "PostgreSQL", service, scenario, c, context, token));
    } catch (error) {
      // The baselines are still worth measuring; the report says why the server rows are missing.
      notes.push(`the server on ${group} did not start: ${(error as Error).message.split("\n")[0]}`);
      console.warn(`! the server on ${group} did not start: ${(error as Error).message}`);
    }
  };
  if (options.databases.includes("postgres")) {
    await addServer("PostgreSQL", async () => {
      const databaseUrl = await createDatabase(cluster.url, "bench_server");
      const token = await createBenchToken({ databaseUrl });
      return {
        service: track(await startLeadServer("server-postgres", { databaseUrl }, serverSettings)),
        token,
      };
    });
  }
  if (options.databases.includes("pglite")) {
    await addServer("PGlite", async () => {
      const pgliteDir = join(mkdtempSync(join(tmpdir(), "stl-bench-pglite-")), "data");
      cleanups.push(() => rmSync(dirname(pgliteDir), { recursive: true, force: true }));
      // PGlite: one process at a time may open the folder, so the token comes first.
      const token = await createBenchToken({ pgliteDir });
      return { service: track(await startLeadServer("server-pglite", { pgliteDir }, serverSettings)), token };
    });
  }

  // Runs outermost: every cell is measured once per round, so slow drift on a shared machine spreads
  // over all cells instead of landing on whichever ran last.
  const total = cells.length * options.runs;
  let index = 0;
  const loads: number[] = [loadavg()[0]!];
  for (let run = 1; run <= options.runs; run += 1) {
    for (const connections of [...new Set(cells.map((cell) => cell.connections))].sort((a, b) => a - b)) {
      for (const cell of cells.filter((candidate) => candidate.connections === connections)) {
        if (run === 1) await warmUp(cell, options);
        const measurement = await measure(cell, options, durability);
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
      const pacedCell = wrkCell(
        group,
        group === "PostgreSQL",
        service,
        fresh,
        pacedConnections,
        context,
        token,
        {
          name: "fresh, paced ½ peak",
          title: "fresh leads at half of the peak rate",
        },
      );
      console.log(
        `Pacing ${group} fresh leads at ${Math.round(peakRps / 2)} req/s (half of ${Math.round(peakRps)})…`,
      );
      const pacing = await calibratePacing(pacedCell, peakRps / 2, options.warmupSeconds);
      for (let run = 1; run <= options.runs; run += 1) {
        const measurement = await measure(pacedCell, options, durability, pacing.delayMs);
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
    const path = resolve(import.meta.dir, options.output);
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
