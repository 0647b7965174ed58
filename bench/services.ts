// The processes under load: the server (through the tests' one harness), the two HTTP baselines, and
// any other child the bench starts; each is awaited until it answers and always stopped.
import { join } from "node:path";
import { sendToIntake } from "@speed-to-lead/tests/harness/intake-request";
import { freePort } from "@speed-to-lead/tests/harness/postgres";
import { readAll, startServerProcess } from "@speed-to-lead/tests/harness/server-process";
import { createChannelToken } from "@speed-to-lead/tests/harness/stl-cli";

export interface Service {
  name: string;
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Spawns directly (never through `bun run`), so `pid` is the process whose memory and CPU are read.
 * Ready when it answers at all, or answers 2xx at `readyPath` when one is given.
 */
export async function startService(
  name: string,
  command: string[],
  env: Record<string, string> | ((port: number) => Record<string, string>),
  readyPath?: string,
): Promise<Service> {
  const port = await freePort();
  const tail: string[] = [];
  const child = Bun.spawn(command, {
    env: {
      ...process.env,
      ...(typeof env === "function" ? env(port) : env),
      PORT: String(port),
      HOST: "127.0.0.1",
    },
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
    const response = await fetch(`${baseUrl}${readyPath ?? "/"}`).catch(() => undefined);
    if (response && (response.ok || readyPath === undefined)) return { name, pid: child.pid, baseUrl, stop };
    await Bun.sleep(100);
  }
  await stop();
  throw new Error(`${name} did not start (${command.join(" ")}):\n${tail.join("").slice(-4000)}`);
}

export const startBunServe = () =>
  startService("bun-serve", ["bun", join(import.meta.dir, "baselines/bun-serve.ts")], {});

export const startFastify = (databaseUrl: string) =>
  startService("fastify", ["node", join(import.meta.dir, "baselines/fastify-pg.mjs")], {
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
  });

/** DATABASE_URL, or PGLITE_DIR (one process at a time may open it: create the token first). */
export type DatabaseEnv = Record<string, string>;

export async function createBenchToken(databaseEnv: DatabaseEnv): Promise<string> {
  return (await createChannelToken(databaseEnv, "bench", "bench")).token;
}

/**
 * `bun server/src/main.ts` as a user runs it, with a pool of 4; rate limits raised out of the way (the
 * limiter still runs), logs to errors only: a line per request would measure the pipe, not the intake.
 */
export async function startLeadServer(
  name: string,
  databaseEnv: DatabaseEnv,
  settings: { cpuProfileDir?: string; env?: Record<string, string> } = {},
): Promise<Service> {
  const dir = settings.cpuProfileDir;
  const server = await startServerProcess({
    databaseEnv,
    env: {
      NODE_ENV: "production",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      LOG_LEVEL: "error",
      DATABASE_POOL_SIZE: String(SERVER_POOL_SIZE),
      DISPATCHER: "off",
      ...settings.env,
    },
    bunFlags: dir
      ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [],
    readyTimeoutMs: 120_000,
  });
  return { name, pid: server.pid, baseUrl: server.baseUrl, stop: async () => void (await server.stop()) };
}

/** The server's DATABASE_POOL_SIZE: a small pool per process. */
export const SERVER_POOL_SIZE = 4;

/** The lead wrk/lead.lua sends, for one-off requests (the SQL capture). */
export async function postSampleLead(baseUrl: string, token: string, key: string, consentAt: string) {
  const body = {
    phone: "+14155552671",
    email: "lead@example.com",
    first_name: "Ana",
    last_name: "Bench",
    source: "hosted_page",
    source_campaign: "bench",
    property_ref: "123 Main St, Austin, TX",
    price: 425000,
    language: "en",
    timezone: "America/Chicago",
    context: { bedrooms: 3, utm_source: "bench" },
    idempotency_key: key,
    consent: { source: "webform:/contact", reference: key, captured_at: consentAt },
  };
  const response = await sendToIntake(baseUrl, { token, body });
  const answer = (await response.json()) as { id?: string };
  if (response.status !== 201) throw new Error(`lead answered ${response.status}: ${JSON.stringify(answer)}`);
  return String(answer.id);
}
