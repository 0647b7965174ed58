// The database ceiling: pgbench replaying the server's own SQL for one fresh lead, no HTTP in between.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { findPostgresBin } from "@speed-to-lead/tests/harness/postgres";
import { percentile } from "./stats.ts";
import type { LoadResult } from "./wrk.ts";

export interface PgbenchOptions {
  databaseUrl: string;
  /** A pgbench script (SQL plus \set lines), as written by capture-sql.ts. */
  script: string;
  /** `-D name=value` string variables the script binds as parameters. */
  defines?: Record<string, string>;
  clients: number;
  durationSeconds: number;
}

/** Latencies (µs) from pgbench's per-transaction logs: column 3 is the transaction's elapsed time. */
function readLatencies(dir: string): Float64Array {
  const values: number[] = [];
  for (const file of readdirSync(dir)) {
    if (!file.startsWith("pgbench_log")) continue;
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      const field = line.split(" ")[2];
      if (field) values.push(Number(field));
    }
  }
  return Float64Array.from(values).sort();
}

/**
 * Runs pgbench in prepared mode (the server's drivers prepare too) with one thread per core.
 * Returns the same shape as a wrk run, so the report treats it as one more row.
 */
export async function runPgbench(options: PgbenchOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "stl-pgbench-"));
  try {
    const scriptFile = join(dir, "fresh-lead.sql");
    writeFileSync(scriptFile, options.script);
    const threads = Math.min(availableParallelism(), options.clients);
    const child = Bun.spawn(
      [
        findPostgresBin("pgbench"),
        "--no-vacuum",
        "--protocol=prepared",
        `--client=${options.clients}`,
        `--jobs=${threads}`,
        `--time=${options.durationSeconds}`,
        `--file=${scriptFile}`,
        ...Object.entries(options.defines ?? {}).map(([name, value]) => `--define=${name}=${value}`),
        "--log",
        // A quarter of the transactions is plenty for p99.9 and keeps the logging off the critical path.
        "--sampling-rate=0.25",
        `--log-prefix=${join(dir, "pgbench_log")}`,
        options.databaseUrl,
      ],
      { cwd: dir, stdout: "pipe", stderr: "pipe" },
    );
    const guard = setTimeout(() => child.kill("SIGKILL"), (options.durationSeconds + 30) * 1000);
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    clearTimeout(guard);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (exitCode !== 0 || !tps) throw new Error(`pgbench failed (${exitCode}):\n${stdout}\n${stderr}`);
    const latencies = readLatencies(dir);
    const ms = (us: number) => us / 1000;
    const total = latencies.reduce((sum, value) => sum + value, 0);
    return {
      requests: Math.round(Number(tps[1]) * options.durationSeconds),
      requestsPerSecond: Number(tps[1]),
      latencyMs: {
        mean: ms(total / Math.max(1, latencies.length)),
        p50: ms(percentile(latencies, 50)),
        p99: ms(percentile(latencies, 99)),
        p999: ms(percentile(latencies, 99.9)),
        max: ms(latencies[latencies.length - 1] ?? Number.NaN),
      },
      socketErrors: 0,
      errorResponses: Number(failed?.[1] ?? 0),
      statuses: {},
      replayed: 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
