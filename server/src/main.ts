// The process, in one of two modes; everything it starts is started here, in this order, and stopped at shutdown:
//   server (`bun start`): memory guard · database · lead feed and lead changes · HTTP server (API and console) ·
//     metrics listener (METRICS_PORT) · migrations · background. The HTTP server and the metrics listener stop
//     first (requests in flight still hand their tasks over), then the rest in reverse.
//   worker (`stl dispatch`): lead feed and lead changes · background · metrics listener (DISPATCH_METRICS_PORT);
//     stopped in reverse.
//   background, in both: hand-off (unless DISPATCHER=off) · its wake-ups · status-callback sender · expired-rows
//     sweep; stopped in reverse (the sender claims on the hand-off's pool).
import { countStoredLeads } from "./api/metrics/intake-metrics.ts";
import { listenForMetrics } from "./api/metrics/metrics-listener.ts";
import { createApp } from "./app.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { mailCallbacksPaused } from "./console/integrations/callbacks-paused-mail.ts";
import { createDemoOwnerLink, createDemoToken, demoBanner } from "./core/accounts/demo-account.ts";
import { startExpiredRowsSweep } from "./core/accounts/expired-rows-sweep.ts";
import { type Mailer, smtpMailer } from "./core/accounts/smtp-mailer.ts";
import type { PausedToken } from "./core/callbacks/callback-pause.ts";
import { startCallbackSender } from "./core/callbacks/callback-sender.ts";
import type { EvidenceKey } from "./core/evidence/evidence-keys.ts";
import { keySecretFileOf, openEvidenceKey } from "./core/evidence/evidence-signing-key.ts";
import { DEFAULT_CLAIM_SETTINGS, startTrustedFormClaims } from "./core/evidence/trustedform-claim.ts";
import { type HandoffRuntime, startHandoff } from "./core/handoff/handoff-runtime.ts";
import { WATCH_POLL_MS as INBOX_POLL_MS } from "./core/inbox/watch-inbox.ts";
import { createLeadChangeBus, type LeadChangeBus } from "./core/leads/lead-change-bus.ts";
import { createLeadFeed, publishLeadChanges } from "./core/leads/lead-feed.ts";
import {
  createRequestLogWriter,
  DEFAULT_REQUEST_LOG_SETTINGS,
} from "./core/request-log/request-log-writer.ts";
import { type Database, DatabaseMisconfiguredError, DatabaseUnavailableError } from "./db/database.ts";
import { DirectoryLockedError } from "./db/directory-lock.ts";
import { bunSqlListen, type ListenFn, listenUrl } from "./db/listen.ts";
import { migrate } from "./db/migrate.ts";
import { openDatabase } from "./db/open-database.ts";
import { createBotCheckVerifier } from "./http/bot-check.ts";
import { createCorsPolicy } from "./http/cors-policy.ts";
import { listenOnExactPaths } from "./http/exact-path-listener.ts";
import { createLogger, describeError, type Logger } from "./logger.ts";
import { startMemoryGuard } from "./memory-guard.ts";
import { createServiceMetrics, type ServiceMetrics } from "./metrics.ts";

const MIGRATION_RETRY_MS = 2_000;

/** What runs behind the requests in both modes; stop() stops its parts in reverse. */
interface Background {
  handoff: HandoffRuntime;
  stop(): Promise<void>;
}

/** Claims are due within hours, not seconds: a round every few seconds is prompt enough. */
const TRUSTEDFORM_CLAIMS_POLL_MS = 5_000;

async function startBackground(
  mode: "server" | "worker",
  config: ServerConfig,
  db: Database,
  logger: Logger,
  metrics: ServiceMetrics,
  leadChanges: LeadChangeBus,
): Promise<Background> {
  const { databaseUrl, databaseTimeoutMs, databasePooler } = config;
  const listen = listenerFor(config);
  // The hand-off, the five-minute response; DISPATCHER=off leaves it to `stl dispatch` workers. A server's
  // dispatcher gets a pool of its own beside the intake's; a worker claims on the pool it was given.
  const handoff = await startHandoff({
    mode,
    db,
    config: config.handoff,
    logger,
    metrics,
    databaseUrl: mode === "server" ? databaseUrl : undefined,
    databaseTimeoutMs,
    databasePooler,
    listen,
    leadChanges,
  });
  // Its wake-ups: a lead change that commits a task wakes the dispatcher (or, DISPATCHER=off, the workers) at once.
  const handoffWakeUps = leadChanges.subscribe((change) => handoff.leadChanged(change));
  // The status-callback sender: the same outbox loop on its own table, in the processes that deliver hand-offs.
  const callbackSettings = { ...config.callbacks, pollIntervalMs: config.handoff.pollIntervalMs };
  // A token paused after a day of failures: its owners are mailed (SMTP_URL and PUBLIC_URL set), else only logged.
  const mailer = mailerFor(config);
  const { publicUrl } = config;
  const onPaused =
    mailer && publicUrl
      ? (token: PausedToken) => void mailCallbacksPaused({ db, mailer, publicUrl, logger }, token, new Date())
      : undefined;
  const callbacks = handoff.database
    ? await startCallbackSender({
        db: handoff.database,
        settings: callbackSettings,
        listen,
        logger,
        onPaused,
      })
    : undefined;
  // TrustedForm certificates claimed before they expire, by the processes that deliver hand-offs.
  const claims = handoff.database
    ? startTrustedFormClaims(db, logger, DEFAULT_CLAIM_SETTINGS, TRUSTEDFORM_CLAIMS_POLL_MS)
    : undefined;
  // The sweep of expired sessions, sign-in links and throttle rows.
  const sweep = startExpiredRowsSweep(db, {
    intervalSeconds: config.expiredRowsSweepSeconds,
    auditRetentionDays: config.auditRetentionDays,
    logger,
  });
  return {
    handoff,
    async stop() {
      sweep.stop();
      claims?.stop();
      await callbacks?.stop();
      handoffWakeUps();
      // Deliveries in flight finish and settle; then its own pool closes.
      await handoff.stop();
    },
  };
}

/** SMTP_URL's mailer, with PUBLIC_URL for its sender address and links; undefined without them. */
function mailerFor(config: ServerConfig): Mailer | undefined {
  return config.smtpUrl && config.publicUrl
    ? smtpMailer(config.smtpUrl, config.publicUrl, { insecure: config.smtpInsecure })
    : undefined;
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

/**
 * The lead changes ("a lead changed", said once by the intake, the console and the dispatcher) and the inboxes'
 * live feed that hears them: this process's own changes at once, other processes' through NOTIFY after commit.
 */
function startLeadChanges(config: ServerConfig, db: Database, logger: Logger) {
  const feed = createLeadFeed({ db, logger, listen: listenerFor(config), notify: db.kind === "postgres" });
  const leadChanges = createLeadChangeBus(logger);
  leadChanges.subscribe(publishLeadChanges(feed));
  return { feed, leadChanges };
}

/** A configuration error at start (DatabaseMisconfiguredError): said with its fix, and the process exits. */
/** The key evidence records are signed with; one that cannot be opened stops the server with the fix. */
async function openServerEvidenceKey(
  config: ServerConfig,
  db: Database,
  logger: Logger,
): Promise<EvidenceKey> {
  const onDisk = db.kind === "pglite" && config.pgliteDir !== "memory";
  try {
    const { key, origin } = await openEvidenceKey(db, {
      privateKey: config.evidencePrivateKey,
      secretFile: onDisk ? keySecretFileOf(config.pgliteDir) : undefined,
    });
    if (origin === "process")
      logger.warn(
        "EVIDENCE_PRIVATE_KEY unset: evidence records are signed with a key of this process (published, never stored)",
        { kid: key.kid },
      );
    else logger.info("evidence signing key", { kid: key.kid, origin });
    return key;
  } catch (error) {
    logger.error("evidence signing key unusable", describeError(error));
    process.exit(1);
  }
}

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
  const { feed, leadChanges } = startLeadChanges(config, db, logger);
  const background = await startBackground("worker", config, db, logger, metrics, leadChanges);
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
  await feed.close();
  logger.info("dispatcher stopped");
  return 0;
}

/** `server` mode (`bun start`): open the database (locked, for PGlite), listen, migrate, print the demo token when new. */
export async function runServer(config: ServerConfig): Promise<void> {
  const logger = createLogger(config.logLevel);
  const memoryGuard =
    config.memoryTargetMb > 0
      ? startMemoryGuard({ targetBytes: config.memoryTargetMb * 2 ** 20 })
      : undefined;
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

  // Heard by the inboxes' feed, the accepted-leads counter and, once the background started, the hand-off.
  const { feed, leadChanges } = startLeadChanges(config, db, logger);
  leadChanges.subscribe(countStoredLeads(metrics));
  /** Aborted first at shutdown: the inbox's open event streams end, so app.stop() does not wait for them. */
  const closing = new AbortController();

  let ready = false;
  // Opened once the migrations ran; requests wait for readiness before they sign anything.
  let evidenceKeyOpened: (key: EvidenceKey) => void = () => {};
  const evidenceKey = new Promise<EvidenceKey>((resolve) => {
    evidenceKeyOpened = resolve;
  });
  // The request log per token: buffered in memory, written in batches, flushed once more at shutdown.
  const requestLog = config.requestLog.enabled
    ? createRequestLogWriter(db, { ...DEFAULT_REQUEST_LOG_SETTINGS, ...config.requestLog }, logger, (count) =>
        metrics.requestLogDropped.inc(count),
      )
    : undefined;
  const app = createApp({
    requestLog,
    db,
    logger,
    isReady: () => ready,
    rateLimit: { perSecond: config.rateLimitPerSecond, burst: config.rateLimitBurst },
    clientRateLimit: config.clientRateLimit,
    botCheck: createBotCheckVerifier(config.botCheck),
    cors: createCorsPolicy(config.corsAllowedOrigins),
    failedAuthPerMinute: config.failedAuthPerMinute,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    auditRetentionDays: config.auditRetentionDays,
    mailer: mailerFor(config),
    passwordChecksAtOnce: config.passwordChecksAtOnce,
    metrics,
    feed,
    leadChanges,
    ownTaskLeaseMs: () => background?.handoff.ownTaskLeaseMs?.(),
    closing: closing.signal,
    assistantSecret: config.handoff.webhookSecret,
    callingHours: config.handoff.callingHours,
    evidenceKey: () => evidenceKey,
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
  evidenceKeyOpened(await openServerEvidenceKey(config, db, logger));
  ready = true;
  background = await startBackground("server", config, db, logger, metrics, leadChanges);
  logger.info("ready", { url: baseUrl });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) {
      logger.warn("second signal, exiting now", { signal });
      process.exit(1);
    }
    stopping = true;
    logger.info("shutting down", { signal });
    // The HTTP server first: open event streams end, no new connection, requests in flight finish.
    closing.abort();
    await Promise.all([server.stop(), metricsServer?.stop()]);
    // Requests answered before the signal log themselves in a setImmediate (Elysia's after-response hook): let
    // those run, then write what the request log still holds.
    await new Promise((resolve) => setImmediate(resolve));
    await requestLog?.stop();
    await background?.stop();
    await feed.close();
    memoryGuard?.stop();
    // Last, the pool (or PGlite).
    await db.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

if (import.meta.main) await runServer(loadConfig());
