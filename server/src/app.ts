// Builds the Elysia application without listening: main.ts serves it, tests call app.handle(new Request(…)).
import { Elysia } from "elysia";
import { assistantEvents } from "./api/assistant-events/index.ts";
import { callChecks } from "./api/call-checks/index.ts";
import { apiDocs } from "./api/docs/index.ts";
import { evidenceKeys } from "./api/evidence-keys/index.ts";
import { health } from "./api/health/index.ts";
import { leadIntake } from "./api/intake/index.ts";
import { leadStatus } from "./api/lead-status/index.ts";
import { metricsRoute } from "./api/metrics/index.ts";
import { countStoredLeads, intakeMetricsEvents } from "./api/metrics/intake-metrics.ts";
import { requestLog } from "./api/request-log/index.ts";
import { consolePages } from "./console/index.ts";
import { DEFAULT_AUDIT_RETENTION_DAYS } from "./core/accounts/audit-log.ts";
import { type Authenticator, createAuthenticator } from "./core/accounts/authenticator.ts";
import {
  createFailedAuthLimiter,
  DEFAULT_FAILED_AUTH_PER_MINUTE,
} from "./core/accounts/failed-auth-limiter.ts";
import { createPasswordWork } from "./core/accounts/password-work.ts";
import type { Mailer } from "./core/accounts/smtp-mailer.ts";
import { type EvidenceKeyRef, processEvidenceKey } from "./core/evidence/evidence-signing-key.ts";
import type { CallingHours } from "./core/handoff/calling-hours.ts";
import { DEFAULT_CALLING_HOURS } from "./core/handoff/handoff-settings.ts";
import type { BatchSettings } from "./core/leads/fresh-lead-batch.ts";
import { createLeadChangeBus, type LeadChangeBus } from "./core/leads/lead-change-bus.ts";
import { createLeadFeed, type LeadFeed, publishLeadChanges } from "./core/leads/lead-feed.ts";
import { registerFormats } from "./core/leads/validation/formats.ts";
import { requestLogEntry } from "./core/request-log/request-log-entry.ts";
import type { RequestLogWriter } from "./core/request-log/request-log-writer.ts";
import type { Database } from "./db/database.ts";
import { DatabaseUnavailableError } from "./db/database.ts";
import { type BotCheckVerifier, createBotCheckVerifier } from "./http/bot-check.ts";
import { clientAddress } from "./http/client-address.ts";
import { type CorsPolicy, createCorsPolicy } from "./http/cors-policy.ts";
import { logRequest } from "./http/request-log.ts";
import { beginRequest, requestState } from "./http/request-state.ts";
import { problemResponse, UNAVAILABLE_RETRY_SECONDS } from "./http/respond.ts";
import { createRateLimiter, DEFAULT_RATE_LIMIT, type RateLimiter } from "./http/token-bucket.ts";
import { describeError, type Logger, silentLogger } from "./logger.ts";
import { createServiceMetrics, type ServiceMetrics } from "./metrics.ts";

export interface AppDeps {
  db: Database;
  logger?: Logger;
  rateLimit?: { perSecond: number; burst: number };
  /** Per intake-only token and client address (RATE_LIMIT_PER_CLIENT_*); a tenth of the token's when absent. */
  clientRateLimit?: { perSecond: number; burst: number };
  /** Verifies forms' bot-check tokens (BOT_CHECK_SECRET, BOT_CHECK_VERIFY_URL); without a secret every check fails. */
  botCheck?: BotCheckVerifier;
  /** Served at GET /metrics and fed by the intake's events; a fresh registry when absent. */
  metrics?: ServiceMetrics;
  /** False until migrations ran; defaults to always ready (tests migrate before building the app). */
  isReady?: () => boolean;
  authenticator?: Authenticator;
  rateLimiter?: RateLimiter;
  /** Cross-origin access for browsers; none when absent. */
  cors?: CorsPolicy;
  /** ASSISTANT_WEBHOOK_SECRET: verifies the assistant's events; without it that endpoint answers 404. */
  assistantSecret?: string;
  /** CALLING_HOURS_START/END, for the pre-dial check's decisions; 08:00–20:00 when absent. */
  callingHours?: CallingHours;
  /** The instant pre-dial checks decide at; Date.now when absent (tests move it into a number's calling hours). */
  callCheckClock?: () => number;
  /** The key lead evidence records are signed with (API and console); this process's own when absent. */
  evidenceKey?: EvidenceKeyRef;
  /** Failed authentications allowed per client address and minute; 0 turns the limit off. */
  failedAuthPerMinute?: number;
  /** TRUST_PROXY: the client's address is the last X-Forwarded-For entry, and X-Forwarded-Proto counts (console cookies). */
  trustProxy?: boolean;
  /** PUBLIC_URL: the base of links the console hands out and mails. */
  publicUrl?: string;
  /** SMTP_URL's mailer: "forgot password" mails a link; absent, the page says whom to ask. */
  mailer?: Mailer;
  /** The console's clock (ms since the epoch; Date.now when absent): tests fix it to age a re-confirmation. */
  clock?: () => number;
  /** AUDIT_RETENTION_DAYS: said on the Audit page (the sweep deletes older rows). */
  auditRetentionDays?: number;
  /** argon2 hashes and verifications at once (PASSWORD_CHECKS_AT_ONCE); the rest are refused with 429. */
  passwordChecksAtOnce?: number;
  /** The inbox's live feed; an in-process one when absent. */
  feed?: LeadFeed;
  /**
   * Where the intake and the console announce lead changes; the caller subscribes the feed, the metrics and
   * the hand-off (main.ts). Absent: a bus of this app's own that tells its feed and counts in its metrics.
   */
  leadChanges?: LeadChangeBus;
  /** The lease fresh leads' tasks are written with while this process's dispatcher takes them itself. */
  ownTaskLeaseMs?: () => number | undefined;
  /** Aborted at shutdown: the inbox's open streams end so the server can stop. */
  closing?: AbortSignal;
  /** Coalesced commits of fresh leads (INTAKE_BATCH_*); the defaults when absent. */
  intakeBatch?: Partial<Pick<BatchSettings, "maxLeads" | "waitMs">>;
  /** Where requests that name a token are logged (REQUEST_LOG); none are when absent. */
  requestLog?: RequestLogWriter;
}

/**
 * @example
 * const app = createApp({ db: await createPgliteDatabase("memory") });
 * const response = await app.handle(new Request("http://localhost/healthz"));
 */
export function createApp(deps: AppDeps) {
  registerFormats();
  const logger = deps.logger ?? silentLogger;
  const isReady = deps.isReady ?? (() => true);
  const metrics = deps.metrics ?? createServiceMetrics();
  const feed = deps.feed ?? createLeadFeed({ db: deps.db, logger });
  const leadChanges = deps.leadChanges ?? ownLeadChanges(feed, metrics, logger);
  const authenticator = deps.authenticator ?? createAuthenticator(deps.db, { logger });
  const rateLimiter =
    deps.rateLimiter ??
    createRateLimiter({
      ratePerSecond: deps.rateLimit?.perSecond ?? DEFAULT_RATE_LIMIT.perSecond,
      burst: deps.rateLimit?.burst ?? DEFAULT_RATE_LIMIT.burst,
    });

  const clientRateLimiter = createRateLimiter(
    deps.clientRateLimit === undefined
      ? perClientShare(deps.rateLimit ?? DEFAULT_RATE_LIMIT)
      : { ratePerSecond: deps.clientRateLimit.perSecond, burst: deps.clientRateLimit.burst },
  );
  const cors = deps.cors ?? createCorsPolicy([]);
  const trustProxy = deps.trustProxy ?? false;
  // One budget of failed token lookups per client address, whichever route did the lookup.
  const failedAuthLimiter = createFailedAuthLimiter({
    perMinute: deps.failedAuthPerMinute ?? DEFAULT_FAILED_AUTH_PER_MINUTE,
  });
  const evidenceKey = deps.evidenceKey ?? processEvidenceKey(deps.db);
  // The assistant's signed endpoints (its events, its pre-dial checks) share a secret and their limits.
  const assistantDeps = {
    db: deps.db,
    secret: deps.assistantSecret,
    rateLimiter,
    invalidSignaturesPerMinute: deps.failedAuthPerMinute,
    trustProxy,
    logger,
    isReady,
  };

  return new Elysia()
    .onRequest(({ request }) => {
      const state = beginRequest(request);
      state.extraHeaders = cors.responseHeaders(request.headers.get("origin"));
      const preflight = cors.preflight(request);
      if (preflight) {
        state.status = preflight.status;
        return preflight;
      }
    })
    .onError(({ request, code, error }) => {
      const state = requestState(request);
      if (code === "NOT_FOUND") return problemResponse(state, "not_found");
      // No route declares a body schema or lets Elysia parse; these only guard future routes.
      if (code === "PARSE") return problemResponse(state, "invalid_json");
      if (code === "VALIDATION") return problemResponse(state, "validation_failed", { errors: [] });
      if (error instanceof DatabaseUnavailableError) {
        return problemResponse(state, "unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
      }
      // Never the body: it holds personal data. The request id ties this line to the response.
      logger.error("unhandled error", {
        request_id: state.requestId,
        elysia_code: String(code),
        ...describeError(error),
      });
      return problemResponse(state, "internal_error");
    })
    .onAfterResponse(({ request }) => {
      const state = requestState(request);
      logRequest(logger, request, state);
      // After the answer went out, into memory only: the writer flushes in batches.
      const entry =
        deps.requestLog &&
        requestLogEntry(
          {
            method: request.method,
            url: request.url,
            clientAddress: clientAddress(request, trustProxy),
            headers: {
              date: request.headers.get("date"),
              idempotencyKey: request.headers.get("idempotency-key"),
            },
          },
          state,
        );
      if (entry) deps.requestLog?.record(entry);
    })
    .use(
      leadIntake({
        db: deps.db,
        authenticator,
        rateLimiter,
        clientRateLimiter,
        botCheck: deps.botCheck ?? createBotCheckVerifier({ secret: undefined }),
        logger,
        events: intakeMetricsEvents(metrics),
        leadChanges,
        isReady,
        failedAuthLimiter,
        trustProxy,
        batch: deps.intakeBatch,
        ownTaskLeaseMs: deps.ownTaskLeaseMs,
      }),
    )
    .use(
      leadStatus({
        db: deps.db,
        authenticator,
        rateLimiter,
        failedAuthLimiter,
        trustProxy,
        isReady,
        evidenceKey,
      }),
    )
    .use(requestLog({ db: deps.db, authenticator, rateLimiter, failedAuthLimiter, trustProxy, isReady }))
    .use(assistantEvents(assistantDeps))
    .use(
      callChecks({
        ...assistantDeps,
        callingHours: deps.callingHours ?? DEFAULT_CALLING_HOURS,
        now: deps.callCheckClock,
      }),
    )
    .use(evidenceKeys({ db: deps.db, isReady, evidenceKey }))
    .use(metricsRoute(metrics))
    .use(apiDocs())
    .use(health({ db: deps.db, isReady, logger }))
    .use(
      consolePages(
        {
          db: deps.db,
          logger,
          trustProxy,
          publicUrl: deps.publicUrl,
          mailer: deps.mailer,
          auditRetentionDays: deps.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
          clock: deps.clock ?? Date.now,
          passwordWork: createPasswordWork(deps.passwordChecksAtOnce),
          signInAttempts: metrics.signInAttempts,
          evidenceKey,
        },
        {
          feed,
          leadChanges,
          closing: deps.closing ?? new AbortController().signal,
        },
      ),
    );
}

/** A client's share of an intake-only token's rate: a tenth (at least 1 a second, a burst of 2). */
const perClientShare = (token: { perSecond: number; burst: number }) => ({
  ratePerSecond: token.perSecond === 0 ? 0 : Math.max(1, token.perSecond / 10),
  burst: token.burst === 0 ? 0 : Math.max(2, Math.floor(token.burst / 10)),
});

/** An app built without a process around it (tests): its lead changes reach its own feed and metrics. */
function ownLeadChanges(feed: LeadFeed, metrics: ServiceMetrics, logger: Logger): LeadChangeBus {
  const leadChanges = createLeadChangeBus(logger);
  leadChanges.subscribe(publishLeadChanges(feed));
  leadChanges.subscribe(countStoredLeads(metrics));
  return leadChanges;
}

export type App = ReturnType<typeof createApp>;
