// The real server as a separate process, started with its real start command and stopped as an operator would:
// the one harness every process-level test, the examples' test and the bench start it through.

import { freePort } from "@speed-to-lead/server/testing/postgres-cluster";
import type { Subprocess } from "bun";
import { childEnv } from "./child-env.ts";
import { REPOSITORY_ROOT } from "./stl-cli.ts";

export interface ServerProcess {
  baseUrl: string;
  port: number;
  pid: number;
  /** Every line the server wrote to stdout so far (JSON logs and the demo banner). */
  lines: string[];
  /** The last lines the server wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the first stdout line `match` accepts, waiting for it up to `timeoutMs`. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Sends `signal` (SIGTERM: graceful shutdown), then SIGKILL after `graceMs`. Resolves with the exit code. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

export interface StartServerOptions {
  /** DATABASE_URL or PGLITE_DIR. */
  databaseEnv?: Record<string, string>;
  /** Other settings, e.g. RATE_LIMIT_PER_SECOND; LOG_LEVEL is info unless set. */
  env?: Record<string, string>;
  /**
   * "ready" (default): GET /readyz answers 200, migrations ran and the database answers.
   * "listening": the port is open; migrations may still run (a test of what happens meanwhile).
   */
  until?: "ready" | "listening";
  readyTimeoutMs?: number;
  /** Flags for bun before the entry file, e.g. --smol or --cpu-prof (the bench). */
  bunFlags?: string[];
  /** Another checkout of this repository (node_modules installed) whose server runs instead: the bench compares one. */
  repository?: string;
  /** stdout goes to this file, as `bun start > file` writes it (no pipe to drain); `lines` then stays empty. */
  logFile?: string;
  /**
   * The process's clock starts at this UTC instant ("2026-11-29 17:00:00") and runs on from there:
   * libfaketime's `faketime` (Debian package faketime) wraps the server.
   */
  clock?: string;
  /** A port chosen beforehand (e.g. for PUBLIC_URL); a free one otherwise. */
  port?: number;
  /** Another start command, run in `cwd`: the single executable (`[path, "serve"]`) in an empty folder. */
  command?: { argv: string[]; cwd: string };
}

const OUTPUT_LIMIT = 32 * 1024;

/** Servers still running: killed if the test process exits without stopping them (a crash, a timeout). */
const running = new Set<Subprocess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Reads a child's stream to the end; reading also stops the pipe from filling and blocking the child. */
export function readAll(stream: ReadableStream<Uint8Array>, onText: (text: string) => void): void {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onText(decoder.decode(value, { stream: true }));
    }
  })().catch(() => {});
}

const exited = (child: Subprocess) => child.exitCode !== null || child.signalCode !== null;

async function waitUntilReady(child: Subprocess, url: string, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child))
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {}
    await Bun.sleep(50);
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms:\n${output()}`);
}

/** Debian's libfaketime (package faketime), preloaded into a server started with a `clock`. */
const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

/**
 * `bun server/src/main.ts` from the repository root (or `repository`'s) on a free loopback port.
 *
 * @example const server = await startServerProcess({ databaseEnv: database.env }); … await server.stop();
 */
export async function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const argv = options.command?.argv ?? ["bun", ...(options.bunFlags ?? []), "server/src/main.ts"];
  const child = Bun.spawn(argv, {
    cwd: options.command?.cwd ?? options.repository ?? REPOSITORY_ROOT,
    env: childEnv({
      LOG_LEVEL: "info",
      ...options.databaseEnv,
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      // libfaketime loaded into the server itself (not through the `faketime` wrapper, which forks: a
      // stopped wrapper left the server running); it reads the instant in the process's zone.
      ...(options.clock ? { TZ: "UTC", LD_PRELOAD: LIBFAKETIME, FAKETIME: `@${options.clock}` } : {}),
    }),
    stdout: options.logFile ? Bun.file(options.logFile) : "pipe",
    stderr: "pipe",
  });
  running.add(child);
  void child.exited.then(() => running.delete(child));

  const lines: string[] = [];
  const waiters = new Set<() => void>();
  // The last output as chunks, trimmed from the front: a copy of the whole tail per chunk cost a contract
  // suite (a log line per request) 4 % of its CPU.
  const tail: string[] = [];
  let tailLength = 0;
  let pending = "";
  const append = (text: string) => {
    tail.push(text);
    tailLength += text.length;
    while (tail.length > 1 && tailLength - tail[0]!.length >= OUTPUT_LIMIT)
      tailLength -= tail.shift()!.length;
  };
  if (child.stdout instanceof ReadableStream)
    readAll(child.stdout, (text) => {
      append(text);
      const parts = (pending + text).split("\n");
      pending = parts.pop() ?? "";
      lines.push(...parts);
      for (const wake of waiters) wake();
    });
  readAll(child.stderr, append);
  const output = () => tail.join("").slice(-OUTPUT_LIMIT);

  async function waitForLine(match: (line: string) => boolean, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find(match);
      if (found !== undefined) return found;
      if (exited(child)) throw new Error(`server exited ${child.exitCode ?? child.signalCode}:\n${output()}`);
      if (Date.now() > deadline) throw new Error(`no matching line within ${timeoutMs} ms:\n${output()}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 100);
      });
    }
  }

  async function stop(signal: NodeJS.Signals = "SIGTERM", graceMs = 10_000) {
    if (!exited(child)) {
      child.kill(signal);
      const done = await Promise.race([child.exited.then(() => true), Bun.sleep(graceMs).then(() => false)]);
      if (!done) child.kill("SIGKILL");
    }
    return await child.exited;
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  // A new embedded database on two shared cores (load average 20 and more) took over 30 s to be ready.
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  try {
    if (options.until === "listening")
      await waitForLine((line) => line.includes('"msg":"listening"'), readyTimeoutMs);
    else await waitUntilReady(child, `${baseUrl}/readyz`, readyTimeoutMs, output);
  } catch (error) {
    await stop("SIGTERM", 1_000);
    throw error;
  }
  return { baseUrl, port, pid: child.pid, lines, output, waitForLine, stop };
}

/** Waits for the server's "ready" log line: migrations ran (and the demo token was printed, if any). */
export const untilReady = (server: ServerProcess) =>
  server.waitForLine((line) => line.includes('"msg":"ready"'));
