// Wakes a dispatcher when another process commits response tasks: LISTEN on the channel task-notifier.ts notifies.
import type { Logger } from "../../logger.ts";

/** The channel servers with DISPATCHER=off notify after committing tasks (task-notifier.ts). */
export const RESPONSE_TASK_CHANNEL = "stl_response_tasks";

/** What a database driver offers for LISTEN; resolves to an unsubscribe function. */
export type ListenFn = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

/** LISTEN through a dedicated Bun SQL connection to PostgreSQL, reconnected by Bun when it drops. */
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
 * Subscribes `wake` to new tasks. A failure to LISTEN is logged, not fatal: the dispatcher's poll
 * still finds every task, only later.
 *
 * @example const unsubscribe = await subscribeToNewTasks(bunSqlListen(url), () => dispatcher.wake(), logger);
 */
export async function subscribeToNewTasks(
  listen: ListenFn | undefined,
  wake: () => void,
  logger: Logger,
): Promise<() => Promise<void>> {
  if (!listen) return async () => {};
  try {
    return await listen(RESPONSE_TASK_CHANNEL, () => wake());
  } catch (error) {
    logger.warn("LISTEN for new response tasks failed; relying on polling", {
      error_message: (error as Error)?.message,
    });
    return async () => {};
  }
}
