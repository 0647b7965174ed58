// Real PostgreSQL through Bun's built-in SQL client: the fastest driver measured here, with a small pool.
import type { SQL } from "bun";
import { checkConnection, type PoolerMode } from "./connection-check.ts";
import {
  type Database,
  DatabaseError,
  DatabaseMisconfiguredError,
  DatabaseUnavailableError,
  DEFAULT_DATABASE_TIMEOUT_MS,
  isUnavailableState,
  LOCK_TIMEOUT_MS,
  type Row,
} from "./database.ts";
import { DatabaseDeadlineError, DEADLINE_GRACE_MS, withDeadline } from "./query-deadline.ts";

/** What a pooler does to a client that does not know it is there, and the fix. */
const POOLER_FIX =
  "set DATABASE_POOLER=transaction (or session, for a session-mode pooler; see the README's Deploy section)";

/** A pooler's refusal is a configuration error, not an outage: retrying would never succeed. */
function poolerRefusal(state: string | undefined, message: string): Error | undefined {
  const parameter = /unsupported startup parameter: (\w+)/.exec(message)?.[1];
  if (state === "08P01" && parameter)
    return new DatabaseMisconfiguredError(
      `DATABASE_URL reaches a pooler that refuses the startup parameter ${parameter}: ${POOLER_FIX}; no startup parameter is sent then, and the timeouts come from the role's defaults`,
    );
  // 42P05 "prepared statement already exists", 26000 "does not exist": backends shared between connections.
  if (state === "42P05" || state === "26000")
    return new DatabaseMisconfiguredError(
      `named prepared statements collide (${message}): DATABASE_URL reaches a transaction-mode pooler; set DATABASE_POOLER=transaction (see the README's Deploy section)`,
    );
  return undefined;
}

/** Bun reports server errors as ERR_POSTGRES_SERVER_ERROR with the SQLSTATE in errno; anything else is the connection. */
function translate(error: unknown): Error {
  if (error instanceof DatabaseUnavailableError || error instanceof DatabaseError) return error;
  const e = error as { code?: string; errno?: string; message?: string };
  if (e?.code === "ERR_POSTGRES_SERVER_ERROR") {
    const state = typeof e.errno === "string" ? e.errno : undefined;
    const refusal = poolerRefusal(state, e.message ?? "");
    if (refusal) return refusal;
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
  /** DATABASE_POOLER: "transaction" or "session" when DATABASE_URL is such a pooler; "none" by default. */
  pooler?: PoolerMode;
}

/**
 * Direct: named prepared statements (planned once per connection) and the timeouts as startup
 * parameters, which saves a round trip per transaction. Behind a pooler, no startup parameter (PgBouncer
 * refuses unknown ones): the role's default timeouts (checked on the first statement) and SET LOCAL at
 * the start of each transaction. Behind a transaction-mode pooler a backend serves many clients, so
 * statements are unnamed too; a session-mode pooler keeps them.
 */
export function createBunSqlDatabase(url: string, options: BunSqlOptions): Database {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
  const deadlineMs = timeoutMs + DEADLINE_GRACE_MS;
  const pooler = options.pooler ?? "none";
  const pooled = pooler !== "none";
  const sql: SQL = new Bun.SQL(url, {
    max: options.poolSize,
    connectionTimeout: 5,
    idleTimeout: 60,
    prepare: pooler !== "transaction",
    connection: pooled
      ? {}
      : {
          lock_timeout: `${LOCK_TIMEOUT_MS}ms`,
          statement_timeout: `${timeoutMs}ms`,
          application_name: "speed-to-lead",
        },
  });
  const localTimeouts = `set local statement_timeout = ${timeoutMs}; set local lock_timeout = ${LOCK_TIMEOUT_MS}`;

  // The first statement waits for the connection check; a misconfiguration fails every statement after.
  let checked = false;
  let checking: Promise<void> | undefined;
  const ready = (): Promise<void> | undefined => {
    if (checked) return undefined;
    checking ??= withDeadline(
      checkConnection(sql, { pooler, timeoutMs, poolSize: options.poolSize }),
      deadlineMs,
    )
      .then(() => {
        checked = true;
      })
      .catch((error: unknown) => {
        const reason = translate(error);
        if (!(reason instanceof DatabaseMisconfiguredError)) checking = undefined;
        throw reason;
      });
    return checking;
  };
  const afterCheck = <T>(work: () => Promise<T>): Promise<T> => {
    const pending = ready();
    return pending ? pending.then(work) : work();
  };

  return {
    kind: "postgres",
    connections: options.poolSize,
    query: <T = Row>(text: string, params?: unknown[]) =>
      afterCheck(() => withDeadline(run<T>(sql, text, params), deadlineMs)),
    exec: (script) => afterCheck(() => withDeadline(runScript(sql, script), deadlineMs)),
    async transaction(fn) {
      await ready();
      // Once the caller has given up, the transaction must not commit: its next statement fails instead.
      let expired = false;
      const live = () => {
        if (expired) throw new DatabaseDeadlineError("transaction past its deadline, rolled back");
      };
      const work = sql.begin(async (tx) => {
        if (pooled) await runScript(tx, localTimeouts);
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
        throw translate(error);
      }
    },
    close: () => sql.close({ timeout: 5 }),
  };
}
