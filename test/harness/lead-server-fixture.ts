// One suite's running server(s): a fresh database of one backend, its channel tokens, then the server.

import type { ContractEndpoint, Endpoint } from "@speed-to-lead/server/testing/endpoint";
import { SOCKET_PASS_RUNS } from "@speed-to-lead/server/testing/property-runs";
import { type ChannelToken, seedTokens, type TokenPlan } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll } from "vitest";
import { type Backend, type BackendDatabase, createBackendDatabase } from "./database-backend.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { countRows } from "./stored-leads.ts";

/** The tokens to make (seed-tokens.ts), and the servers to start after them. */
export interface LeadServerOptions<Name extends string> extends TokenPlan<Name> {
  /** Server processes on the same database (PostgreSQL only: the scale-out path). */
  processes?: number;
  /** Cases per contract property against these processes; SOCKET_PASS_RUNS unless set. */
  propertyRuns?: number;
  /** Extra server settings; the rate limit is far above what a suite sends unless it sets its own. */
  env?: Record<string, string>;
}

/** The socket adapter of the contract suites: the first process is the endpoint, each process a way in. */
export interface LeadServer<Name extends string> extends ContractEndpoint<Name> {
  readonly backend: Backend;
  readonly database: BackendDatabase;
  /** The first process's base URL. */
  readonly baseUrl: string;
  readonly processes: ServerProcess[];
  /** The signing secret of each token given a callback URL in the options. */
  readonly callbackSecrets: Partial<Record<Name, string>>;
}

/**
 * Registers beforeAll/afterAll hooks and returns a handle that is filled once beforeAll has run.
 *
 * @example
 * const server = useLeadServer("pglite", { tokens: { main: "acme" } });
 * it("…", async () => { await fetch(`${server.baseUrl}/readyz`); });
 */
export function useLeadServer<Name extends string>(
  backend: Backend,
  options: LeadServerOptions<Name>,
): LeadServer<Name> {
  const state: {
    database?: BackendDatabase;
    processes: ServerProcess[];
    tokens: Partial<Record<Name, ChannelToken>>;
    callbackSecrets: Partial<Record<Name, string>>;
  } = { processes: [], tokens: {}, callbackSecrets: {} };

  beforeAll(async () => {
    const database = await createBackendDatabase(backend);
    state.database = database;
    // Before the servers start: on PGlite only one process may hold the folder.
    const seeded = await seedTokens(database.env, options);
    state.tokens = seeded.tokens;
    state.callbackSecrets = seeded.callbackSecrets;
    const count = options.processes ?? 1;
    if (count > 1 && database.exclusive) throw new Error("several server processes need PostgreSQL");
    // High, not off: the limiters and their RateLimit-* headers stay on the path every request takes.
    // Every suite's refused tokens come from one address; failed-auth-limit.test.ts tests that limit.
    const env = {
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      FAILED_AUTH_PER_MINUTE: "1000000",
      // Status-callback receivers of tests listen on loopback.
      CALLBACK_ALLOW_PRIVATE: "true",
      ...options.env,
    };
    state.processes = await Promise.all(
      Array.from({ length: count }, () => startServerProcess({ databaseEnv: database.env, env })),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(state.processes.map((process) => process.stop()));
    await state.database?.remove();
  }, 30_000);

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: use it inside a test, after beforeAll`);
    return value;
  };
  const overSocket = (process: ServerProcess): Endpoint<Name> => ({
    baseUrl: process.baseUrl,
    fetch: (request) => fetch(request),
    tokens: state.tokens as Record<Name, ChannelToken>,
  });
  return {
    backend,
    propertyRuns: options.propertyRuns ?? SOCKET_PASS_RUNS,
    fetch: (request) => fetch(request),
    get ways() {
      return state.processes.map(overSocket);
    },
    countRows: (query, value) => countRows(ready(state.database, "database"), query, value),
    get database() {
      return ready(state.database, "database");
    },
    get baseUrl() {
      return ready(state.processes[0], "server").baseUrl;
    },
    get processes() {
      return state.processes;
    },
    get tokens() {
      return state.tokens as Record<Name, ChannelToken>;
    },
    get callbackSecrets() {
      return state.callbackSecrets;
    },
  };
}
