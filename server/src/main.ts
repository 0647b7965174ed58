// Starts the server: open the database (locked, for PGlite), listen, migrate, print the demo token when new.

import { listenForMetrics } from "./api/metrics/metrics-listener.ts";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createDemoOwnerLink, createDemoToken, demoBanner } from "./core/accounts/demo-account.ts";
import { type HandoffRuntime, startHandoff } from "./core/handoff/handoff-runtime.ts";
import { createLeadFeed } from "./core/leads/lead-feed.ts";
import { type Database, DatabaseUnavailableError } from "./db/database.ts";
import { DirectoryLockedError } from "./db/directory-lock.ts";
import { bunSqlListen } from "./db/listen.ts";
import { migrate } from "./db/migrate.ts";
import { openDatabase } from "./db/open-database.ts";
import { createCorsPolicy } from "./http/cors-policy.ts";
import { listenOnExactPaths } from "./http/exact-path-listener.ts";
import { createLogger, describeError } from "./logger.ts";
import { startMemoryGuard } from "./memory-guard.ts";
import { createServiceMetrics } from "./metrics.ts";

const MIGRATION_RETRY_MS = 2_000;
const config = loadConfig();
const logger = createLogger(config.logLevel);
if (config.memoryTargetMb > 0) startMemoryGuard({ targetBytes: config.memoryTargetMb * 2 ** 20 });
const metrics = createServiceMetrics();
let handoff: HandoffRuntime | undefined;

let db: Database;
try {
  db = await openDatabase(config);
} catch (error) {
  if (error instanceof DirectoryLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The inbox's live feed: every process on one PostgreSQL hears every other's changes (NOTIFY after commit).
const feed = createLeadFeed({
  db,
  logger,
  listen: config.databaseUrl ? bunSqlListen(config.databaseUrl) : undefined,
});
const leadsChanged = (accountIds: string[]) => feed.publish(...accountIds);
/** Aborted first at shutdown: the inbox's open event streams end, so app.stop() does not wait for them. */
const closing = new AbortController();

let ready = false;
const app = createApp({
  db,
  logger,
  isReady: () => ready,
  rateLimit: { perSecond: config.rateLimitPerSecond, burst: config.rateLimitBurst },
  cors: createCorsPolicy(config.corsAllowedOrigins),
  failedAuthPerMinute: config.failedAuthPerMinute,
  trustProxy: config.trustProxy,
  metrics,
  feed,
  wakeDispatcher: () => handoff?.taskCommitted(),
  ownTaskLeaseMs: () => handoff?.ownTaskLeaseMs?.(),
  closing: closing.signal,
  // A task this process just committed: deliver it now rather than at the next poll; one written
  // leased to this process's dispatcher goes straight to it.
  events: {
    leadStored(event) {
      if (!event.responseTaskId) return;
      if (event.responseTaskLeased && handoff?.handOver) handoff.handOver(event.lead, event.responseTaskId);
      else handoff?.taskCommitted();
    },
  },
  assistantSecret: config.handoff.webhookSecret,
  intakeBatch: config.intakeBatch,
});
const { metricsPort, metricsHost } = config;
const server = listenOnExactPaths(app, {
  port: config.port,
  hostname: config.host,
  logger,
  except: metricsPort === undefined ? [] : ["/metrics"],
});
const metricsServer =
  metricsPort === undefined
    ? undefined
    : listenForMetrics(metrics, { port: metricsPort, hostname: metricsHost, logger });
const port = server.port ?? config.port;
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
const baseUrl = `http://${shownHost}:${port}`;
logger.info("listening", {
  url: baseUrl,
  metrics: metricsServer ? `http://${metricsHost}:${metricsServer.port}/metrics` : `${baseUrl}/metrics`,
  database: db.kind === "postgres" ? "postgresql" : `pglite:${config.pgliteDir}`,
});

/** A database that is down at start is waited for: /healthz answers meanwhile and the intake says 503. */
async function migrateWhenReachable() {
  for (;;) {
    try {
      return await migrate(db);
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      logger.warn("database unreachable, retrying migrations", describeError(error));
      await Bun.sleep(MIGRATION_RETRY_MS);
    }
  }
}

const migration = await migrateWhenReachable();
if (migration.applied.length > 0)
  logger.info("migrations applied", { versions: migration.applied.join(",") });
if (migration.fresh && db.kind === "pglite") {
  const demo = await createDemoToken(db);
  const signInLink = await createDemoOwnerLink(db, config.publicUrl ?? baseUrl);
  process.stdout.write(demoBanner(baseUrl, demo.token, signInLink));
}
ready = true;
// The five-minute response; DISPATCHER=off leaves it to `bun run stl dispatch` workers.
const { databaseUrl, databaseTimeoutMs } = config;
handoff = await startHandoff({
  mode: "server",
  db,
  config: config.handoff,
  logger,
  metrics,
  databaseUrl,
  databaseTimeoutMs,
  leadsChanged,
});
logger.info("ready", { url: baseUrl });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    logger.warn("second signal, exiting now", { signal });
    process.exit(1);
  }
  stopping = true;
  logger.info("shutting down", { signal });
  // Stops accepting connections and waits for requests in flight; then the pool (or PGlite) closes.
  closing.abort();
  await Promise.all([server.stop(), metricsServer?.stop()]);
  await handoff?.stop();
  await feed.close();
  await db.close();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
