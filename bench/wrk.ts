// The load generator: Debian's wrk driven by wrk/lead.lua, run as a separate process on loopback.
import { join } from "node:path";

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p99: number; p999: number; max: number };
  /** Socket-level failures (connect, read, write, timeout): any of these makes a figure suspect. */
  socketErrors: number;
  /** Responses with status >= 400, as wrk counts them. */
  errorResponses: number;
  /** Only filled when the run counted statuses (warm-up runs). */
  statuses: Record<number, number>;
  /** Responses marked `Idempotent-Replayed: true` (counted with the statuses). */
  replayed: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  threads?: number;
  /** BENCH_* variables read by wrk/lead.lua. */
  env: Record<string, string>;
}

const scriptPath = join(import.meta.dir, "wrk", "lead.lua");

/**
 * wrk from Debian's packages; installed with apt-get when missing (root, or sudo without a password).
 * wrk over autocannon: it is C, so on a 2-core machine the generator takes less of the CPU it measures.
 */
export function ensureWrk(): void {
  if (Bun.which("wrk")) return;
  console.log("wrk not found: installing it with apt-get (Debian package 'wrk')…");
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const prefix = asRoot ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let install = Bun.spawnSync([...prefix, "apt-get", "install", "-y", "wrk"], { env, stdout: "inherit" });
  if (install.exitCode !== 0) {
    Bun.spawnSync([...prefix, "apt-get", "update"], { env, stdout: "inherit" });
    install = Bun.spawnSync([...prefix, "apt-get", "install", "-y", "wrk"], { env, stdout: "inherit" });
  }
  if (install.exitCode !== 0 || !Bun.which("wrk")) {
    throw new Error("wrk is required: install it (Debian/Ubuntu: sudo apt-get install -y wrk) and run again");
  }
}

/** Parses the BENCH_RESULT line that wrk/lead.lua's done() prints. */
export function parseWrkOutput(stdout: string): LoadResult {
  const line = stdout.split("\n").find((candidate) => candidate.startsWith("BENCH_RESULT "));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const raw = JSON.parse(line.slice("BENCH_RESULT ".length)) as {
    requests: number;
    duration_us: number;
    errors: Record<"connect" | "read" | "write" | "status" | "timeout", number>;
    latency_us: { mean: number; p50: number; p99: number; p999: number; max: number };
    statuses: { status: number; count: number }[];
    replayed: number;
  };
  const statuses: Record<number, number> = {};
  for (const { status, count } of raw.statuses) statuses[status] = (statuses[status] ?? 0) + count;
  const ms = (us: number) => us / 1000;
  return {
    requests: raw.requests,
    requestsPerSecond: raw.requests / (raw.duration_us / 1e6),
    latencyMs: {
      mean: ms(raw.latency_us.mean),
      p50: ms(raw.latency_us.p50),
      p99: ms(raw.latency_us.p99),
      p999: ms(raw.latency_us.p999),
      max: ms(raw.latency_us.max),
    },
    socketErrors: raw.errors.connect + raw.errors.read + raw.errors.write + raw.errors.timeout,
    errorResponses: raw.errors.status,
    statuses,
    replayed: raw.replayed,
  };
}

/**
 * One bounded wrk run; a guard timer kills it if it overstays, so the harness always ends.
 * @example await runWrk({ url: "http://127.0.0.1:3000/x", connections: 32, durationSeconds: 4, env: { BENCH_MODE: "fresh" } })
 */
export async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const threads = Math.min(options.threads ?? 1, options.connections);
  const child = Bun.spawn(
    [
      "wrk",
      `-t${threads}`,
      `-c${options.connections}`,
      `-d${options.durationSeconds}s`,
      "--timeout",
      "10s",
      "-s",
      scriptPath,
      options.url,
    ],
    { env: { ...process.env, ...options.env }, stdout: "pipe", stderr: "pipe" },
  );
  const guard = setTimeout(() => child.kill("SIGKILL"), (options.durationSeconds + 30) * 1000);
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(guard);
  if (exitCode !== 0) throw new Error(`wrk exited with ${exitCode}:\n${stdout}\n${stderr}`);
  return parseWrkOutput(stdout);
}
