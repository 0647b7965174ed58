// The processes under load and beside it: the server (through the tests' one harness) and the webhook
// receiver; each is awaited until it answers and always stopped.
import { join } from "node:path";
import { freePort } from "@speed-to-lead/server/testing/postgres-cluster";
import { readAll, startServerProcess } from "@speed-to-lead/tests/harness/server-process";
import { createChannelToken } from "@speed-to-lead/tests/harness/stl-cli";

export interface Service {
  name: string;
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
}

/** The webhook receiver, spawned directly (never through `bun run`), awaited until it answers. */
export async function startWebhookReceiver(): Promise<Service> {
  const [name, command] = ["webhook", ["bun", join(import.meta.dir, "baselines", "webhook-receiver.ts")]];
  const port = await freePort();
  const tail: string[] = [];
  const child = Bun.spawn(command, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  for (const stream of [child.stdout, child.stderr]) readAll(stream, (text) => tail.push(text));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await child.exited;
    clearTimeout(timer);
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && child.exitCode === null; ) {
    if (await fetch(baseUrl).catch(() => undefined)) return { name, pid: child.pid, baseUrl, stop };
    await Bun.sleep(100);
  }
  await stop();
  throw new Error(`${name} did not start (${command.join(" ")}):\n${tail.join("").slice(-4000)}`);
}

/** What one path of the webhook receiver got: distinct hand-offs; with `latency`, ms from received_at to receipt since the last such call. */
export async function receivedHandoffs(receiverUrl: string, path: string, latency = false) {
  const response = await fetch(`${receiverUrl}/${path}${latency ? "?latency" : ""}`);
  return (await response.json()) as { delivered: number; latencyMs: number[] };
}

/** Polls `count` until it stops growing for 300 ms (at most 30 s): the dispatcher's tail is delivered. */
export async function quiet(count: () => Promise<number>): Promise<void> {
  let last = -1;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await Bun.sleep(300)) {
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

/** DATABASE_URL, or PGLITE_DIR (one process at a time may open it: create the token first). */
export type DatabaseEnv = Record<string, string>;

/** A channel token (id and secret) from the CLI of the checkout in `repository` (this one, or an older one compared against). */
export const createBenchToken = async (databaseEnv: DatabaseEnv, repository?: string) =>
  await createChannelToken(databaseEnv, "bench", "bench", repository);

/** The server's DATABASE_POOL_SIZE: a small pool per process. */
export const SERVER_POOL_SIZE = 4;

export interface LeadServerSettings {
  /** The hand-off dispatcher in the server, delivering to this URL; undefined: DISPATCHER=off. */
  webhookUrl?: string;
  /** Where the server's info log goes (a file, or /dev/null). */
  logFile: string;
  /** Another checkout of this repository (node_modules installed) whose server runs instead. */
  repository?: string;
  cpuProfileDir?: string;
  /** false: REQUEST_LOG=off, the same server without its request log (on by default, as users run it). */
  requestLog?: boolean;
}

/**
 * `bun server/src/main.ts` as a user runs it: LOG_LEVEL=info to a file, pool of 4, the dispatcher on
 * (or off), rate limits raised out of the way (the limiter still runs).
 */
export async function startLeadServer(name: string, databaseEnv: DatabaseEnv, settings: LeadServerSettings) {
  const { webhookUrl, repository, cpuProfileDir: dir } = settings;
  const server = await startServerProcess({
    databaseEnv,
    env: {
      NODE_ENV: "production",
      // As `bun start` runs the server (server/package.json).
      BUN_JSC_forceRAMSize: "201326592",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      LOG_LEVEL: "info",
      DATABASE_POOL_SIZE: String(SERVER_POOL_SIZE),
      ...(settings.requestLog === false ? { REQUEST_LOG: "off" } : {}),
      ...(webhookUrl
        ? {
            DISPATCHER: "on",
            ASSISTANT_WEBHOOK_URL: webhookUrl,
            ASSISTANT_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
          }
        : { DISPATCHER: "off" }),
    },
    repository,
    logFile: settings.logFile,
    bunFlags: dir
      ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [],
    readyTimeoutMs: 120_000,
  });
  return { name, pid: server.pid, baseUrl: server.baseUrl, stop: async () => void (await server.stop()) };
}

/** The receiver checks no signature; the server still signs every delivery with this. */
const BENCH_WEBHOOK_SECRET = `whsec_${Buffer.from("speed-to-lead bench secret, 32 b").toString("base64")}`;
