// Child processes under test (server, baselines): start, wait until they answer, stop for sure.
import { readAll } from "@speed-to-lead/tests/harness/server-process";
import type { Subprocess } from "bun";

export interface Service {
  name: string;
  pid: number;
  baseUrl: string;
  /** The last lines the process printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string[];
  cwd?: string;
  env: Record<string, string | undefined>;
  port: number;
  /** A path that answers once the process is ready: any status, or 2xx with `readyWhenOk`. */
  readyPath?: string;
  readyWhenOk?: boolean;
  readyTimeoutMs?: number;
}

/** Keeps the tail of a stream so a failing start can say why without flooding the console. */
function captureTail(stream: ReadableStream<Uint8Array>, lines: string[], keep = 40): void {
  readAll(stream, (text) => {
    lines.push(...text.split("\n").filter(Boolean));
    if (lines.length > keep) lines.splice(0, lines.length - keep);
  });
}

async function waitUntilAnswering(
  child: Subprocess,
  url: string,
  timeoutMs: number,
  requireOk: boolean,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (!requireOk || response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(100);
  }
  return false;
}

/**
 * Spawns directly (never through `bun run`), so `pid` is the process whose memory we sample.
 * @example const api = await startService({ name: "bun-serve", command: ["bun", "baselines/bun-serve.ts"], env: { PORT: "4000" }, port: 4000 });
 */
export async function startService(options: StartOptions): Promise<Service> {
  const lines: string[] = [];
  const child = Bun.spawn(options.command, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  captureTail(child.stdout, lines);
  captureTail(child.stderr, lines);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const ready = await waitUntilAnswering(
    child,
    `${baseUrl}${options.readyPath ?? "/"}`,
    options.readyTimeoutMs ?? 60_000,
    options.readyWhenOk ?? false,
  );
  const service: Service = {
    name: options.name,
    pid: child.pid,
    baseUrl,
    output: () => lines.join("\n"),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
      if (!exited) child.kill("SIGKILL");
      await child.exited;
    },
  };
  if (!ready) {
    await service.stop();
    throw new Error(`${options.name} did not start (${options.command.join(" ")}):\n${service.output()}`);
  }
  return service;
}
