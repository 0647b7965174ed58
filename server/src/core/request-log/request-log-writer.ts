// The request log's writer: entries wait in a bounded in-memory buffer and go to the database in batches (one
// multi-row insert per flush, on a timer or when enough wait), never on a request's path; a periodic sweep
// keeps each token's rows within the retention period and the row cap.
import type { Queryable } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";
import { insertRequestLogEntries, type RequestLogEntry, sweepRequestLog } from "./request-log-store.ts";

export interface RequestLogSettings {
  /** REQUEST_LOG_RETENTION_DAYS: rows older than this are swept. */
  retentionDays: number;
  /** REQUEST_LOG_MAX_ROWS_PER_TOKEN: a token's rows past its newest this many are swept. */
  maxRowsPerToken: number;
  /** Entries held in memory at most; past it the oldest are dropped (and counted), memory never grows. */
  capacity: number;
  /** A flush starts as soon as this many entries wait. */
  flushRows: number;
  /** …and at the latest this long after the first of them arrived. */
  flushMs: number;
  /** Between sweeps. */
  sweepMs: number;
}

export const DEFAULT_REQUEST_LOG_SETTINGS: RequestLogSettings = {
  retentionDays: 7,
  maxRowsPerToken: 10_000,
  capacity: 10_000,
  flushRows: 500,
  flushMs: 1_000,
  sweepMs: 60_000,
};

export interface RequestLogWriter {
  /** Takes the entry into the buffer: no I/O, constant time. */
  record(entry: RequestLogEntry): void;
  /** Writes what waits now (and waits for a flush under way); tests and shutdown call it. */
  flush(): Promise<void>;
  /** One sweep now, of the tokens written since the last one. */
  sweep(): Promise<number>;
  /** Entries dropped since start because the buffer was full. */
  readonly dropped: number;
  /** Entries waiting in memory. */
  readonly waiting: number;
  /** Stops the timers and writes what is left. */
  stop(): Promise<void>;
}

/** Said at most this often: a long overload is one warning a minute, not one per dropped entry. */
const DROP_WARNING_MS = 60_000;

/**
 * @example
 * const log = createRequestLogWriter(db, DEFAULT_REQUEST_LOG_SETTINGS, logger);
 * log.record(entry); … await log.stop();
 */
export function createRequestLogWriter(
  db: Queryable,
  settings: RequestLogSettings,
  logger: Logger,
  onDropped: (count: number) => void = () => {},
): RequestLogWriter {
  // The entries still waiting are buffer[head…]: taking and dropping the oldest move head (no copy each time).
  let buffer: RequestLogEntry[] = [];
  let head = 0;
  const waiting = () => buffer.length - head;
  const compact = () => {
    if (head > 1_024 && head * 2 >= buffer.length) {
      buffer = buffer.slice(head);
      head = 0;
    }
  };
  const take = (count: number) => {
    const taken = buffer.slice(head, head + count);
    head += taken.length;
    compact();
    return taken;
  };
  let dropped = 0;
  let lastWarning = 0;
  let flushing: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Tokens written since the last sweep: only theirs can have grown past the cap. */
  let written = new Set<string>();

  const drop = (count: number) => {
    if (count <= 0) return;
    dropped += count;
    onDropped(count);
    const now = Date.now();
    if (now - lastWarning >= DROP_WARNING_MS) {
      lastWarning = now;
      logger.warn("request log buffer full: oldest entries dropped", { dropped_total: dropped });
    }
  };

  /** Keeps the newest `capacity` entries. */
  const trim = () => {
    const excess = waiting() - settings.capacity;
    if (excess > 0) {
      head += excess;
      compact();
      drop(excess);
    }
  };

  const write = async () => {
    while (waiting() > 0) {
      const batch = take(settings.flushRows);
      try {
        await insertRequestLogEntries(db, batch);
        for (const entry of batch) written.add(entry.tokenId);
      } catch (error) {
        // Kept for the next flush (the oldest first, within capacity); the database may be back by then.
        buffer = [...batch, ...buffer.slice(head)];
        head = 0;
        trim();
        logger.warn("request log flush failed", describeError(error));
        return;
      }
    }
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // One flush at a time; a second caller waits for it, then writes what came meanwhile.
    flushing ??= write().finally(() => {
      flushing = undefined;
      if (waiting() > 0) schedule();
    });
    return flushing;
  };

  const schedule = () => {
    if (flushing) return;
    if (waiting() >= settings.flushRows) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), settings.flushMs);
      timer.unref?.();
    }
  };

  const sweep = async () => {
    const tokens = [...written];
    written = new Set();
    try {
      return await sweepRequestLog(db, settings, tokens);
    } catch (error) {
      for (const token of tokens) written.add(token);
      logger.warn("request log sweep failed", describeError(error));
      return 0;
    }
  };
  const sweeper = setInterval(() => void sweep(), settings.sweepMs);
  sweeper.unref?.();

  let stopped = false;
  return {
    record(entry) {
      // After stop the database may be closed: an entry arriving then is counted, never held.
      if (stopped) return drop(1);
      buffer.push(entry);
      trim();
      schedule();
    },
    flush: async () => {
      await flush();
      if (waiting() > 0) await flush();
    },
    sweep,
    get dropped() {
      return dropped;
    },
    get waiting() {
      return waiting();
    },
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flushing;
      await write();
    },
  };
}
