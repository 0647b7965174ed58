// The process, in one of two modes: `server` (the API and the console, and unless DISPATCHER=off the
// hand-off) and `worker` (`stl dispatch`: the hand-off alone). Everything a process starts is started here.
import { countStoredLeads } from "./api/metrics/intake-metrics.ts";
import { listenForMetrics } from "./api/metrics/metrics-listener.ts";
import { createApp } from "./app.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { createDemoOwnerLink, createDemoToken, demoBanner } from "./core/accounts/demo-account.ts";
import { startExpiredRowsSweep } from "./core/accounts/expired-rows-sweep.ts";
import { smtpMailer } from "./core/accounts/smtp-mailer.ts";
import { CallbackSender } from "./core/callbacks/callback-sender.ts";
import { CALLBACK_URLS_CHANNEL } from "./core/callbacks/callback-urls.ts";
import { type HandoffRuntime, startHandoff } from "./core/handoff/handoff-runtime.ts";
import { WATCH_POLL_MS as INBOX_POLL_MS } from "./core/inbox/watch-inbox.ts";
import { createLeadChangeBus, type LeadChangeBus } from "./core/leads/lead-change-bus.ts";
import { createLeadFeed, type LeadFeed, publishLeadChanges } from "./core/leads/lead-feed.ts";
import { type Database, DatabaseMisconfiguredError, DatabaseUnavailableError } from "./db/database.ts";
import { DirectoryLockedError } from "./db/directory-lock.ts";
import { bunSqlListen, type ListenFn, listenUrl } from "./db/listen.ts";
import { migrate } from "./db/migrate.ts";
import { notifyChannel } from "./db/notify-channel.ts";
import { openDatabase } from "./db/open-database.ts";
import { createCorsPolicy } from "./http/cors-policy.ts";
import { listenOnExactPaths } from "./http/exact-path-listener.ts";
import { createLogger, describeError, type Logger } from "./logger.ts";
import { startMemoryGuard } from "./memory-guard.ts";
import { createServiceMetrics, type ServiceMetrics } from "./metrics.ts";

const MIGRATION_RETRY_MS = 2_000;

/** What runs behind the requests in both modes: the lead feed, the hand-off and the status callbacks. */
interface Background {
  feed: LeadFeed;
  handoff: HandoffRuntime;
  stop(): Promise<void>;
}

async function startBackground(
  mode: "server" | "worker",
  config: ServerConfig,
  db: Database,
  logger: Logger,
  metrics: ServiceMetrics,
  feed: LeadFeed,
  leadChanges: LeadChangeBus,
): Promise<Background> {
  const { databaseUrl, databaseTimeoutMs, databasePooler } = config;
  // The five-minute response; DISPATCHER=off leaves it to `stl dispatch` workers. A server's dispatcher
  // gets a pool of its own beside the intake's; a worker claims on the pool it was given.
  const handoff = await startHandoff({
    mode,
    db,
    config: config.handoff,
    logger,
    metrics,
    databaseUrl: mode === "server" ? databaseUrl : undefined,
    databaseTimeoutMs,
    databasePooler,
    listen: listenerFor(config),
    leadChanges,
  });
  // A committed response task wakes the dispatcher (or, with DISPATCHER=off, the workers) at once.
  const handoffHears = leadChanges.subscribe((change) => handoff.leadChanged(change));
  // Status callbacks leave from the same outbox tables, by the processes that deliver hand-offs.
  const callbacks = handoff.database
    ? new CallbackSender(
        handoff.database,
        { ...config.callbacks, pollIntervalMs: config.handoff.pollIntervalMs },
        logger,
      )
    : undefined;
  callbacks?.start();
  // A URL set by `stl tokens callback` wakes the sender, which stays off the outbox while no token has one.
  const urlChanges =
    callbacks &&
    (await notifyChannel(CALLBACK_URLS_CHANNEL, { listen: listenerFor(config), logger }).listen(() =>
      callbacks.callbackUrlsChanged(),
    ));
  const sweep = startExpiredRowsSweep(db, { intervalSeconds: config.expiredRowsSweepSeconds, logger });
  return {
    feed,
    handoff,
    async stop() {
      sweep.stop();
      handoffHears();
      await urlChanges?.();
      await callbacks?.stop();
      await handoff.stop();
      await feed.close();
    },
  };
}

/** LISTEN on PostgreSQL itself (DATABASE_DIRECT_URL, or DATABASE_URL unless it is a pooler); undefined: poll. */
function listenerFor(config: ServerConfig): ListenFn | undefined {
  const url = listenUrl(config);
  return url ? bunSqlListen(url) : undefined;
}

/** Said once at start: without LISTEN, what other processes commit is found by polling, and how often. */
function reportWakeUps(config: ServerConfig, logger: Logger) {
  if (!config.databaseUrl || listenUrl(config)) return;
  logger.warn(
    "DATABASE_POOLER=transaction without DATABASE_DIRECT_URL: no LISTEN through the pooler, so wake-ups poll; set DATABASE_DIRECT_URL for wake-ups within milliseconds",
    { dispatcher_poll_ms: config.handoff.pollIntervalMs, inbox_poll_ms: INBOX_POLL_MS },
  );
}

/** The inbox's live feed: this process's own changes at once; other processes' through NOTIFY after commit. */
const leadFeedFor = (config: ServerConfig, db: Database, logger: Logger) =>
  createLeadFeed({ db, logger, listen: listenerFor(config), notify: db.kind === "postgres" });

/** A configuration error at start (DatabaseMisconfiguredError): said with its fix, and the process exits. */
function exitMisconfigured(error: DatabaseMisconfiguredError, logger: Logger): never {
  logger.error("database misconfigured", describeError(error));
  process.exit(1);
}

const signalled = () =>
  new Promise<string>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });

/**
 * `worker` mode (`bun run stl dispatch`): for several workers, or servers run with DISPATCHER=off, on one
 * PostgreSQL. DISPATCH_METRICS_PORT, when set, serves this worker's GET /metrics. Returns at SIGTERM or SIGINT.
 */
export async function runWorker(
  config: ServerConfig,
  db: Database,
  print: (line: string) => void,
): Promise<number> {
  const logger = createLogger(config.logLevel);
  const metrics = createServiceMetrics();
  reportWakeUps(config, logger);
  // Inboxes served by other processes hear of this worker's hand-offs through the lead feed's NOTIFY.
  const feed = leadFeedFor(config, db, logger);
  const leadChanges = createLeadChangeBus(logger);
  leadChanges.subscribe(publishLeadChanges(feed));
  const background = await startBackground("worker", config, db, logger, metrics, feed, leadChanges);
  const metricsPort = config.handoff.workerMetricsPort;
  const metricsServer =
    metricsPort === undefined
      ? undefined
      : listenForMetrics(metrics, { port: metricsPort, hostname: config.host, logger });
  print(`Dispatching response tasks to the ${background.handoff.assistant?.kind} assistant; Ctrl-C to stop.`);
  const signal = await signalled();
  logger.info("dispatcher stopping", { signal, in_flight: background.handoff.busy });
  await metricsServer?.stop();
  await background.stop();
  logger.info("dispatcher stopped");
  return 0;
}

/** `server` mode (`bun start`): open the database (locked, for PGlite), listen, migrate, print the demo token when new. */
export async function runServer(config: ServerConfig): Promise<void> {
  const logger = createLogger(config.logLevel);
  if (config.memoryTargetMb > 0) startMemoryGuard({ targetBytes: config.memoryTargetMb * 2 ** 20 });
  const metrics = createServiceMetrics();
  let background: Background | undefined;

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

  const feed = leadFeedFor(config, db, logger);
  // "A lead changed", said once by the intake, the console and the dispatcher; heard by the inboxes' feed,
  // the metrics and (once started) the hand-off.
  const leadChanges = createLeadChangeBus(logger);
  leadChanges.subscribe(publishLeadChanges(feed));
  leadChanges.subscribe(countStoredLeads(metrics));
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
    publicUrl: config.publicUrl,
    mailer: config.smtpUrl && config.publicUrl ? smtpMailer(config.smtpUrl, config.publicUrl) : undefined,
    passwordChecksAtOnce: config.passwordChecksAtOnce,
    metrics,
    feed,
    leadChanges,
    ownTaskLeaseMs: () => background?.handoff.ownTaskLeaseMs?.(),
    closing: closing.signal,
    assistantSecret: config.handoff.webhookSecret,
    evidenceKey: config.evidenceSigningKey,
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
        if (error instanceof DatabaseMisconfiguredError) exitMisconfigured(error, logger);
        if (!(error instanceof DatabaseUnavailableError)) throw error;
        logger.warn("database unreachable, retrying migrations", describeError(error));
        await Bun.sleep(MIGRATION_RETRY_MS);
      }
    }
  }

  reportWakeUps(config, logger);
  const migration = await migrateWhenReachable();
  if (migration.applied.length > 0)
    logger.info("migrations applied", { versions: migration.applied.join(",") });
  if (migration.fresh && db.kind === "pglite") {
    const demo = await createDemoToken(db);
    const signInLink = await createDemoOwnerLink(db, config.publicUrl ?? baseUrl);
    process.stdout.write(demoBanner(baseUrl, demo.token, signInLink));
  }
  ready = true;
  background = await startBackground("server", config, db, logger, metrics, feed, leadChanges);
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
    await (background?.stop() ?? feed.close());
    await db.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

if (import.meta.main) await runServer(loadConfig());
