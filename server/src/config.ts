// Server settings from environment variables; each one and its default is listed in server/README.md.
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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
  /** Origins a browser may call from (CORS); empty: none. */
  corsAllowedOrigins: string[];
  /** X-Forwarded-Proto and X-Forwarded-For count (the server runs behind a proxy that sets them). */
  trustProxy: boolean;
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

export function resolvePgliteDir(raw: string | undefined): string {
  const dir = raw?.trim() || ".data/pglite";
  if (dir === "memory") return dir;
  return isAbsolute(dir) ? dir : join(REPOSITORY_ROOT, dir);
}

function booleanSetting(env: Record<string, string | undefined>, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? "";
  if (raw === "" || raw === "false" || raw === "0" || raw === "no") return false;
  if (raw === "true" || raw === "1" || raw === "yes") return true;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const port = numberSetting(env, "PORT", 3000);
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, "") || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be http(s)://host[:port] without a path, got "${env.PUBLIC_URL}"`);
  return {
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    pgliteDir: resolvePgliteDir(env.PGLITE_DIR),
    rateLimitPerSecond: numberSetting(env, "RATE_LIMIT_PER_SECOND", 50),
    rateLimitBurst: numberSetting(env, "RATE_LIMIT_BURST", 100),
    logLevel,
    databasePoolSize: numberSetting(env, "DATABASE_POOL_SIZE", 4),
    corsAllowedOrigins: corsOriginsFromEnv(env.CORS_ALLOWED_ORIGINS),
    trustProxy: booleanSetting(env, "TRUST_PROXY"),
    publicUrl,
  };
}
