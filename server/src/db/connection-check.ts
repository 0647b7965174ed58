// What the server checks on its first PostgreSQL statement: the pooler is the one configured, and the timeouts hold behind it.
import type { SQL } from "bun";
import { DatabaseMisconfiguredError, LOCK_TIMEOUT_MS } from "./database.ts";

/** DATABASE_POOLER: what DATABASE_URL reaches: PostgreSQL itself ("none"), or a pooler in that mode. */
export type PoolerMode = "none" | "session" | "transaction";

/** Where the README says how each pooler (Supabase, Neon, RDS Proxy, PgBouncer) is set up. */
const DEPLOY_DOCS = "see the README's Deploy section";

/**
 * True when two client connections share PostgreSQL backends: one connection's next statement runs on
 * another backend while the other holds a transaction (transaction pooling). A direct connection or a
 * session-mode pooler keeps one backend per client connection. PgBouncer hands the idle backend it
 * used last to the next transaction, so its transaction mode shows on the first round.
 */
async function backendsShared(sql: SQL): Promise<boolean> {
  const first = await sql.reserve();
  const second = await sql.reserve();
  const pid = async (connection: SQL) =>
    ((await connection.unsafe("select pg_backend_pid() as pid")) as { pid: number }[])[0]!.pid;
  try {
    for (let round = 0; round < 3; round++) {
      const before = await pid(first);
      await second.unsafe("begin");
      try {
        const held = await pid(second);
        if (held === before || (await pid(first)) !== before) return true;
      } finally {
        await second.unsafe("rollback");
      }
    }
    return false;
  } finally {
    first.release();
    second.release();
  }
}

/** The effective timeouts of the role and database this URL logs into, as every pooled statement gets them. */
async function effectiveTimeouts(sql: SQL) {
  const rows = (await sql.unsafe(
    `select current_user as role, current_database() as database,
            current_setting('statement_timeout') as statement_shown, current_setting('lock_timeout') as lock_shown,
            (select setting::bigint from pg_settings where name = 'statement_timeout') as statement_ms,
            (select setting::bigint from pg_settings where name = 'lock_timeout') as lock_ms`,
  )) as {
    role: string;
    database: string;
    statement_shown: string;
    lock_shown: string;
    statement_ms: string;
    lock_ms: string;
  }[];
  return rows[0]!;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Throws DatabaseMisconfiguredError, naming the fix, when the connection cannot work as configured:
 * a transaction-mode pooler not declared with DATABASE_POOLER=transaction (named prepared statements
 * would collide: 42P05), a declared one that keeps sessions (session mode, or PostgreSQL itself), or,
 * behind any pooler, a statement_timeout or lock_timeout that is missing or longer than the server's.
 *
 * @example await checkConnection(sql, { pooler: "transaction", timeoutMs: 8_000, poolSize: 4 });
 */
export async function checkConnection(
  sql: SQL,
  settings: { pooler: PoolerMode; timeoutMs: number; poolSize: number },
): Promise<void> {
  const { pooler, timeoutMs } = settings;
  // Two connections are needed to tell; a pool of one never shares a backend with itself.
  if (settings.poolSize >= 2) {
    const shared = await backendsShared(sql);
    if (shared && pooler !== "transaction")
      throw new DatabaseMisconfiguredError(
        "DATABASE_URL reaches a transaction-mode pooler (its connections share PostgreSQL backends): set DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL for LISTEN; " +
          DEPLOY_DOCS,
      );
    if (!shared && pooler === "transaction")
      throw new DatabaseMisconfiguredError(
        "DATABASE_POOLER=transaction, but each connection keeps its own PostgreSQL backend: DATABASE_URL reaches a session-mode pooler or PostgreSQL itself. Point DATABASE_URL at the pooler's transaction-mode port (PgBouncer: pool_mode = transaction; Supabase: port 6543), or set DATABASE_POOLER=session for a session-mode pooler, or unset it for PostgreSQL itself; " +
          DEPLOY_DOCS,
      );
  }
  if (pooler === "none") return;
  // Behind a pooler no startup parameter sets them: the role's defaults must, for every statement.
  const found = await effectiveTimeouts(sql);
  const statementMs = Number(found.statement_ms);
  const lockMs = Number(found.lock_ms);
  const problems: string[] = [];
  if (!(statementMs > 0 && statementMs <= timeoutMs))
    problems.push(
      `statement_timeout is ${found.statement_shown} (wanted 1 ms to DATABASE_TIMEOUT_MS, ${timeoutMs} ms)`,
    );
  if (!(lockMs > 0 && lockMs <= LOCK_TIMEOUT_MS))
    problems.push(`lock_timeout is ${found.lock_shown} (wanted 1 ms to ${LOCK_TIMEOUT_MS} ms)`);
  if (problems.length === 0) return;
  const target = `ROLE ${quoteIdent(found.role)} IN DATABASE ${quoteIdent(found.database)}`;
  throw new DatabaseMisconfiguredError(
    `behind the pooler, ${problems.join(" and ")}: a statement would outlive the request that gave up on it. ` +
      `Run once as that role or an administrator: ALTER ${target} SET statement_timeout = '${timeoutMs}ms'; ` +
      `ALTER ${target} SET lock_timeout = '${LOCK_TIMEOUT_MS}ms'; then let the pooler open new connections ` +
      `(PgBouncer: RECONNECT on its admin console, or a restart); ${DEPLOY_DOCS}`,
  );
}
