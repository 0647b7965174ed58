// A PostgreSQL notification channel, both ends: NOTIFY after a commit, LISTEN in other processes. Used for
// new response tasks (dispatchers wake) and changed leads (inboxes refresh); failures are logged, never
// fatal, because every listener also polls.
import { describeError, type Logger } from "../logger.ts";
import type { Queryable } from "./database.ts";
import type { ListenFn } from "./listen.ts";

export interface NotifyChannel {
  /** One NOTIFY in its own statement: call after the commit, never inside the intake's transaction (migration 0003). */
  notify(payload?: string): Promise<void>;
  /** LISTEN: resolves to an unsubscribe function; to undefined without LISTEN (PGlite) or when it failed. */
  listen(onPayload: (payload: string) => void): Promise<(() => Promise<void>) | undefined>;
}

export interface NotifyEnds {
  /** Where NOTIFY is sent (any connection: it works through a transaction-mode pooler too). */
  db?: Queryable;
  /** LISTEN on PostgreSQL; absent on PGlite, whose one process is the only writer. */
  listen?: ListenFn;
  logger: Logger;
}

/** @example const tasks = notifyChannel("stl_response_tasks", { db, listen: bunSqlListen(url), logger }); await tasks.notify(); */
export function notifyChannel(name: string, { db, listen, logger }: NotifyEnds): NotifyChannel {
  return {
    async notify(payload = "") {
      await db
        ?.query("select pg_notify($1, $2)", [name, payload])
        .then(() => undefined)
        .catch((error) => logger.warn("NOTIFY failed", { channel: name, ...describeError(error) }));
    },
    async listen(onPayload) {
      if (!listen) return undefined;
      try {
        return await listen(name, onPayload);
      } catch (error) {
        logger.warn("LISTEN failed; relying on polling", { channel: name, ...describeError(error) });
        return undefined;
      }
    },
  };
}
