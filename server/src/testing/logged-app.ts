// Test helper: the app with a request log of its own, flushed only when a test asks (its timer is a minute).
import { type App, createApp } from "../app.ts";
import {
  createRequestLogWriter,
  DEFAULT_REQUEST_LOG_SETTINGS,
  type RequestLogWriter,
} from "../core/request-log/request-log-writer.ts";
import type { Database } from "../db/database.ts";
import { silentLogger } from "../logger.ts";
import { eventually } from "./eventually.ts";

/** @example const { app, log } = createLoggedApp(db); …; await log.flush(); */
export function createLoggedApp(db: Database): { app: App; log: RequestLogWriter } {
  const log = createRequestLogWriter(db, { ...DEFAULT_REQUEST_LOG_SETTINGS, flushMs: 60_000 }, silentLogger);
  return { app: createApp({ db, rateLimit: { perSecond: 0, burst: 0 }, requestLog: log }), log };
}

/**
 * Flushes until the token has `rows` logged requests. The app records a request after its answer (Elysia's
 * onAfterResponse, a setImmediate): a guessed sleep before the flush lost them on a loaded machine.
 */
export async function flushUntilLogged(db: Database, log: RequestLogWriter, tokenId: string, rows: number) {
  const logged = await eventually(
    async () => {
      await log.flush();
      const [row] = await db.query<{ n: number }>(
        "select count(*)::int as n from request_log where token_id = $1",
        [tokenId],
      );
      return row!.n;
    },
    (n) => n >= rows,
    10_000,
  );
  if (logged < rows) throw new Error(`${logged} of ${rows} requests logged`);
}
