// Real PostgreSQL through Bun's built-in SQL client: the fastest driver measured here, with a small pool.
import type { SQL } from "bun";
import {
  type Database,
  DatabaseError,
  DatabaseUnavailableError,
  DEFAULT_DATABASE_TIMEOUT_MS,
  isUnavailableState,
  LOCK_TIMEOUT_MS,
  type Row,
} from "./database.ts";
import { DatabaseDeadlineError, DEADLINE_GRACE_MS, withDeadline } from "./query-deadline.ts";

/** Bun reports server errors as ERR_POSTGRES_SERVER_ERROR with the SQLSTATE in errno; anything else is the connection. */
function translate(error: unknown): Error {
  const e = error as { code?: string; errno?: string; message?: string };
  if (e?.code === "ERR_POSTGRES_SERVER_ERROR") {
    const state = typeof e.errno === "string" ? e.errno : undefined;
    if (isUnavailableState(state)) return new DatabaseUnavailableError(e.message ?? "database unavailable");
    return new DatabaseError(e.message ?? "database error", state);
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

export interface BunSqlOptions {
  poolSize: number;
  /** statement_timeout of every connection; the client gives up DEADLINE_GRACE_MS later (a frozen server). */
  timeoutMs?: number;
}

export function createBunSqlDatabase(url: string, options: BunSqlOptions): Database {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
  const deadlineMs = timeoutMs + DEADLINE_GRACE_MS;
  const sql: SQL = new Bun.SQL(url, {
    max: options.poolSize,
    connectionTimeout: 5,
    idleTimeout: 60,
    // Startup parameters rather than SET LOCAL per transaction: saves a round trip per request.
    connection: {
      lock_timeout: `${LOCK_TIMEOUT_MS}ms`,
      statement_timeout: `${timeoutMs}ms`,
      application_name: "speed-to-lead",
    },
  });
  return {
    kind: "postgres",
    connections: options.poolSize,
    query: <T = Row>(text: string, params?: unknown[]) => withDeadline(run<T>(sql, text, params), deadlineMs),
    exec: (script) => withDeadline(runScript(sql, script), deadlineMs),
    async transaction(fn) {
      // Once the caller has given up, the transaction must not commit: its next statement fails instead.
      let expired = false;
      const live = () => {
        if (expired) throw new DatabaseDeadlineError("transaction past its deadline, rolled back");
      };
      const work = sql.begin(async (tx) => {
        const result = await fn({
          query: async (t, p) => {
            live();
            return await run(tx, t, p);
          },
          exec: async (s) => {
            live();
            await runScript(tx, s);
          },
        });
        live();
        return result;
      });
      try {
        return await withDeadline(work, deadlineMs, () => {
          expired = true;
        });
      } catch (error) {
        throw error instanceof DatabaseError || error instanceof DatabaseUnavailableError
          ? error
          : translate(error);
      }
    },
    close: () => sql.close({ timeout: 5 }),
  };
}
