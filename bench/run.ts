// `bun run bench`: throwaway PostgreSQL (fsync on), the server on PostgreSQL and on PGlite, the three
// baselines, every scenario at every connection count, medians of several runs, one markdown report.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createDatabase, findPostgresBin, startPostgresCluster } from "@speed-to-lead/tests/harness/postgres";
import { type Ceiling, prepareCeiling } from "./ceiling.ts";
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
import { ensureWrk } from "./load.ts";
import { describeMachine } from "./probes.ts";
import { findCell, medianRps, renderCeiling, renderTable, renderTargets } from "./report.ts";
import {
  createBenchToken,
  SERVER_POOL_SIZE,
  type Service,
  startBunServe,
  startFastify,
  startLeadServer,
} from "./services.ts";
import { summarize } from "./stats.ts";

const USAGE = `Usage: bun run bench [flags]

  --quick               smoke run: 1 run per cell, 2 s per run
  --runs N              measured runs per cell; the median and (min–max) are reported (default 3)
  --duration S          whole seconds per measured run, after a 1 s warm-up per cell (default 3)
  --connections LIST    concurrent connections, pgbench clients (default 8,32,64)
  --scenarios LIST      ${SCENARIOS.map((scenario) => scenario.name).join(",")} (default all)
  --databases LIST      postgres,pglite (default both)
  --baselines LIST      pgbench,bun-serve,fastify (default all; "none" for none)
  --cpu-prof DIR        profile the server (bun --cpu-prof --cpu-prof-md) into DIR
  --out FILE            markdown report (default bench/results/<date>.md; "-" for none)
`;

/** A comma-separated flag, each value one of `known` ("none": empty). */
function list(raw: string | undefined, known: readonly string[], flag: string): string[] {
  const values = raw === undefined ? [...known] : raw === "none" ? [] : raw.split(",").map((v) => v.trim());
  const unknown = values.find((value) => !known.includes(value));
  if (unknown) throw new Error(`--${flag}: unknown "${unknown}"; known: ${known.join(", ")}`);
  return values;
}

function whole(raw: string, flag: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${flag} must be a positive whole number`);
  return value;
}

function parseOptions(argv: string[]) {
  const flag = { type: "string" } as const;
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: "boolean", short: "h" },
      quick: { type: "boolean" },
      runs: flag,
      duration: flag,
      connections: { type: "string", default: "8,32,64" },
      scenarios: flag,
      databases: flag,
      baselines: flag,
      "cpu-prof": flag,
      out: { type: "string", default: `results/${new Date().toISOString().slice(0, 10)}.md` },
    },
  });
  if (values.help) return undefined;
  return {
    runs: whole(values.runs ?? (values.quick ? "1" : "3"), "runs"),
    seconds: whole(values.duration ?? (values.quick ? "2" : "3"), "duration"),
    connections: values.connections.split(",").map((value) => whole(value, "connections")),
    scenarios: SCENARIOS.filter((s) =>
      list(
        values.scenarios,
        SCENARIOS.map((x) => x.name),
        "scenarios",
      ).includes(s.name),
    ),
    databases: list(values.databases, ["postgres", "pglite"], "databases"),
    baselines: list(values.baselines, ["pgbench", "bun-serve", "fastify"], "baselines"),
    cpuProfileDir: values["cpu-prof"] && resolve(values["cpu-prof"]),
    out: values.out === "-" ? undefined : resolve(import.meta.dir, values.out),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop())
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => console.error("cleanup:", (error as Error).message));
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything…`);
    void cleanUp().finally(() => process.exit(130));
  });

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) return console.log(USAGE);
  const startedAt = new Date();
  ensureWrk();
  const machine = describeMachine(findPostgresBin("postgres"));
  console.log(`Machine: ${machine}`);
  const notes: string[] = [];
  /** Something that cannot start (no Node, say) costs its rows, not the whole run; the report says why. */
  async function optional<T>(what: string, start: () => Promise<T>): Promise<T | undefined> {
    try {
      return await start();
    } catch (error) {
      notes.push(`${what} unavailable: ${(error as Error).message.split("\n")[0]}`);
      console.warn(`! ${what} unavailable: ${(error as Error).message}`);
      return undefined;
    }
  }
  const track = (service: Service) => {
    cleanups.push(() => service.stop());
    return service;
  };
  // In the past on the server's clock, as consent.captured_at must be.
  const context = { runId: Date.now().toString(36), consentAt: new Date(Date.now() - 60_000).toISOString() };
  const fresh = SCENARIOS.find((scenario) => scenario.name === "fresh")!;

  console.log("Starting PostgreSQL (fsync on, synchronous_commit on)…");
  const cluster = await startPostgresCluster({ fsync: true });
  cleanups.push(() => cluster.stop());
  const sql = new Bun.SQL(cluster.url, { max: 1 });
  const [{ fsync }] = await sql`SHOW fsync`;
  const [{ synchronous_commit: synchronousCommit }] = await sql`SHOW synchronous_commit`;
  const [{ data_directory: dataDirectory }] = await sql`SHOW data_directory`;
  await sql.close();
  const postmasterPid = Number(readFileSync(`${dataDirectory}/postmaster.pid`, "utf8").split("\n")[0]);

  const cells: Cell[] = [];
  const perConnection = (make: (connections: number) => Cell) => {
    for (const connections of options.connections) cells.push(make(connections));
  };
  let ceiling: Ceiling | undefined;
  if (options.baselines.includes("pgbench")) {
    console.log("Capturing the server's SQL for one fresh lead…");
    ceiling = await optional("pgbench ceiling", () => prepareCeiling(cluster.url, context.consentAt));
    const captured = ceiling;
    if (captured) {
      perConnection((connections) => pgbenchCell(captured, connections, postmasterPid));
      // The server holds only its pool's connections: the database's best with this SQL at that many clients.
      if (!options.connections.includes(SERVER_POOL_SIZE))
        cells.push(pgbenchCell(captured, SERVER_POOL_SIZE, postmasterPid));
    }
  }
  const baselines: [string, () => Promise<Service>, boolean][] = [
    ["bun-serve", startBunServe, false],
    ["fastify", async () => startFastify(await createDatabase(cluster.url, "bench_fastify")), true],
  ];
  for (const [name, start, usesPostgres] of baselines) {
    const service = options.baselines.includes(name)
      ? await optional(name, async () => track(await start()))
      : undefined;
    if (service)
      perConnection((connections) =>
        wrkCell(
          { group: "baseline", name, connections, postmasterPid: usesPostgres ? postmasterPid : undefined },
          service,
          fresh,
          context,
        ),
      );
  }

  const servers: { group: "PostgreSQL" | "PGlite"; service: Service; token: string }[] = [];
  const databases = {
    PostgreSQL: async () => ({ DATABASE_URL: await createDatabase(cluster.url, "bench_server") }),
    PGlite: async () => {
      const dir = mkdtempSync(join(tmpdir(), "stl-bench-pglite-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return { PGLITE_DIR: join(dir, "data") };
    },
  };
  for (const group of ["PostgreSQL", "PGlite"] as const) {
    if (!options.databases.includes(group === "PostgreSQL" ? "postgres" : "pglite")) continue;
    const server = await optional(`the server on ${group}`, async () => {
      const databaseEnv = await databases[group]();
      // PGlite: one process at a time may open the folder, so the token comes first.
      const token = await createBenchToken(databaseEnv);
      const name = `server-${group.toLowerCase()}`;
      return { group, token, service: track(await startLeadServer(name, databaseEnv, options)) };
    });
    if (!server) continue;
    servers.push(server);
    const dbPid = group === "PostgreSQL" ? postmasterPid : undefined;
    for (const scenario of options.scenarios)
      perConnection((connections) =>
        wrkCell({ group, connections, postmasterPid: dbPid }, server.service, scenario, {
          ...context,
          token: server.token,
        }),
      );
  }

  // Runs outermost: every cell is measured once per round, so slow drift on a shared machine spreads
  // over all cells instead of landing on whichever ran last.
  const loads = [loadavg()[0]!];
  const ordered = [...cells].sort((a, b) => a.connections - b.connections);
  const progress = (cell: Cell, index: number, total: number) => {
    const run = cell.runs.at(-1)!;
    const [rss, app, db] = [run.rssBytes / 1024 ** 2, run.appCpuMicros, run.dbCpuMicros].map((value) =>
      Number.isFinite(value) ? Math.round(value) : "–",
    );
    console.log(
      `[${index}/${total}] ${describeCell(cell)}: ${Math.round(run.requestsPerSecond)} req/s, p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms, RSS ${rss} MiB, CPU/req ${app} + ${db} µs`,
    );
  };
  for (let run = 0; run < options.runs; run += 1) {
    for (const [index, cell] of ordered.entries()) {
      if (run === 0) await warmUp(cell, 1);
      await measure(cell, options.seconds);
      loads.push(loadavg()[0]!);
      progress(cell, run * ordered.length + index + 1, ordered.length * options.runs);
    }
  }

  // p99 at half of peak: 32 connections (or the middle count), each waiting a think time between requests.
  let paced: Cell | undefined;
  const pacedConnections = options.connections.includes(32)
    ? 32
    : options.connections[Math.floor(options.connections.length / 2)]!;
  for (const { group, service, token } of servers) {
    const peakRps = Math.max(
      ...options.connections.map((c) => medianRps(findCell(cells, group, "fresh", c))),
    );
    if (!Number.isFinite(peakRps)) continue;
    const dbPid = group === "PostgreSQL" ? postmasterPid : undefined;
    const cell = wrkCell(
      { group, name: "fresh, paced ½ peak", connections: pacedConnections, postmasterPid: dbPid },
      service,
      fresh,
      { ...context, token },
    );
    console.log(
      `Pacing ${group} fresh leads at ${Math.round(peakRps / 2)} req/s (half of ${Math.round(peakRps)})…`,
    );
    const delayMs = await calibratePacing(cell, peakRps / 2, 1);
    for (let run = 1; run <= options.runs; run += 1) {
      await measure(cell, options.seconds, delayMs);
      progress(cell, run, options.runs);
    }
    cells.push(cell);
    if (group === "PostgreSQL") paced = cell;
    notes.push(
      `${group} "fresh, paced ½ peak": ${pacedConnections} connections, think time ${delayMs.toFixed(2)} ms per connection (wrk has no rate flag), target ${Math.round(peakRps / 2)} req/s`,
    );
  }

  // The bench itself accounts for about 2; much more means other work shared the machine.
  const load = summarize(loads);
  notes.push(
    `1-minute load average during the matrix: median ${load.median.toFixed(1)}, max ${load.max.toFixed(1)} (the bench alone accounts for about 2)`,
  );
  const warnings = cells.flatMap((cell) =>
    cell.warnings.map((warning) => `- ${describeCell(cell)}: ${warning}`),
  );
  const table = renderTable(cells);
  const targets = renderTargets(cells, paced, SERVER_POOL_SIZE);
  const report = [
    `# Intake benchmark — ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machine}`,
    "",
    `Settings: ${options.runs} run(s) per cell × ${options.seconds} s (after 1 s warm-up), wrk -t1, server pool ${SERVER_POOL_SIZE}, dispatcher off, PostgreSQL fsync=${fsync} synchronous_commit=${synchronousCommit}. Figures: median (min–max). Total ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s.`,
    "",
    table,
    "",
    "## Targets",
    "",
    targets,
    ...(notes.length > 0 ? ["", "## Notes", "", ...notes.map((note) => `- ${note}`)] : []),
    ...(warnings.length > 0 ? ["", "## Warnings", "", ...warnings] : []),
    ...(ceiling ? ["", renderCeiling(ceiling)] : []),
    "",
  ].join("\n");
  console.log(`\n${table}\n\n${targets}\n`);
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
