// `bun run bench`: throwaway PostgreSQL (fsync on), the server as users run it on PostgreSQL and on
// PGlite, single-row pgbench, every row at every connection count over several rounds, the per-lead
// counts, and one report whose verdicts are withheld when the machine was busy.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  createDatabase,
  findPostgresBin,
  startPostgresCluster,
} from "@speed-to-lead/server/testing/postgres-cluster";
import { SINGLE_ROW_SCRIPT, SINGLE_ROW_TABLE } from "./baselines/single-row.ts";
import {
  type Cell,
  calibratePacing,
  describeCell,
  measure,
  pgbenchCell,
  SCENARIOS,
  warmUp,
  wrkCell,
} from "./cells.ts";
import { COUNTS_CLUSTER_SETTINGS, type Counts, configureCounting, countAround } from "./counts.ts";
import { leadStatesOf } from "./lead-states.ts";
import { ensureWrk } from "./load.ts";
import { parseOptions, USAGE } from "./options.ts";
import { poolerRatioNote, startBenchPooler } from "./pooler.ts";
import { describeMachine, readRssBytes } from "./probes.ts";
import { findCell, medianRps, ROW, spread } from "./report.ts";
import { renderReport } from "./report-document.ts";
import {
  createBenchToken,
  type DatabaseEnv,
  receivedHandoffs,
  SERVER_POOL_SIZE,
  type Service,
  startLeadServer,
  startWebhookReceiver,
} from "./services.ts";
import { summarize } from "./stats.ts";
import { judgeMachine } from "./verdict.ts";

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop())
    await Promise.resolve(cleanup()).catch((error) => console.error("cleanup:", (error as Error).message));
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything…`);
    void cleanUp().finally(() => process.exit(130));
  });

/** Polls `count` until it stops growing for 300 ms (at most 30 s): the dispatcher's tail is delivered. */
async function quiet(count: () => Promise<number>): Promise<void> {
  let last = -1;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await Bun.sleep(300)) {
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) return console.log(USAGE);
  const startedAt = new Date();
  // Before the bench adds its own: anything above 1 is someone else's work.
  const loadAtStart = loadavg()[0]!;
  ensureWrk();
  const machine = describeMachine(findPostgresBin("postgres"));
  console.log(`Machine: ${machine}`);
  const notes: string[] = [];
  /** Something that cannot start costs its rows, not the whole run; the report says why. */
  async function optional<T>(what: string, start: () => Promise<T>): Promise<T | undefined> {
    try {
      return await start();
    } catch (error) {
      notes.push(`${what} unavailable: ${(error as Error).message.split("\n")[0]}`);
      console.warn(`! ${what} unavailable: ${(error as Error).message}`);
    }
  }
  const track = <S extends Service>(service: S) => {
    cleanups.push(() => service.stop());
    return service;
  };
  const scratch = mkdtempSync(join(tmpdir(), "stl-bench-"));
  cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
  // In the past on the server's clock, as consent.captured_at must be.
  const context = { runId: Date.now().toString(36), consentAt: new Date(Date.now() - 60_000).toISOString() };
  const fresh = SCENARIOS[0]!;

  console.log("Starting PostgreSQL (fsync on, synchronous_commit on)…");
  const cluster = await startPostgresCluster({ fsync: true, settings: COUNTS_CLUSTER_SETTINGS });
  cleanups.push(() => cluster.stop());
  await configureCounting(cluster.url, false);
  const sql = new Bun.SQL(cluster.url, { max: 1 });
  const [settings] = await sql`select current_setting('fsync') as fsync,
    current_setting('synchronous_commit') as sync, current_setting('data_directory') as dir`;
  await sql.close();
  const postmasterPid = Number(readFileSync(`${settings.dir}/postmaster.pid`, "utf8").split("\n")[0]);

  const cells: Cell[] = [];
  const perConnection = (make: (connections: number) => Cell) => {
    for (const connections of options.connections) cells.push(make(connections));
  };
  /** The loads whose per-lead counts are taken after the rounds: a database and one run of a cell at 32. */
  const probes: { row: string; databaseUrl: string; cell: () => Cell | undefined }[] = [];
  if (options.baselines.includes("single-row")) {
    const databaseUrl = await createDatabase(cluster.url, "bench_single_row");
    const db = new Bun.SQL(databaseUrl, { max: 1 });
    await db.unsafe(SINGLE_ROW_TABLE);
    await db.close();
    perConnection((c) => pgbenchCell(ROW.singleRow, databaseUrl, SINGLE_ROW_SCRIPT, c, postmasterPid));
    probes.push({
      row: ROW.singleRow,
      databaseUrl,
      cell: () => findCell(cells, "baseline", ROW.singleRow, 32),
    });
  }

  const receiver = track(await startWebhookReceiver());
  const delivered = async (server: Server) =>
    (await receivedHandoffs(receiver.baseUrl, server.service.name)).delivered;
  /** One server process; with the dispatcher on, its hand-offs go to a receiver path of its own. */
  interface Server {
    group: "PostgreSQL" | "PGlite";
    label: string;
    service: Service;
    token: string;
    databaseEnv: DatabaseEnv;
    dispatcher: boolean;
    /** VmRSS once it answered, before any load. */
    startRssBytes: number;
  }
  const servers: Server[] = [];
  const { cpuProfileDir } = options;
  async function addServer(
    group: Server["group"],
    label: string,
    dispatcher: boolean,
    repository?: string,
    pooledEnv?: DatabaseEnv,
  ) {
    const name = `server-${servers.length + 1}`;
    const databaseEnv: DatabaseEnv =
      pooledEnv ??
      (group === "PostgreSQL"
        ? { DATABASE_URL: await createDatabase(cluster.url, `bench_${name.replace("-", "_")}`) }
        : { PGLITE_DIR: join(scratch, name) });
    // PGlite: one process at a time may open the folder, so the token comes first.
    const token = await createBenchToken(databaseEnv, repository);
    const webhookUrl = dispatcher ? `${receiver.baseUrl}/${name}` : undefined;
    const logFile = join(scratch, `${name}.log`);
    const service = track(
      await startLeadServer(name, databaseEnv, { webhookUrl, logFile, repository, cpuProfileDir }),
    );
    const startRssBytes = readRssBytes(service.pid);
    servers.push({ group, label, service, token, databaseEnv, dispatcher, startRssBytes });
    return servers.at(-1)!;
  }
  const serverCell = (server: Server, name: string, connections: number, scenario = fresh) => {
    const postgres = server.group === "PostgreSQL" ? postmasterPid : undefined;
    // The CPU of a run includes the hand-offs it caused: read once the receiver stops counting.
    const settle = server.dispatcher ? () => quiet(() => delivered(server)) : undefined;
    const cell = { group: server.group, name, connections, postmasterPid: postgres, settle };
    return wrkCell(cell, server.service, scenario, { ...context, token: server.token });
  };
  const probe = (server: Server, row: string) => {
    const databaseUrl = server.databaseEnv.DATABASE_DIRECT_URL ?? server.databaseEnv.DATABASE_URL;
    if (databaseUrl) probes.push({ row, databaseUrl, cell: () => findCell(cells, server.group, row, 32) });
  };
  let postgresServer: Server | undefined;
  for (const group of ["PostgreSQL", "PGlite"] as const) {
    if (!options.databases.includes(group === "PostgreSQL" ? "postgres" : "pglite")) continue;
    const server = await optional(`the server on ${group}`, () => addServer(group, "dispatcher on", true));
    if (!server) continue;
    if (group === "PostgreSQL") postgresServer = server;
    for (const scenario of SCENARIOS.filter((s) => options.rows.includes(s.name)))
      perConnection((connections) => serverCell(server, scenario.name, connections, scenario));
    probe(server, ROW.fresh);
    if (group === "PostgreSQL" && options.rows.includes("dispatcher-off")) {
      const off = await optional(ROW.dispatcherOff, () => addServer(group, "dispatcher off", false));
      if (off) perConnection((connections) => serverCell(off, ROW.dispatcherOff, connections));
      if (off) probe(off, ROW.dispatcherOff);
    }
    if (group === "PostgreSQL" && options.rows.includes("pooled")) {
      const pooled = await optional(ROW.pooled, async () => {
        const pooler = await startBenchPooler(cluster.url);
        cleanups.push(() => pooler.stop());
        return await addServer(group, "through PgBouncer", true, undefined, await pooler.databaseEnv());
      });
      if (pooled) perConnection((connections) => serverCell(pooled, ROW.pooled, connections));
      if (pooled) probe(pooled, ROW.pooled);
    }
    const start = () => addServer(group, `before (${options.before})`, true, options.compareServer);
    const before = options.compareServer
      ? await optional(`the server of ${options.before} on ${group}`, start)
      : undefined;
    if (before) perConnection((connections) => serverCell(before, ROW.before, connections));
    if (before) probe(before, ROW.before);
  }

  // Rounds outermost: every cell is measured once per round, so slow drift on a shared machine spreads
  // over all cells instead of landing on whichever ran last.
  const loads = [loadavg()[0]!];
  const ordered = [...cells].sort((a, b) => a.connections - b.connections);
  for (let run = 0; run < options.runs; run += 1) {
    for (const cell of ordered) {
      if (run === 0) await warmUp(cell, 1);
      await measure(cell, options.seconds);
      loads.push(loadavg()[0]!);
    }
  }

  // p99 and speed to lead at half of peak on PostgreSQL: 32 connections (or the middle count), each waiting a think time.
  let paced: Cell | undefined;
  let speedToLeadMs: number[] = [];
  if (postgresServer && options.rows.includes("fresh")) {
    const { connections } = options;
    const peakRps = Math.max(...connections.map((c) => medianRps(findCell(cells, "PostgreSQL", "fresh", c))));
    const pacedConnections = connections.includes(32) ? 32 : connections[connections.length >> 1]!;
    paced = serverCell(postgresServer, ROW.paced, pacedConnections);
    const delayMs = await calibratePacing(paced, peakRps / 2, 1);
    const handoffs = () => receivedHandoffs(receiver.baseUrl, postgresServer!.service.name, true);
    await handoffs();
    for (let run = 1; run <= options.runs; run += 1) await measure(paced, options.seconds, delayMs);
    speedToLeadMs = (await handoffs()).latencyMs;
    cells.push(paced);
    notes.push(
      `"${ROW.paced}": ${paced.connections} connections, think time ${delayMs.toFixed(2)} ms each (wrk has no rate flag), target ${Math.round(peakRps / 2)} req/s`,
    );
  }

  // At rest: the whole-pipeline server 5 s after its last load.
  await Bun.sleep(5000);
  const restingRssBytes = postgresServer ? readRssBytes(postgresServer.service.pid) : Number.NaN;
  for (const server of servers)
    notes.push(
      `RSS of ${server.group} ${server.label}: ${(server.startRssBytes / 1e6).toFixed(0)} MB at start, ${(readRssBytes(server.service.pid) / 1e6).toFixed(0)} MB at rest after its loads`,
    );

  // Per-lead counts: one more run of each probed cell with the cluster counting.
  const counts: Counts[] = [];
  for (const { row, databaseUrl, cell: find } of probes) {
    const cell = find();
    if (!cell) continue;
    console.log(`Counting ${row}…`);
    const load = async () => {
      const result = await cell.run(options.seconds);
      await cell.settle?.();
      return result.requests;
    };
    const counted = await optional(`counts of ${row}`, () =>
      countAround(row, cluster.url, databaseUrl, load),
    );
    if (counted) counts.push(counted);
  }

  // Every call-eligible lead is handed off: the receiver's count against the leads the database holds.
  for (const server of servers.filter((s) => s.dispatcher)) {
    await quiet(() => delivered(server));
    const count = await delivered(server);
    const stored = await leadStatesOf(server.databaseEnv);
    notes.push(
      `hand-offs received from ${server.group} ${server.label}: ${count} distinct${stored && `; its leads by response_state: ${stored}`}`,
    );
  }

  const poolerNote = poolerRatioNote(cells, options.connections);
  if (poolerNote) notes.push(poolerNote);
  const busy = judgeMachine(cells, loadAtStart, options.runs);
  const load = summarize(loads);
  notes.push(
    `1-minute load average: ${loadAtStart.toFixed(2)} before the bench; during the rounds median ${load.median.toFixed(1)}, max ${load.max.toFixed(1)} (the bench alone accounts for about 2)`,
    `CPU of other processes during the measured runs: ${spread(summarize(cells.flatMap((c) => c.runs.map((r) => r.otherCores))))} cores`,
  );
  for (const cell of cells)
    notes.push(...cell.warnings.map((warning) => `warning: ${describeCell(cell)}: ${warning}`));
  const report = renderReport({
    startedAt,
    machine,
    settingsLine: `${options.runs} round(s) × ${options.seconds} s per cell (after a 1 s warm-up; pgbench: without its set-up and closing seconds), wrk -t1, server pool ${SERVER_POOL_SIZE}, dispatcher on delivering to the bench's webhook receiver unless the row says otherwise, LOG_LEVEL=info written to a file, PostgreSQL fsync=${settings.fsync} synchronous_commit=${settings.sync}${options.before ? `, "before": the server at ${options.before}` : ""}. Figures: median (min–max) over the rounds; ratios are taken round by round. pgbench's "app" CPU is its client's. Total ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s.`,
    cells,
    goals: { cells, paced, restingRssBytes, speedToLeadMs, busy },
    counts,
    notes,
  });
  console.log(`\n${report}`);
  if (options.out) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, report);
    console.log(`Written to ${options.out}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
