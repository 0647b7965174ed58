// Test helper: the app with a request log of its own, flushed only when a test asks (its timer is a minute).
import { type App, createApp } from "../app.ts";
import {
  createRequestLogWriter,
  DEFAULT_REQUEST_LOG_SETTINGS,
  type RequestLogWriter,
} from "../core/request-log/request-log-writer.ts";
import type { Database } from "../db/database.ts";
import { silentLogger } from "../logger.ts";

/** @example const { app, log } = createLoggedApp(db); …; await log.flush(); */
export function createLoggedApp(db: Database): { app: App; log: RequestLogWriter } {
  const log = createRequestLogWriter(db, { ...DEFAULT_REQUEST_LOG_SETTINGS, flushMs: 60_000 }, silentLogger);
  return { app: createApp({ db, rateLimit: { perSecond: 0, burst: 0 }, requestLog: log }), log };
}
