// The two load generators, each a bounded child process on loopback returning the same shape: Debian's
// wrk driven by wrk/lead.lua, and pgbench running a script (the database's floor).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { findPostgresBin } from "@speed-to-lead/server/testing/postgres-cluster";
import type { CpuSnapshot } from "./probes.ts";
import { percentile } from "./stats.ts";

export interface LoadResult {
  /** Every request the run completed (pgbench: its set-up second too). */
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

/** Runs a child, killed if it overstays its duration by 30 s, so the bench always ends; `onLine` sees stderr as it comes. */
async function bounded(
  command: string[],
  seconds: number,
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
  onLine?: (line: string, pid: number) => void,
) {
  const child = Bun.spawn(command, { ...options, stdout: "pipe", stderr: "pipe" });
  const guard = setTimeout(() => child.kill("SIGKILL"), (seconds + 30) * 1000);
  let stderr = "";
  const lines = (async () => {
    const [decoder, reader] = [new TextDecoder(), child.stderr.getReader()];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const text = decoder.decode(chunk.value, { stream: true });
      for (const line of (stderr.slice(stderr.lastIndexOf("\n") + 1) + text).split("\n").slice(0, -1))
        onLine?.(line, child.pid);
      stderr += text;
    }
  })();
  const [stdout, , exitCode] = await Promise.all([new Response(child.stdout).text(), lines, child.exited]);
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

/** A steady stretch of a run: its requests and the CPU read at its ends. */
export interface LoadWindow {
  requests: number;
  first: CpuSnapshot;
  last: CpuSnapshot;
}

/**
 * pgbench in prepared mode (the server's drivers prepare too), one thread per core, for `seconds` plus
 * two: its first second (32 backends forked, their caches filled) and its last (backends exiting:
 * their CPU moves to the postmaster as they are reaped, and a scan of /proc can miss it) are left out. `--progress` lines
 * (one a second) carry the count, and `sample(pid)` reads the CPU when each arrives. Latencies come
 * from its per-transaction log in the same window, a quarter of it sampled.
 */
export async function runPgbench(
  databaseUrl: string,
  script: PgbenchScript,
  clients: number,
  seconds: number,
  sample: (pid: number) => CpuSnapshot,
): Promise<LoadResult & { window: LoadWindow }> {
  const dir = mkdtempSync(join(tmpdir(), "stl-pgbench-"));
  try {
    writeFileSync(join(dir, "script.sql"), script.text);
    const ticks: { epoch: number; requests: number; cpu: CpuSnapshot }[] = [];
    const command = [
      findPostgresBin("pgbench"),
      ...["--no-vacuum", "--protocol=prepared", `--client=${clients}`, "--file=script.sql"],
      ...[`--jobs=${Math.min(availableParallelism(), clients)}`, `--time=${seconds + 2}`],
      ...["--progress=1", "--progress-timestamp", "--log", "--sampling-rate=0.25", "--log-prefix=log"],
      ...Object.entries(script.defines).map(([name, value]) => `--define=${name}=${value}`),
      databaseUrl,
    ];
    const stdout = await bounded(command, seconds, { cwd: dir }, (line, pid) => {
      const progress = /^progress: ([\d.]+) s, ([\d.]+) tps/.exec(line);
      if (!progress) return;
      const [epoch, tps] = [Number(progress[1]), Number(progress[2])];
      const previous = ticks.at(-1)?.epoch ?? epoch - 1;
      ticks.push({ epoch, requests: tps * (epoch - previous), cpu: sample(pid) });
    });
    const steady = ticks.slice(0, -1);
    if (steady.length < 2) throw new Error(`pgbench printed too few progress lines:\n${stdout}`);
    const [start, end] = [steady[0]!, steady.at(-1)!];
    const requests = steady.slice(1).reduce((sum, tick) => sum + tick.requests, 0);
    // Columns 3, 5 and 6 of each log line: elapsed µs, completion time in s and µs.
    const latencies = Float64Array.from(
      readdirSync(dir)
        .filter((file) => file.startsWith("log"))
        .flatMap((file) => readFileSync(join(dir, file), "utf8").split("\n"))
        .map((line) => line.split(" ").map(Number))
        .filter((f) => f.length > 5 && f[4]! + f[5]! / 1e6 > start.epoch && f[4]! + f[5]! / 1e6 <= end.epoch)
        .map((fields) => fields[2]! / 1000),
    ).sort();
    return {
      requests: Number(/actually processed: (\d+)/.exec(stdout)?.[1]),
      requestsPerSecond: requests / (end.epoch - start.epoch),
      latencyMs: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        p999: percentile(latencies, 99.9),
      },
      socketErrors: 0,
      errorResponses: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0),
      statuses: {},
      replayed: 0,
      window: { requests, first: start.cpu, last: end.cpu },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
