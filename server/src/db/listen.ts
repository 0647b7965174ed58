// LISTEN on PostgreSQL: how a process hears another's NOTIFY (new response tasks, changed inboxes).

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
