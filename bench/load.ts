// The two load generators, each a bounded child process on loopback returning the same shape: Debian's
// wrk driven by wrk/lead.lua, and pgbench running a script (the database's floor and ceiling).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { findPostgresBin } from "@speed-to-lead/tests/harness/postgres";
import { percentile } from "./stats.ts";

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; p999: number };
  /** Connect, read, write and timeout failures: any of these makes a figure suspect. */
  socketErrors: number;
  /** Responses with status >= 400 (pgbench: failed transactions). */
  errorResponses: number;
  /** Filled when the run counted statuses (warm-ups). */
  statuses: Record<number, number>;
  /** Responses marked `Idempotent-Replayed: true`, counted with the statuses. */
  replayed: number;
}

/** wrk is C: on a 2-core machine the generator takes less of the CPU it measures than a JS one. */
export function ensureWrk(): void {
  if (!Bun.which("wrk")) throw new Error("wrk is required: apt-get install -y wrk (Debian), then run again");
}

/** Runs a child, killed if it overstays its duration by 30 s, so the bench always ends. */
async function bounded(
  command: string[],
  seconds: number,
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
) {
  const child = Bun.spawn(command, { ...options, stdout: "pipe", stderr: "pipe" });
  const guard = setTimeout(() => child.kill("SIGKILL"), (seconds + 30) * 1000);
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(guard);
  if (exitCode !== 0) throw new Error(`${command[0]} exited with ${exitCode}:\n${stdout}\n${stderr}`);
  return stdout;
}

/** Parses the BENCH_RESULT line that wrk/lead.lua's done() prints. */
export function parseWrkOutput(stdout: string): LoadResult {
  const line = stdout.split("\n").find((candidate) => candidate.startsWith("BENCH_RESULT "));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const raw = JSON.parse(line.slice("BENCH_RESULT ".length));
  const statuses: Record<number, number> = {};
  for (const { status, count } of raw.statuses) statuses[status] = (statuses[status] ?? 0) + count;
  const { connect, read, write, status, timeout } = raw.errors;
  return {
    requests: raw.requests,
    requestsPerSecond: raw.requests / (raw.duration_us / 1e6),
    latencyMs: {
      p50: raw.latency_us.p50 / 1000,
      p99: raw.latency_us.p99 / 1000,
      p999: raw.latency_us.p999 / 1000,
    },
    socketErrors: connect + read + write + timeout,
    errorResponses: status,
    statuses,
    replayed: raw.replayed,
  };
}

/** One wrk run (one thread: the generator shares the machine); `env` holds lead.lua's BENCH_* settings. */
export async function runWrk(url: string, connections: number, seconds: number, env: Record<string, string>) {
  const script = join(import.meta.dir, "wrk", "lead.lua");
  const command = ["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, url];
  return parseWrkOutput(await bounded(command, seconds, { env: { ...process.env, ...env } }));
}

/** SQL plus \\set lines; `defines` are `-D name=value` variables pgbench binds as parameters. */
export interface PgbenchScript {
  text: string;
  defines: Record<string, string>;
}

/**
 * pgbench in prepared mode (the server's drivers prepare too), one thread per core; latencies from its
 * per-transaction log, a quarter of it sampled (plenty for p99.9, and logging stays off the critical path).
 */
export async function runPgbench(
  databaseUrl: string,
  script: PgbenchScript,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "stl-pgbench-"));
  try {
    writeFileSync(join(dir, "script.sql"), script.text);
    const stdout = await bounded(
      [
        findPostgresBin("pgbench"),
        "--no-vacuum",
        "--protocol=prepared",
        `--client=${clients}`,
        `--jobs=${Math.min(availableParallelism(), clients)}`,
        `--time=${seconds}`,
        "--file=script.sql",
        ...Object.entries(script.defines).map(([name, value]) => `--define=${name}=${value}`),
        "--log",
        "--sampling-rate=0.25",
        "--log-prefix=pgbench_log",
        databaseUrl,
      ],
      seconds,
      { cwd: dir },
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${stdout}`);
    // Column 3 of each log line is the transaction's elapsed time in µs.
    const latencies = Float64Array.from(
      readdirSync(dir)
        .filter((file) => file.startsWith("pgbench_log"))
        .flatMap((file) => readFileSync(join(dir, file), "utf8").split("\n"))
        .filter(Boolean)
        .map((line) => Number(line.split(" ")[2]) / 1000),
    ).sort();
    return {
      requests: Math.round(tps * seconds),
      requestsPerSecond: tps,
      latencyMs: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        p999: percentile(latencies, 99.9),
      },
      socketErrors: 0,
      errorResponses: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0),
      statuses: {},
      replayed: 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
