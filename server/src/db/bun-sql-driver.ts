// Real PostgreSQL through Bun's built-in SQL client: the fastest driver measured here, with a small pool.
import type { SQL } from "bun";
import {
  type Database,
  DatabaseError,
  DatabaseUnavailableError,
  isUnavailableState,
  LOCK_TIMEOUT_MS,
  type Row,
} from "./database.ts";

/** Bun reports server errors as ERR_POSTGRES_SERVER_ERROR with the SQLSTATE in errno; anything else is the connection. */
function translate(error: unknown): Error {
  const e = error as { code?: string; errno?: string; message?: string; constraint?: string };
  if (e?.code === "ERR_POSTGRES_SERVER_ERROR") {
    const state = typeof e.errno === "string" ? e.errno : undefined;
    if (isUnavailableState(state)) return new DatabaseUnavailableError(e.message ?? "database unavailable");
    return new DatabaseError(e.message ?? "database error", state, e.constraint);
  }
  if (typeof e?.code === "string" && (e.code.startsWith("ERR_POSTGRES_") || /^E[A-Z]+$/.test(e.code))) {
    return new DatabaseUnavailableError(`${e.code}: ${e.message ?? ""}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

type Runner = { unsafe(text: string, params?: unknown[]): Promise<unknown> };

async function run<T>(runner: Runner, text: string, params?: unknown[]): Promise<T[]> {
  try {
    return (await runner.unsafe(text, params ?? [])) as T[];
  } catch (error) {
    throw translate(error);
  }
}

async function runScript(runner: Runner, script: string): Promise<void> {
  try {
    await runner.unsafe(script);
  } catch (error) {
    throw translate(error);
  }
}

export function createBunSqlDatabase(url: string, options: { poolSize: number }): Database {
  const sql: SQL = new Bun.SQL(url, {
    max: options.poolSize,
    connectionTimeout: 5,
    idleTimeout: 60,
    // A startup parameter rather than SET LOCAL per transaction: saves a round trip per request.
    connection: { lock_timeout: `${LOCK_TIMEOUT_MS}ms`, application_name: "speed-to-lead" },
  });
  return {
    kind: "postgres",
    query: <T = Row>(text: string, params?: unknown[]) => run<T>(sql, text, params),
    exec: (script) => runScript(sql, script),
    async transaction(fn) {
      try {
        return await sql.begin((tx) => fn({ query: (t, p) => run(tx, t, p), exec: (s) => runScript(tx, s) }));
      } catch (error) {
        throw error instanceof DatabaseError || error instanceof DatabaseUnavailableError
          ? error
          : translate(error);
      }
    },
    close: () => sql.close({ timeout: 5 }),
  };
}
