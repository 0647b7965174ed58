// The channel that tells dispatchers in other processes of new response tasks: both ends, NOTIFY and LISTEN.
import type { Queryable } from "../../db/database.ts";
import type { ListenFn } from "../../db/listen.ts";
import { notifyChannel } from "../../db/notify-channel.ts";
import type { Logger } from "../../logger.ts";

/** The channel servers with DISPATCHER=off notify after committing tasks, and workers LISTEN on. */
export const RESPONSE_TASK_CHANNEL = "stl_response_tasks";

export interface TaskNotifier {
  /** A task was committed: notify now, or once at the end of the current interval. */
  poke(): void;
  /** Sends what is pending and stops. */
  close(): Promise<void>;
}

/**
 * The sending end, for a server run with DISPATCHER=off beside `stl dispatch` workers. A NOTIFY
 * inside each lead's transaction would serialise the intake's commits (see migration 0003); one
 * NOTIFY per interval (10 ms by default) in its own statement costs at most a hundred tiny commits
 * a second, whatever the load, and adds at most the interval to a hand-off.
 *
 * @example const notifier = createTaskNotifier(db, logger); if (taskDue(change)) notifier.poke();
 */
export function createTaskNotifier(db: Queryable, logger: Logger, intervalMs = 10): TaskNotifier {
  let lastSent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | undefined;
  let closed = false;
  const channel = notifyChannel(RESPONSE_TASK_CHANNEL, { db, logger });

  const send = () => {
    timer = undefined;
    lastSent = Date.now();
    sending = channel.notify().finally(() => {
      sending = undefined;
    });
  };

  return {
    poke() {
      if (closed || timer) return;
      const wait = lastSent + intervalMs - Date.now();
      if (wait <= 0 && !sending) send();
      else timer = setTimeout(send, Math.max(wait, 1));
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        send();
      }
      await sending;
    },
  };
}

/**
 * The receiving end: subscribes `wake` to new tasks. A failure to LISTEN is logged, not fatal: the
 * dispatcher's poll still finds every task, only later.
 *
 * @example const unsubscribe = await subscribeToNewTasks(bunSqlListen(url), () => dispatcher.wake(), logger);
 */
export async function subscribeToNewTasks(
  listen: ListenFn | undefined,
  wake: () => void,
  logger: Logger,
): Promise<() => Promise<void>> {
  const unsubscribe = await notifyChannel(RESPONSE_TASK_CHANNEL, { listen, logger }).listen(() => wake());
  return unsubscribe ?? (async () => {});
}
