// Test helper: the real server and CLI as child processes, exactly as `bun start` and `bun run stl` run them.

import { fileURLToPath } from "node:url";
import { freePort } from "@speed-to-lead/tests/harness/postgres";

const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL("../main.ts", import.meta.url));
export const CLI_ENTRY = fileURLToPath(new URL("../cli/main.ts", import.meta.url));

/** The parent's environment without database settings, so each test chooses its own. */
export function childEnv(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !["DATABASE_URL", "PGLITE_DIR", "PORT", "HOST"].includes(name))
      base[name] = value;
  }
  return { ...base, LOG_LEVEL: "info", ...env };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Every stdout line so far (JSON logs and the demo banner). */
  lines: string[];
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = Bun.spawn(["bun", SERVER_ENTRY], {
    cwd: REPOSITORY_ROOT,
    env: childEnv({ PORT: String(port), HOST: "127.0.0.1", ...env }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let pending = "";
    const reader = child.stdout.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      lines.push(...parts);
      for (const wake of waiters) wake();
    }
  })();
  const stderr = new Response(child.stderr).text();

  async function waitForLine(match: (line: string) => boolean, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find(match);
      if (found !== undefined) return found;
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${await stderr}`);
      if (Date.now() > deadline)
        throw new Error(`no matching line within ${timeoutMs} ms:\n${lines.join("\n")}`);
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

  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    lines,
    waitForLine,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return await child.exited;
    },
  };
  await waitForLine((line) => line.includes('"msg":"listening"'));
  return server;
}

/** Waits for the server's "ready" log line: migrations ran (and the demo token was printed, if any). */
export const untilReady = (server: ServerProcess) =>
  server.waitForLine((line) => line.includes('"msg":"ready"'));

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const child = Bun.spawn(["bun", CLI_ENTRY, ...args], {
    cwd: REPOSITORY_ROOT,
    env: childEnv(env),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, stdout, stderr };
}

/** `stl tokens create --json` and its parsed output. */
export async function cliCreateToken(account: string, env: Record<string, string>) {
  const result = await runCli(
    ["tokens", "create", "--account", account, "--name", "integration", "--json"],
    env,
  );
  if (result.exitCode !== 0) throw new Error(`tokens create failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { id: string; token: string; account_id: string };
}
