// The server under test, as a user runs it: `bun server/src/main.ts` in its own process, plus its CLI
// for the channel token. Variable names are the ones server/README.md lists.
import { join } from "node:path";
import { freePort } from "@speed-to-lead/tests/harness/postgres";
import { type Service, startService } from "./processes.ts";

export const REPOSITORY_ROOT = join(import.meta.dir, "..");
export const INTAKE_PATH = "/api/speed-to-lead/channel-inbound.php";

export interface LeadServerTarget {
  /** Set: PostgreSQL. Unset: PGlite in `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir?: string;
}

export interface LeadServerSettings {
  dispatcher: boolean;
  poolSize: number;
  smol?: boolean;
  cpuProfileDir?: string;
}

function databaseEnv(target: LeadServerTarget): Record<string, string | undefined> {
  return target.databaseUrl
    ? { DATABASE_URL: target.databaseUrl, PGLITE_DIR: undefined }
    : { DATABASE_URL: undefined, PGLITE_DIR: target.pgliteDir };
}

export function serverIsPresent(): boolean {
  return (
    Bun.file(join(REPOSITORY_ROOT, "server/src/main.ts")).size > 0 &&
    Bun.file(join(REPOSITORY_ROOT, "server/src/cli/main.ts")).size > 0
  );
}

/**
 * `bun run stl tokens create --json`: with PGlite, call it before the server starts (one process
 * at a time may hold the data folder).
 */
export function createChannelToken(target: LeadServerTarget): string {
  const result = Bun.spawnSync(
    ["bun", "server/src/cli/main.ts", "tokens", "create", "--account", "bench", "--name", "bench", "--json"],
    { cwd: REPOSITORY_ROOT, env: { ...process.env, ...databaseEnv(target), LOG_LEVEL: "error" } },
  );
  const stdout = result.stdout.toString();
  const json = stdout
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line.startsWith("{"));
  if (result.exitCode !== 0 || !json) {
    throw new Error(`stl tokens create failed (${result.exitCode}):\n${stdout}\n${result.stderr.toString()}`);
  }
  const token = (JSON.parse(json) as { token?: string }).token;
  if (!token) throw new Error(`stl tokens create printed no token: ${json}`);
  return token;
}

/**
 * Rate limits are raised out of the way (the limiter still runs), logs drop to errors only: one JSON
 * line per request would measure the terminal, not the intake.
 */
export async function startLeadServer(
  name: string,
  target: LeadServerTarget,
  settings: LeadServerSettings,
): Promise<Service> {
  const port = await freePort();
  return await startService({
    name,
    command: [
      "bun",
      ...(settings.smol ? ["--smol"] : []),
      ...(settings.cpuProfileDir
        ? [
            "--cpu-prof",
            "--cpu-prof-md",
            `--cpu-prof-dir=${settings.cpuProfileDir}`,
            `--cpu-prof-name=${name}.cpuprofile`,
          ]
        : []),
      "server/src/main.ts",
    ],
    cwd: REPOSITORY_ROOT,
    port,
    readyPath: "/readyz",
    readyWhenOk: true,
    readyTimeoutMs: 120_000,
    env: {
      ...databaseEnv(target),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      LOG_LEVEL: "error",
      DATABASE_POOL_SIZE: String(settings.poolSize),
      DISPATCHER: settings.dispatcher ? "on" : "off",
    },
  });
}

export interface SampleLead {
  phone: string;
  idempotency_key: string;
  [field: string]: unknown;
}

/** The same shape wrk/lead.lua sends, for one-off requests (SQL capture, sanity checks). */
export function sampleLead(key: string, consentAt: string): SampleLead {
  return {
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
}

export async function postLead(
  baseUrl: string,
  token: string,
  lead: SampleLead,
): Promise<{ status: number; body: { id?: string } & Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${INTAKE_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(lead),
  });
  return { status: response.status, body: (await response.json()) as { id?: string } };
}
