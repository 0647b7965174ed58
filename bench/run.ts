// `bun run bench`: throwaway PostgreSQL (fsync on), the server as users run it on PostgreSQL and on PGlite,
// on an empty database and on one holding a month, single-row pgbench on each, every row at every
// connection count over several rounds, an older commit beside it when asked, the per-lead counts, and one
// report whose verdicts are withheld when the machine was busy.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  createDatabase,
  findPostgresBin,
  startPostgresCluster,
} from "@speed-to-lead/server/testing/postgres-cluster";
import { checkOut } from "./against.ts";
import { SINGLE_ROW_SCRIPT, SINGLE_ROW_TABLE } from "./baselines/single-row.ts";
import { type Server, serverFleet } from "./bench-servers.ts";
import {
  type Cell,
  describeCell,
  type Fill,
  measure,
  pgbenchCell,
  SCENARIOS,
  warmUp,
  wrkCell,
} from "./cells.ts";
import { COUNTS_CLUSTER_SETTINGS, type Counts, configureCounting, countAround } from "./counts.ts";
import { leadStatesOf } from "./lead-states.ts";
import { ensureWrk } from "./load.ts";
import { fillSingleRows, pgliteMonth, postgresMonths } from "./month-fills.ts";
import { parseOptions, USAGE } from "./options.ts";
import { pacedAtHalfPeak } from "./paced.ts";
import { poolerRatioNote, startBenchPooler } from "./pooler.ts";
import { describeMachine, readRssBytes } from "./probes.ts";
import { findCell, ROW, spread } from "./report.ts";
import { renderReport } from "./report-document.ts";
import type { FillFigures } from "./report-goals.ts";
import { quiet, receivedHandoffs, SERVER_POOL_SIZE, type Service, startWebhookReceiver } from "./services.ts";
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

const count = (value: number) => value.toLocaleString("en-US");

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
  let { compareServer, before } = options;
  if (options.against) {
    const checkout = await checkOut(options.against);
    cleanups.push(() => checkout.remove());
    [compareServer, before] = [checkout.dir, `commit ${checkout.label}`];
  }
  const scratch = mkdtempSync(join(tmpdir(), "stl-bench-"));
  cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
  // In the past on the server's clock, as consent.captured_at must be.
  const context = { runId: Date.now().toString(36), consentAt: new Date(Date.now() - 60_000).toISOString() };
  const fresh = SCENARIOS[0]!;
  const { month, fills } = options;
  const monthLabel = `${count(month.storedLeads)} leads, ${count(month.listedNumbers)} listed`;

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
  const probeName = (row: string, fill: Fill) => (fill === "month" ? `${row} (month)` : row);
  for (const fill of fills.filter(() => options.baselines.includes("single-row"))) {
    const databaseUrl = await createDatabase(cluster.url, "bench_single_row");
    const db = new Bun.SQL(databaseUrl, { max: 1 });
    await db.unsafe(SINGLE_ROW_TABLE);
    await db.close();
    if (fill === "month") await fillSingleRows(databaseUrl, month.storedLeads);
    perConnection((c) => pgbenchCell(ROW.singleRow, databaseUrl, SINGLE_ROW_SCRIPT, c, postmasterPid, fill));
    const cell = () => findCell(cells, "baseline", ROW.singleRow, 32, fill);
    probes.push({ row: probeName(ROW.singleRow, fill), databaseUrl, cell });
  }

  const receiver = track(await startWebhookReceiver());
  const delivered = async (server: Server) =>
    (await receivedHandoffs(receiver.baseUrl, server.service.name)).delivered;
  const months = postgresMonths(cluster.url, month);
  const fleet = serverFleet({
    ...{ clusterUrl: cluster.url, scratch, receiverUrl: receiver.baseUrl, months, month, track },
    cpuProfileDir: options.cpuProfileDir,
  });
  const serverCell = (server: Server, name: string, connections: number, scenario = fresh) => {
    const postgres = server.group === "PostgreSQL" ? postmasterPid : undefined;
    // The CPU of a run includes the hand-offs it caused: read once the receiver stops counting.
    const settle = server.dispatcher ? () => quiet(() => delivered(server)) : undefined;
    const cell = {
      group: server.group,
      fill: server.fill,
      name,
      connections,
      postmasterPid: postgres,
      settle,
    };
    return wrkCell(cell, server.service, scenario, { ...context, token: server.token });
  };
  const probe = (server: Server, row: string) => {
    const databaseUrl = server.databaseEnv.DATABASE_DIRECT_URL ?? server.databaseEnv.DATABASE_URL;
    const cell = () => findCell(cells, server.group, row, 32, server.fill);
    if (databaseUrl) probes.push({ row: probeName(row, server.fill), databaseUrl, cell });
  };
  /** A server whose rows are `row` at every connection count, counted after the rounds. */
  const rowOf = async (what: string, row: string, start: () => Promise<Server>) => {
    const server = await optional(what, start);
    if (server) perConnection((connections) => serverCell(server, row, connections));
    if (server) probe(server, row);
  };
  /** Each fill's whole-pipeline PostgreSQL server: paced at half of peak, its RSS at rest. */
  const pipeline = new Map<Fill, Server>();
  for (const fill of fills)
    for (const group of ["PostgreSQL", "PGlite"] as const) {
      if (!options.databases.includes(group === "PostgreSQL" ? "postgres" : "pglite")) continue;
      const on = { group, fill, dispatcher: true };
      const off = { ...on, dispatcher: false };
      const where = `${group}${fill === "month" ? " (month)" : ""}`;
      const server = await optional(`the server on ${where}`, () =>
        fleet.add({ ...on, label: "dispatcher on" }),
      );
      if (server) {
        if (group === "PostgreSQL") pipeline.set(fill, server);
        for (const scenario of SCENARIOS.filter((s) => options.rows.includes(s.name)))
          perConnection((connections) => serverCell(server, scenario.name, connections, scenario));
        probe(server, ROW.fresh);
        if (options.rows.includes("partner")) probe(server, ROW.partner);
      }
      if (group === "PostgreSQL" && options.rows.includes("dispatcher-off"))
        await rowOf(`${ROW.dispatcherOff} on ${where}`, ROW.dispatcherOff, () =>
          fleet.add({ ...off, label: "dispatcher off" }),
        );
      // The same intake without its request log, in the same rounds: the log's cost is their ratio.
      if (group === "PostgreSQL" && options.rows.includes("request-log-off"))
        await rowOf(`${ROW.requestLogOff} on ${where}`, ROW.requestLogOff, () =>
          fleet.add({ ...off, label: "dispatcher off, request log off", requestLog: false }),
        );
      // The pooler's cost is a ratio to direct connections: measured on the empty database only.
      if (group === "PostgreSQL" && fill === "empty" && options.rows.includes("pooled"))
        await rowOf(ROW.pooled, ROW.pooled, async () => {
          const pooler = await startBenchPooler(cluster.url);
          cleanups.push(() => pooler.stop());
          const pooledEnv = await pooler.databaseEnv();
          return await fleet.add({ ...on, label: "through PgBouncer", pooledEnv });
        });
      if (!compareServer) continue;
      const repository = compareServer;
      await rowOf(`the server of ${before} on ${where}`, ROW.before, () =>
        fleet.add({ ...on, label: `before (${before})`, repository }),
      );
      if (group === "PostgreSQL" && options.rows.includes("dispatcher-off"))
        await rowOf(`the server of ${before}, dispatcher off, on ${where}`, ROW.dispatcherOffBefore, () =>
          fleet.add({ ...off, label: `before (${before}), dispatcher off`, repository }),
        );
    }
  if (fills.includes("month")) {
    const seconds = (await months.fillSeconds()).map((s) => `${s.toFixed(0)} s`).join(" and ");
    const pglite = pgliteMonth(month);
    notes.push(
      `month: ${monthLabel} (month-database.ts)${seconds && `, filled in ${seconds} on PostgreSQL, each server given a file copy`}; pgbench's month table holds ${count(month.storedLeads)} rows${options.databases.includes("pglite") ? `; PGlite's month holds ${count(pglite.storedLeads)} leads and ${count(pglite.listedNumbers)} listed numbers (its fill runs in one wasm thread)` : ""}`,
    );
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
  const byFill: Partial<Record<Fill, FillFigures>> = {};
  for (const [fill, server] of pipeline) {
    byFill[fill] = { restingRssBytes: Number.NaN, speedToLeadMs: [] };
    if (!options.rows.includes("fresh")) continue;
    const { connections } = options;
    const pacedConnections = connections.includes(32) ? 32 : connections[connections.length >> 1]!;
    const paced = serverCell(server, ROW.paced, pacedConnections);
    const receiving = { receiverUrl: receiver.baseUrl, receiverPath: server.service.name };
    const measured = await pacedAtHalfPeak(cells, paced, { ...options, ...receiving });
    byFill[fill] = measured.figures;
    cells.push(paced);
    notes.push(measured.note);
  }

  // At rest: the whole-pipeline servers 5 s after their last load.
  await Bun.sleep(5000);
  for (const [fill, server] of pipeline) byFill[fill]!.restingRssBytes = readRssBytes(server.service.pid);
  for (const server of fleet.servers)
    notes.push(
      `RSS of ${server.group} (${server.fill}) ${server.label}: ${(server.startRssBytes / 1e6).toFixed(0)} MB at start, ${(readRssBytes(server.service.pid) / 1e6).toFixed(0)} MB at rest after its loads`,
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
  for (const server of fleet.servers.filter((s) => s.dispatcher)) {
    await quiet(() => delivered(server));
    const handedOff = await delivered(server);
    const stored = await leadStatesOf(server.databaseEnv);
    notes.push(
      `hand-offs received from ${server.group} (${server.fill}) ${server.label}: ${handedOff} distinct${stored && `; its leads by response_state (the month's included): ${stored}`}`,
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
    settingsLine: `${options.runs} round(s) × ${options.seconds} s per cell (after a 1 s warm-up; pgbench: without its set-up and closing seconds), wrk -t1, server pool ${SERVER_POOL_SIZE}, dispatcher on delivering to the bench's webhook receiver unless the row says otherwise, LOG_LEVEL=info written to a file, PostgreSQL fsync=${settings.fsync} synchronous_commit=${settings.sync}; stored before the run: ${fills.map((fill) => (fill === "month" ? `a month (${monthLabel})` : "nothing")).join(", or ")}${before ? `; "before": the server at ${before}` : ""}. Figures: median (min–max) over the rounds; ratios are taken round by round, against pgbench on the same fill. pgbench's "app" CPU is its client's. Total ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s.`,
    cells,
    perLead: { cells, fills, byFill, before, monthLabel },
    goals: { cells, fills, byFill, busy },
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
