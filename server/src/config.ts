// Every setting from environment variables, read once, in sections; each one and its default is listed in server/README.md.

import type { KeyObject } from "node:crypto";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_AUDIT_RETENTION_DAYS } from "./core/accounts/audit-log.ts";
import { DEFAULT_FAILED_AUTH_PER_MINUTE } from "./core/accounts/failed-auth-limiter.ts";
import { DEFAULT_PASSWORD_CHECKS_AT_ONCE } from "./core/accounts/password-work.ts";
import { CALLBACK_PAUSE_AFTER_MS } from "./core/callbacks/callback-pause.ts";
import { parseEvidencePrivateKey } from "./core/evidence/evidence-signing-key.ts";
import { parseClockTime, rulesOutsideHours } from "./core/handoff/calling-hours.ts";
import type { HandoffConfig } from "./core/handoff/handoff-settings.ts";
import { DEFAULT_BATCH_SETTINGS } from "./core/leads/fresh-lead-batch.ts";
import type { PoolerMode } from "./db/connection-check.ts";
import { DEFAULT_DATABASE_TIMEOUT_MS } from "./db/database.ts";
import { DEFAULT_RATE_LIMIT } from "./http/token-bucket.ts";
import type { LogLevel } from "./logger.ts";

type Env = Record<string, string | undefined>;

export interface ServerConfig {
  port: number;
  host: string;
  /** Set: real PostgreSQL through Bun's SQL client. Unset: embedded PGlite in pgliteDir. */
  databaseUrl: string | undefined;
  /** DATABASE_POOLER: "transaction" or "session" when DATABASE_URL reaches a pooler in that mode. */
  databasePooler: PoolerMode;
  /** DATABASE_DIRECT_URL: PostgreSQL itself, for LISTEN when DATABASE_URL is a pooler. */
  databaseDirectUrl: string | undefined;
  /** Absolute path, or "memory" for a throwaway database. */
  pgliteDir: string;
  /** Steady per-token rate of this process (RATE_LIMIT_PER_SECOND / SERVER_PROCESSES); 0 turns rate limiting off. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /** Per intake-only token and client (RATE_LIMIT_PER_CLIENT_PER_SECOND, _BURST); unset: a tenth of the token's. */
  clientRateLimit: { perSecond: number; burst: number } | undefined;
  /** BOT_CHECK_SECRET and BOT_CHECK_VERIFY_URL: how forms' bot-check tokens are verified. */
  botCheck: { secret: string | undefined; verifyUrl: string | undefined };
  logLevel: LogLevel;
  /** Connections in the PostgreSQL pool: a small pool measured best here. */
  databasePoolSize: number;
  /** statement_timeout on PostgreSQL; the client's own deadline is a second later (a frozen database). */
  databaseTimeoutMs: number;
  /** Origins a browser may call from (CORS); empty: none. */
  corsAllowedOrigins: string[];
  /** Set: GET /metrics is served on this port (on metricsHost) and no longer on the API's port. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Behind a reverse proxy: the client's address is the one it appends to X-Forwarded-For. */
  trustProxy: boolean;
  /** A full garbage collection runs whenever RSS passes this many MiB; 0 turns it off. */
  memoryTargetMb: number;
  /** Failed token lookups one client address may cause per minute in this process; 0 turns the limit off. */
  failedAuthPerMinute: number;
  /** argon2 hashes and verifications running at once in this process; sign-ins past it get 429. */
  passwordChecksAtOnce: number;
  /** Seconds between sweeps of expired sessions, sign-in links, devices and throttle rows. */
  expiredRowsSweepSeconds: number;
  /** AUDIT_RETENTION_DAYS: audit rows older than this are swept (default 365). */
  auditRetentionDays: number;
  /** This server's address as browsers reach it (PUBLIC_URL): the base of printed sign-in links. */
  publicUrl: string | undefined;
  /** SMTP_URL: where "forgot password" mails go out (needs PUBLIC_URL for the link); none when absent. */
  smtpUrl: string | undefined;
  /** SMTP_INSECURE=true: plain SMTP allowed (a local relay); otherwise STARTTLS is required. */
  smtpInsecure: boolean;
  /** Coalesced commits: fresh leads arriving together are stored by one statement. */
  intakeBatch: { maxLeads: number; waitMs: number };
  /** The five-minute response: who receives hand-offs, when, and how often it retries. */
  handoff: HandoffConfig;
  callbacks: CallbackConfig;
  /** REQUEST_LOG=off turns the request log off; its bounds, per token. */
  requestLog: { enabled: boolean; retentionDays: number; maxRowsPerToken: number };
  /** EVIDENCE_PRIVATE_KEY: the Ed25519 key evidence records are signed with; unset: one kept beside the PGlite data, or the process's own. */
  evidencePrivateKey: KeyObject | undefined;
}

/** Status callbacks to senders: their own pool, limits and backoff (core/callbacks). */
export interface CallbackConfig {
  /** CALLBACK_ALLOW_PRIVATE: loopback and private destinations allowed (local development, tests). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Callbacks in flight at once in this process, and per destination (scheme, host and port). */
  concurrency: number;
  perDestination: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** CALLBACK_PAUSE_AFTER_MS: a token failing this long without one delivery is paused until an owner resumes it. */
  pauseAfterMs: number;
}

/** The repository root: relative PGLITE_DIR values resolve here, so `bun start` and `bun run stl` agree. */
export const REPOSITORY_ROOT = resolve(fileURLToPath(import.meta.url), "..", "..", "..");

/**
 * Where a relative PGLITE_DIR starts: the repository root from source; the working directory for the
 * single executable, which has no repository (its code lives inside the file).
 */
const dataBase = () => (Bun.isStandaloneExecutable ? process.cwd() : REPOSITORY_ROOT);

const LOG_LEVELS: LogLevel[] = ["debug", "info", "warn", "error", "silent"];

/** The one number reader: unset or blank gives the fallback; "zero" admits 0, "above-zero" does not. */
function numberSetting<Fallback extends number | undefined>(
  env: Env,
  name: string,
  fallback: Fallback,
  floor: "zero" | "above-zero" = "zero",
): number | Fallback {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  const ok = Number.isFinite(value) && (floor === "zero" ? value >= 0 : value > 0);
  if (!ok) {
    const kind = floor === "zero" ? "non-negative" : "positive";
    throw new Error(`${name} must be a ${kind} number, got "${env[name]}"`);
  }
  return value;
}

function booleanSetting(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/** One of `allowed`, case-insensitive; unset or blank gives the fallback. */
function choiceSetting<Choice extends string>(
  env: Env,
  name: string,
  allowed: Choice[],
  fallback: Choice,
): Choice {
  const raw = env[name]?.trim().toLowerCase() || fallback;
  if (!(allowed as string[]).includes(raw))
    throw new Error(
      `${name} must be one of ${allowed.map((choice) => `"${choice}"`).join(", ")}, got "${raw}"`,
    );
  return raw as Choice;
}

export function resolvePgliteDir(raw: string | undefined): string {
  const dir = raw?.trim() || ".data/pglite";
  if (dir === "memory") return dir;
  return isAbsolute(dir) ? dir : join(dataBase(), dir);
}

/** CORS_ALLOWED_ORIGINS: comma-separated origins, or "*"; unset or empty means no cross-origin access. */
export function corsOrigins(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter((origin) => origin.length > 0);
}

/** @example const { port, handoff } = loadConfig(); */
export function loadConfig(env: Env = process.env): ServerConfig {
  const logLevel = choiceSetting(env, "LOG_LEVEL", LOG_LEVELS, "info");
  const databaseTimeoutMs = numberSetting(env, "DATABASE_TIMEOUT_MS", DEFAULT_DATABASE_TIMEOUT_MS);
  if (databaseTimeoutMs === 0)
    throw new Error("DATABASE_TIMEOUT_MS must be above 0: every statement is bounded");
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const databasePooler = choiceSetting(env, "DATABASE_POOLER", ["none", "session", "transaction"], "none");
  const databaseDirectUrl = env.DATABASE_DIRECT_URL?.trim() || undefined;
  if (!databaseUrl && (databasePooler !== "none" || databaseDirectUrl))
    throw new Error("DATABASE_POOLER and DATABASE_DIRECT_URL need DATABASE_URL (PostgreSQL)");
  // Limits kept per process, each 1/N of the whole: a shared counter would cost a write per request.
  const processes = Math.floor(numberSetting(env, "SERVER_PROCESSES", 1, "above-zero"));
  const share = (total: number) => (total === 0 ? 0 : Math.max(1, Math.floor(total / processes)));
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, "") || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be http(s)://host[:port] without a path, got "${env.PUBLIC_URL}"`);
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]+/.test(smtpUrl))
    throw new Error("SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://…");
  // A mailed link's host comes from PUBLIC_URL, never from a request's Host header (link poisoning).
  if (smtpUrl !== undefined && publicUrl === undefined)
    throw new Error("SMTP_URL needs PUBLIC_URL: the address mailed links point to");
  return {
    port: numberSetting(env, "PORT", 3000),
    host: env.HOST?.trim() || "0.0.0.0",
    databaseUrl,
    databasePooler,
    databaseDirectUrl,
    pgliteDir: resolvePgliteDir(env.PGLITE_DIR),
    rateLimitPerSecond: share(numberSetting(env, "RATE_LIMIT_PER_SECOND", DEFAULT_RATE_LIMIT.perSecond)),
    rateLimitBurst: share(numberSetting(env, "RATE_LIMIT_BURST", DEFAULT_RATE_LIMIT.burst)),
    clientRateLimit: clientRateSection(env, share),
    botCheck: botCheckSection(env),
    logLevel,
    databasePoolSize: numberSetting(env, "DATABASE_POOL_SIZE", 4),
    databaseTimeoutMs,
    corsAllowedOrigins: corsOrigins(env.CORS_ALLOWED_ORIGINS),
    metricsPort: numberSetting(env, "METRICS_PORT", undefined),
    metricsHost: env.METRICS_HOST?.trim() || "127.0.0.1",
    trustProxy: booleanSetting(env, "TRUST_PROXY", false),
    failedAuthPerMinute: share(numberSetting(env, "FAILED_AUTH_PER_MINUTE", DEFAULT_FAILED_AUTH_PER_MINUTE)),
    passwordChecksAtOnce: Math.max(
      1,
      Math.floor(
        numberSetting(env, "PASSWORD_CHECKS_AT_ONCE", DEFAULT_PASSWORD_CHECKS_AT_ONCE, "above-zero"),
      ),
    ),
    expiredRowsSweepSeconds: numberSetting(env, "EXPIRED_ROWS_SWEEP_SECONDS", 600, "above-zero"),
    auditRetentionDays: Math.ceil(
      numberSetting(env, "AUDIT_RETENTION_DAYS", DEFAULT_AUDIT_RETENTION_DAYS, "above-zero"),
    ),
    memoryTargetMb: numberSetting(env, "MEMORY_TARGET_MB", 0),
    publicUrl,
    smtpUrl,
    smtpInsecure: env.SMTP_INSECURE?.trim().toLowerCase() === "true",
    intakeBatch: {
      maxLeads: Math.max(
        1,
        Math.floor(
          numberSetting(env, "INTAKE_BATCH_MAX_LEADS", DEFAULT_BATCH_SETTINGS.maxLeads, "above-zero"),
        ),
      ),
      waitMs: numberSetting(env, "INTAKE_BATCH_WAIT_MS", DEFAULT_BATCH_SETTINGS.waitMs),
    },
    handoff: handoffSection(env, logLevel),
    callbacks: {
      allowPrivate: booleanSetting(env, "CALLBACK_ALLOW_PRIVATE", false),
      timeoutMs: numberSetting(env, "CALLBACK_TIMEOUT_MS", 10_000, "above-zero"),
      concurrency: Math.floor(numberSetting(env, "CALLBACK_CONCURRENCY", 32, "above-zero")),
      perDestination: Math.floor(numberSetting(env, "CALLBACK_PER_DESTINATION", 4, "above-zero")),
      retryBaseMs: numberSetting(env, "CALLBACK_RETRY_BASE_MS", 60_000, "above-zero"),
      retryMaxMs: numberSetting(env, "CALLBACK_RETRY_MAX_MS", 8 * 3_600_000, "above-zero"),
      pauseAfterMs: numberSetting(env, "CALLBACK_PAUSE_AFTER_MS", CALLBACK_PAUSE_AFTER_MS, "above-zero"),
    },
    requestLog: {
      enabled: choiceSetting(env, "REQUEST_LOG", ["on", "off"], "on") === "on",
      retentionDays: Math.ceil(numberSetting(env, "REQUEST_LOG_RETENTION_DAYS", 7, "above-zero")),
      maxRowsPerToken: Math.floor(numberSetting(env, "REQUEST_LOG_MAX_ROWS_PER_TOKEN", 10_000, "above-zero")),
    },
    evidencePrivateKey: evidencePrivateKey(env),
  };
}

function clientRateSection(env: Env, share: (total: number) => number) {
  const perSecond = numberSetting(env, "RATE_LIMIT_PER_CLIENT_PER_SECOND", undefined);
  const burst = numberSetting(env, "RATE_LIMIT_PER_CLIENT_BURST", undefined);
  if (perSecond === undefined && burst === undefined) return undefined;
  if (perSecond === undefined || burst === undefined)
    throw new Error("RATE_LIMIT_PER_CLIENT_PER_SECOND and RATE_LIMIT_PER_CLIENT_BURST go together");
  return { perSecond: share(perSecond), burst: share(burst) };
}

function botCheckSection(env: Env) {
  const verifyUrl = env.BOT_CHECK_VERIFY_URL?.trim() || undefined;
  if (verifyUrl !== undefined && !/^https?:\/\//.test(verifyUrl))
    throw new Error("BOT_CHECK_VERIFY_URL must be an http(s) URL");
  return { secret: env.BOT_CHECK_SECRET?.trim() || undefined, verifyUrl };
}

/** A shared secret let whoever held it mint records: records are now signed with a private key alone. */
function evidencePrivateKey(env: Env): KeyObject | undefined {
  if (env.EVIDENCE_SIGNING_KEY?.trim())
    throw new Error(
      "EVIDENCE_SIGNING_KEY is no longer read: evidence records are signed with Ed25519. Remove it; set EVIDENCE_PRIVATE_KEY (`openssl genpkey -algorithm ed25519`) on PostgreSQL, a PGlite server keeps its own key",
    );
  const text = env.EVIDENCE_PRIVATE_KEY?.trim();
  return text ? parseEvidencePrivateKey(text) : undefined;
}

function handoffSection(env: Env, logLevel: LogLevel): HandoffConfig {
  const dispatcher = choiceSetting(env, "DISPATCHER", ["on", "off"], "on");

  const webhookUrl = env.ASSISTANT_WEBHOOK_URL?.trim() || undefined;
  const webhookSecret = env.ASSISTANT_WEBHOOK_SECRET?.trim() || undefined;
  if (webhookUrl) {
    if (!URL.canParse(webhookUrl) || !/^https?:$/.test(new URL(webhookUrl).protocol)) {
      throw new Error("ASSISTANT_WEBHOOK_URL must be an http(s) URL");
    }
    // Unsigned hand-offs would let anyone who finds the assistant's URL inject calls.
    if (!webhookSecret) throw new Error("ASSISTANT_WEBHOOK_SECRET is required with ASSISTANT_WEBHOOK_URL");
  }

  const start = parseClockTime(env.CALLING_HOURS_START?.trim() || "08:00");
  const end = parseClockTime(env.CALLING_HOURS_END?.trim() || "20:00");
  if (start >= end) throw new Error("CALLING_HOURS_START must be earlier than CALLING_HOURS_END");
  const unreachable = rulesOutsideHours({ start, end });
  if (unreachable.length > 0) {
    throw new Error(
      `CALLING_HOURS_START–CALLING_HOURS_END leave no calling time under ${unreachable.join(", ")}: the hours may only narrow the rules`,
    );
  }

  return {
    dispatcherInServer: dispatcher === "on",
    webhookUrl,
    webhookSecret,
    webhookTimeoutMs: numberSetting(env, "ASSISTANT_WEBHOOK_TIMEOUT_MS", 10_000, "above-zero"),
    callingHours: { start, end },
    pollIntervalMs: numberSetting(env, "DISPATCHER_POLL_MS", 1_000, "above-zero"),
    retryBaseMs: numberSetting(env, "DISPATCHER_RETRY_BASE_MS", 1_000, "above-zero"),
    retryMaxMs: numberSetting(env, "DISPATCHER_RETRY_MAX_MS", 30_000, "above-zero"),
    concurrency: Math.floor(numberSetting(env, "DISPATCHER_CONCURRENCY", 32, "above-zero")),
    printHandoffs: logLevel === "debug" || logLevel === "info",
    consolePersonalData: choiceSetting(env, "ASSISTANT_CONSOLE_PERSONAL_DATA", ["masked", "full"], "masked"),
    workerMetricsPort: numberSetting(env, "DISPATCH_METRICS_PORT", undefined),
  };
}
