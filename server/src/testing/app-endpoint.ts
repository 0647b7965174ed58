// The in-process adapter of the contract suites: createApp on a fresh database, reached by app.handle.
import { afterAll, beforeAll } from "vitest";
import { type AppDeps, createApp } from "../app.ts";
import type { Database } from "../db/database.ts";
import type { Backend } from "./backends.ts";
import type { ContractEndpoint, Endpoint } from "./endpoint.ts";
import { PROPERTY_RUNS_PER_DATABASE } from "./property-runs.ts";
import { type ChannelToken, seedTokensIn, type TokenPlan } from "./seed-tokens.ts";
import { openTestDatabase } from "./test-database.ts";

/** Far above what a suite sends, as the process adapter sets them: the limiters stay on every request's path. */
const UNLIMITED: Partial<AppDeps> = {
  rateLimit: { perSecond: 1_000_000, burst: 1_000_000 },
  failedAuthPerMinute: 1_000_000,
};

/**
 * Registers beforeAll/afterAll hooks and returns an endpoint that is usable once beforeAll has run: a fresh
 * database of `backend`, the planned tokens, and the app as `main.ts` builds it, without a socket.
 *
 * @example const endpoint = useAppEndpoint("pglite", { tokens: { main: "acme" } }); … endpoint.fetch(request)
 */
export function useAppEndpoint<Name extends string>(
  backend: Backend,
  plan: TokenPlan<Name>,
  deps: Partial<AppDeps> = {},
): ContractEndpoint<Name> {
  let db: Database | undefined;
  let tokens: Record<Name, ChannelToken> | undefined;
  let handle: Endpoint["fetch"] | undefined;

  beforeAll(async () => {
    db = await openTestDatabase(backend, 4);
    tokens = (await seedTokensIn(db, plan)).tokens;
    const app = createApp({ db, ...UNLIMITED, ...deps });
    handle = (request) => app.handle(request);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the app is not ready: use it inside a test, after beforeAll");
    return value;
  };
  const endpoint: ContractEndpoint<Name> = {
    baseUrl: "http://localhost",
    propertyRuns: PROPERTY_RUNS_PER_DATABASE,
    fetch: (request) => ready(handle)(request),
    get tokens() {
      return ready(tokens);
    },
    get ways() {
      return [endpoint];
    },
    async countRows(query, value) {
      const [row] = await ready(db).query<{ count: number }>(query, [value]);
      return row?.count;
    },
  };
  return endpoint;
}
