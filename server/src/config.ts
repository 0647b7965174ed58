// Server settings from environment variables; each one and its default is listed in server/README.md.
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_DATABASE_TIMEOUT_MS } from "./db/database.ts";
import { corsOriginsFromEnv } from "./modules/cors/cors-policy.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface ServerConfig {
  port: number;
  host: string;
  /** Set: real PostgreSQL through Bun's SQL client. Unset: embedded PGlite in pgliteDir. */
  databaseUrl: string | undefined;
  /** Absolute path, or "memory" for a throwaway database. */
  pgliteDir: string;
  /** Steady per-token rate; 0 turns rate limiting off. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  logLevel: LogLevel;
  /** Connections in the PostgreSQL pool: a small pool measured best here (see STACK-NOTES). */
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
  /** Failed token lookups one client address may cause per minute; 0 turns the limit off. */
  failedAuthPerMinute: number;
  /** This server's address as browsers reach it (PUBLIC_URL): the base of printed sign-in links. */
  publicUrl: string | undefined;
}

/** The repository root: relative PGLITE_DIR values resolve here, so `bun start` and `bun run stl` agree. */
export const REPOSITORY_ROOT = resolve(fileURLToPath(import.meta.url), "..", "..", "..");

const LOG_LEVELS: LogLevel[] = ["debug", "info", "warn", "error", "silent"];

function numberSetting(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

function booleanSetting(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

export function resolvePgliteDir(raw: string | undefined): string {
  const dir = raw?.trim() || ".data/pglite";
  if (dir === "memory") return dir;
  return isAbsolute(dir) ? dir : join(REPOSITORY_ROOT, dir);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const databaseTimeoutMs = numberSetting(env, "DATABASE_TIMEOUT_MS", DEFAULT_DATABASE_TIMEOUT_MS);
  if (databaseTimeoutMs === 0)
    throw new Error("DATABASE_TIMEOUT_MS must be above 0: every statement is bounded");
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, "") || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be http(s)://host[:port] without a path, got "${env.PUBLIC_URL}"`);
  return {
    port: numberSetting(env, "PORT", 3000),
    host: env.HOST?.trim() || "0.0.0.0",
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    pgliteDir: resolvePgliteDir(env.PGLITE_DIR),
    rateLimitPerSecond: numberSetting(env, "RATE_LIMIT_PER_SECOND", 50),
    rateLimitBurst: numberSetting(env, "RATE_LIMIT_BURST", 100),
    logLevel,
    databasePoolSize: numberSetting(env, "DATABASE_POOL_SIZE", 4),
    databaseTimeoutMs,
    corsAllowedOrigins: corsOriginsFromEnv(env.CORS_ALLOWED_ORIGINS),
    metricsPort: env.METRICS_PORT?.trim() ? numberSetting(env, "METRICS_PORT", 0) : undefined,
    metricsHost: env.METRICS_HOST?.trim() || "127.0.0.1",
    trustProxy: booleanSetting(env, "TRUST_PROXY", false),
    failedAuthPerMinute: numberSetting(env, "FAILED_AUTH_PER_MINUTE", 60),
    publicUrl,
  };
}
