// The server under test, as a user runs it: `bun server/src/main.ts` in its own process (through the
// tests' one harness), plus its CLI for the channel token. Variable names are the ones server/README.md lists.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { sendToIntake } from "@speed-to-lead/tests/harness/intake-request";
import { startServerProcess } from "@speed-to-lead/tests/harness/server-process";
import { createChannelToken } from "@speed-to-lead/tests/harness/stl-cli";
import type { Service } from "./processes.ts";

export const INTAKE_PATH = LEAD_INTAKE_PATH;

export interface LeadServerTarget {
  /** Set: PostgreSQL. Unset: PGlite in `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir?: string;
}

export interface LeadServerSettings {
  dispatcher: boolean;
  poolSize: number;
  cpuProfileDir?: string;
}

const databaseEnv = (target: LeadServerTarget): Record<string, string> =>
  target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { PGLITE_DIR: target.pgliteDir ?? "memory" };

/**
 * `bun run stl tokens create --json`: with PGlite, call it before the server starts (one process
 * at a time may hold the data folder).
 */
export async function createBenchToken(target: LeadServerTarget): Promise<string> {
  return (await createChannelToken(databaseEnv(target), "bench", "bench")).token;
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
  const server = await startServerProcess({
    databaseEnv: databaseEnv(target),
    env: {
      NODE_ENV: "production",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      LOG_LEVEL: "error",
      DATABASE_POOL_SIZE: String(settings.poolSize),
      DISPATCHER: settings.dispatcher ? "on" : "off",
    },
    bunFlags: [
      ...(settings.cpuProfileDir
        ? [
            "--cpu-prof",
            "--cpu-prof-md",
            `--cpu-prof-dir=${settings.cpuProfileDir}`,
            `--cpu-prof-name=${name}.cpuprofile`,
          ]
        : []),
    ],
    readyTimeoutMs: 120_000,
  });
  return {
    name,
    pid: server.pid,
    baseUrl: server.baseUrl,
    output: server.output,
    stop: async () => void (await server.stop()),
  };
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
  const response = await sendToIntake(baseUrl, { token, body: lead });
  return { status: response.status, body: (await response.json()) as { id?: string } };
}
