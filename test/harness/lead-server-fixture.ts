// One suite's running server(s): a fresh database of one backend, channel tokens from the CLI, then the server.
import { afterAll, beforeAll } from "vitest";
import { type Backend, type BackendDatabase, createBackendDatabase } from "./database-backend.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import {
  type ChannelToken,
  createChannelToken,
  expireChannelToken,
  revokeChannelToken,
  setTokenCallback,
} from "./stl-cli.ts";

export interface LeadServerOptions<Name extends string> {
  /** Tokens to create, by the name tests use: `{ main: "acme" }` creates a token in account acme. */
  tokens: Record<Name, string>;
  /** Names of tokens to create intake-only (stl_pk_…, `--scope intake`); the others may read. */
  intakeOnly?: NoInfer<Name>[];
  /** Names of tokens to revoke before the server starts. */
  revoke?: NoInfer<Name>[];
  /** Names of tokens to roll with no overlap before the server starts: they answer token_expired. */
  expire?: NoInfer<Name>[];
  /** Server processes on the same database (PostgreSQL only: the scale-out path). */
  processes?: number;
  /** Extra server settings; the rate limit is far above what a suite sends unless it sets its own. */
  env?: Record<string, string>;
  /** Status-callback URLs to set (with the CLI, before the server starts) per token name. */
  callbacks?: Partial<Record<NoInfer<Name>, string>>;
}

export interface LeadServer<Name extends string> {
  readonly backend: Backend;
  readonly database: BackendDatabase;
  /** The first process's base URL. */
  readonly baseUrl: string;
  readonly processes: ServerProcess[];
  readonly tokens: Record<Name, ChannelToken>;
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
    // Sequential: on PGlite each CLI run takes the folder's exclusive lock.
    for (const [name, account] of Object.entries(options.tokens) as [Name, string][]) {
      const scope = options.intakeOnly?.includes(name) ? "intake" : undefined;
      state.tokens[name] = await createChannelToken(database.env, account, `e2e-${name}`, undefined, scope);
    }
    for (const name of options.revoke ?? []) await revokeChannelToken(database.env, state.tokens[name]!.id);
    for (const name of options.expire ?? []) await expireChannelToken(database.env, state.tokens[name]!.id);
    for (const [name, url] of Object.entries(options.callbacks ?? {}) as [Name, string][]) {
      state.callbackSecrets[name] = await setTokenCallback(database.env, state.tokens[name]!.id, url);
    }
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
  return {
    backend,
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
