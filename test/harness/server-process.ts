// The real server as a separate process, started with its real start command and stopped as an operator would.
import type { Subprocess } from "bun";
import { childEnv } from "./child-env.ts";
import { freePort } from "./postgres.ts";
import { REPOSITORY_ROOT } from "./stl-cli.ts";

export interface ServerProcess {
  baseUrl: string;
  port: number;
  pid: number;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  /** SIGTERM (graceful shutdown), then SIGKILL after `graceMs`. Resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface StartServerOptions {
  /** DATABASE_URL or PGLITE_DIR. */
  databaseEnv: Record<string, string>;
  /** Extra settings, e.g. RATE_LIMIT_PER_SECOND. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

const OUTPUT_LIMIT = 32 * 1024;

/** Servers still running: killed if the test process exits without stopping them (a crash, a timeout). */
const running = new Set<Subprocess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Keeps the tail of a child's stream; reading it also stops the pipe from filling and blocking the child. */
function collectTail(stream: ReadableStream<Uint8Array>, append: (text: string) => void): void {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      append(decoder.decode(value, { stream: true }));
    }
  })().catch(() => {});
}

async function waitUntilReady(child: Subprocess, url: string, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {}
    await Bun.sleep(50);
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms:\n${output()}`);
}

/**
 * `bun server/src/main.ts` from the repository root on a free loopback port; resolves once GET /readyz is 200.
 *
 * @example const server = await startServerProcess({ databaseEnv: database.env }); … await server.stop();
 */
export async function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const child = Bun.spawn(["bun", "server/src/main.ts"], {
    cwd: REPOSITORY_ROOT,
    env: childEnv({
      LOG_LEVEL: "warn",
      ...options.databaseEnv,
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
    }),
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(child);
  void child.exited.then(() => running.delete(child));
  let tail = "";
  const append = (text: string) => {
    tail = (tail + text).slice(-OUTPUT_LIMIT);
  };
  collectTail(child.stdout, append);
  collectTail(child.stderr, append);
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = () => tail;
  const stop = async (graceMs = 5_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const exited = await Promise.race([
        child.exited.then(() => true),
        Bun.sleep(graceMs).then(() => false),
      ]);
      if (!exited) child.kill("SIGKILL");
    }
    return await child.exited;
  };
  try {
    await waitUntilReady(child, `${baseUrl}/readyz`, options.readyTimeoutMs ?? 30_000, output);
  } catch (error) {
    await stop(1_000);
    throw error;
  }
  return { baseUrl, port, pid: child.pid, output, stop };
}
