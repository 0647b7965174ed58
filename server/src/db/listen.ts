// LISTEN on PostgreSQL: how a process hears another's NOTIFY (new response tasks, changed inboxes).
import type { PoolerMode } from "./connection-check.ts";

/** What a database driver offers for LISTEN; resolves to an unsubscribe function. */
export type ListenFn = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * LISTEN through a dedicated Bun SQL connection to PostgreSQL, reconnected by Bun when it drops.
 *
 * @example const unsubscribe = await bunSqlListen(url)("stl_response_tasks", () => dispatcher.wake());
 */
export function bunSqlListen(databaseUrl: string): ListenFn {
  return async (channel, onNotify) => {
    const sql = new Bun.SQL(databaseUrl, { max: 1, connectionTimeout: 5 });
    const subscription = await sql.listen(channel, onNotify);
    return async () => {
      await subscription.unlisten();
      await sql.close({ timeout: 5 });
    };
  };
}

/**
 * Where LISTEN connects: DATABASE_DIRECT_URL when set; else DATABASE_URL (a session-mode pooler keeps
 * the session LISTEN needs), unless that is a transaction-mode pooler, through which LISTEN hears
 * nothing and raises no error (NOTIFY works).
 * Undefined: other processes' changes are found by polling.
 *
 * @example const url = listenUrl(loadConfig()); const listen = url ? bunSqlListen(url) : undefined;
 */
export function listenUrl(config: {
  databaseUrl: string | undefined;
  databasePooler: PoolerMode;
  databaseDirectUrl: string | undefined;
}): string | undefined {
  if (config.databaseDirectUrl) return config.databaseDirectUrl;
  return config.databasePooler === "transaction" ? undefined : config.databaseUrl;
}
