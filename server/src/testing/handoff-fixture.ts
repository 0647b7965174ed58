// A database, the real intake app, a fake assistant and dispatchers wired together, for hand-off tests.
import { LEAD_INTAKE_PATH, type LeadAccepted } from "@speed-to-lead/spec";
import type { Metric } from "prom-client";
import { inject } from "vitest";
import { countStoredLeads } from "../api/metrics/intake-metrics.ts";
import { type App, createApp } from "../app.ts";
import { createChannelToken, ensureAccount } from "../core/accounts/token-repository.ts";
import { Dispatcher, type DispatcherSettings } from "../core/handoff/dispatcher.ts";
import { createWebhookAssistant } from "../core/handoff/webhook-assistant.ts";
import { createLeadChangeBus, type LeadChangeBus, taskDue } from "../core/leads/lead-change-bus.ts";
import { createLeadFeed, type LeadFeed, publishLeadChanges } from "../core/leads/lead-feed.ts";
import { createBunSqlDatabase } from "../db/bun-sql-driver.ts";
import type { Database } from "../db/database.ts";
import { bunSqlListen } from "../db/listen.ts";
import { migrate } from "../db/migrate.ts";
import { silentLogger } from "../logger.ts";
import { createServiceMetrics, type ServiceMetrics } from "../metrics.ts";
import type { Backend } from "./backends.ts";
import { type FakeAssistant, startFakeAssistant } from "./fake-assistant.ts";
import { createMemoryDatabase } from "./fresh-pglite.ts";
import { createDatabase } from "./postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** From test/harness/global-setup.ts: superuser URL of the run's PostgreSQL cluster. */
    postgresAdminUrl: string;
  }
}

/** A fresh, empty PostgreSQL database in the test run's cluster. */
export async function createPostgresTestDatabase(): Promise<string> {
  return await createDatabase(inject("postgresAdminUrl"));
}

/** The current value of a counter or histogram series (`_count` / `_sum` by metric name suffix). */
export async function metricValue(metric: Metric, name?: string, labels: Record<string, string> = {}) {
  const { values } = await metric.get();
  const match = values.find(
    (value) =>
      (!name || (value as { metricName?: string }).metricName === name) &&
      Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted),
  );
  return match?.value ?? 0;
}

/** Fast retries and polls, so a test sees several attempts within a second. */
export const TEST_DISPATCHER_SETTINGS: DispatcherSettings = {
  pollIntervalMs: 200,
  retryBaseMs: 20,
  retryMaxMs: 200,
  concurrency: 8,
  webhookTimeoutMs: 2_000,
  callingHours: { start: 8 * 60, end: 20 * 60 },
};

export interface HandoffFixture {
  db: Database;
  app: App;
  /** The account the fixture's token belongs to. */
  accountId: string;
  metrics: ServiceMetrics;
  /** The lead changes, heard as a server hears them: the feed, the metrics and the started dispatchers. */
  leadChanges: LeadChangeBus;
  /** The inbox's live feed (in-process; LISTEN/NOTIFY too when opened with `listen`). */
  feed: LeadFeed;
  assistant: FakeAssistant;
  token: string;
  /** Posts a lead through the real intake route. */
  post(lead: unknown, headers?: Record<string, string>): Promise<{ status: number; body: LeadAccepted }>;
  /** A started dispatcher delivering to the fake assistant; stopped by close(). */
  startDispatcher(settings?: Partial<DispatcherSettings>, db?: Database): Dispatcher;
  /** Stops every dispatcher started so far and resets the assistant: the next test starts clean. */
  reset(): Promise<void>;
  /** Resolves once no task is pending. */
  waitUntilSettled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// Re-exported: the hand-off suites took the run's databases from here first.
export { BACKENDS } from "./backends.ts";
export type { Backend };

/** A fixture on a fresh database of the backend: an in-memory PGlite or a new PostgreSQL database. */
export async function openHandoffFixtureOn(backend: Backend): Promise<HandoffFixture> {
  return await openHandoffFixture(backend === "postgres" ? await createPostgresTestDatabase() : undefined);
}

/**
 * @param postgresUrl a database to use (PostgreSQL through Bun SQL); without it an in-memory PGlite.
 * @param options.listen the feed LISTENs and NOTIFYs on that PostgreSQL database, as a server's does.
 * @example const fixture = await openHandoffFixture(await createDatabase(inject("postgresAdminUrl")));
 */
export async function openHandoffFixture(
  postgresUrl?: string,
  options: { listen?: boolean } = {},
): Promise<HandoffFixture> {
  const db = postgresUrl ? createBunSqlDatabase(postgresUrl, { poolSize: 4 }) : await createMemoryDatabase();
  await migrate(db);
  const account = await ensureAccount(db, `acct-${crypto.randomUUID().slice(0, 8)}`);
  const { token } = await createChannelToken(db, account.id, "handoff tests");
  const metrics = createServiceMetrics();
  const assistant = startFakeAssistant();
  const dispatchers: Dispatcher[] = [];
  const listen = options.listen && postgresUrl ? bunSqlListen(postgresUrl) : undefined;
  const feed = createLeadFeed({ db, logger: silentLogger, listen });
  // Wired as main.ts wires a server; a committed task wakes this process's dispatchers at once.
  const leadChanges = createLeadChangeBus(silentLogger);
  leadChanges.subscribe(publishLeadChanges(feed));
  leadChanges.subscribe(countStoredLeads(metrics));
  leadChanges.subscribe((change) => {
    if (taskDue(change)) for (const dispatcher of dispatchers) dispatcher.wake();
  });
  const app = createApp({
    db,
    metrics,
    feed,
    leadChanges,
    rateLimit: { perSecond: 0, burst: 0 },
    // The assistant signs its events with the secret the hand-offs are signed with.
    assistantSecret: assistant.secret,
  });

  return {
    db,
    app,
    accountId: account.id,
    metrics,
    leadChanges,
    feed,
    assistant,
    token,
    async post(lead, headers = {}) {
      const response = await app.handle(
        new Request(`http://localhost${LEAD_INTAKE_PATH}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
          body: JSON.stringify(lead),
        }),
      );
      return { status: response.status, body: await response.json() };
    },
    startDispatcher(settings = {}, onDb = db) {
      const dispatcher = new Dispatcher({
        db: onDb,
        assistant: createWebhookAssistant({ url: assistant.url, secret: assistant.secret, timeoutMs: 2_000 }),
        settings: { ...TEST_DISPATCHER_SETTINGS, ...settings },
        logger: silentLogger,
        metrics,
        leadChanges,
      });
      dispatchers.push(dispatcher);
      dispatcher.start();
      return dispatcher;
    },
    async waitUntilSettled(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await db.query<{ n: number }>("select count(*)::int as n from handoff_queue");
        if (row?.n === 0) return;
        if (Date.now() > deadline) throw new Error(`${row?.n} response tasks still pending`);
        await Bun.sleep(25);
      }
    },
    async reset() {
      await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.stop()));
      assistant.reset();
      metrics.registry.resetMetrics();
    },
    async close() {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
      await feed.close();
      await assistant.stop();
      await db.close();
    },
  };
}

/** A lead the assistant may call: a US phone and a complete consent block. */
export function eligibleLead(overrides: Record<string, unknown> = {}) {
  return {
    phone: "(415) 555-0142",
    first_name: "Ana",
    last_name: "López",
    language: "es",
    property_ref: "12 Oak St",
    price: 450_000,
    source: "form",
    context: { utm: "spring" },
    consent: {
      source: "webform:/contact",
      reference: `sub_${crypto.randomUUID()}`,
      captured_at: new Date().toISOString(),
    },
    ...overrides,
  };
}
