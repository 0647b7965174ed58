// The SDK's logging: off unless a level is set; never the token, never a lead's body; a logger can never change an outcome.

/** How much the SDK logs: "off" (the default) logs nothing, "debug" every request and response. */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** The structured part of a log line: request id, attempt, idempotency key, status, duration. */
export type LogFields = Record<string, unknown>;

/** One logging method, called object first as pino takes it: `(fields, message)`. */
export type LogMethod = (fields: LogFields, message: string) => void;

/**
 * Where the SDK writes its log lines: `console` (the default), pino, or any logger taking `(object, message)`.
 * A missing method is skipped, and a method that throws is ignored: logging never changes a call's outcome.
 */
export interface Logger {
  /** A call that failed for good (after its retries). */
  error?: LogMethod | undefined;
  /** A retry about to wait; a token that may read leads, in a web page. */
  warn?: LogMethod | undefined;
  /** Each call that succeeded: status, attempts, request id (one line per call). */
  info?: LogMethod | undefined;
  /** Every attempt and every answer (status, time taken, request id). */
  debug?: LogMethod | undefined;
}

/** Writes one line at a level, when the configured level lets it through. */
export type Log = (level: Exclude<LogLevel, "off">, message: string, fields?: LogFields) => void;

const LEVELS: LogLevel[] = ["off", "error", "warn", "info", "debug"];

/**
 * Writes one line to `logger` (default: console), object first; for console, whose lines people read, the
 * message first. Never throws: a missing method or a throwing logger is skipped.
 *
 * @example emit(pino(), "warn", "retrying", { attempt: 1 }) // pino: { attempt: 1, msg: "speed-to-lead: retrying" }
 */
export function emit(
  logger: Logger | undefined,
  level: Exclude<LogLevel, "off">,
  message: string,
  fields: LogFields = {},
): void {
  const text = `speed-to-lead: ${message}`;
  // An unknown request id is left out, not printed as "undefined".
  fields = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  try {
    if (logger === undefined || logger === console)
      console[level](text, ...(isEmpty(fields) ? [] : [fields]));
    else logger[level]?.(fields, text);
  } catch {}
}

const isEmpty = (fields: LogFields) => Object.keys(fields).length === 0;

/**
 * The log function of a client, or undefined when nothing is to be logged.
 *
 * @example makeLog(console, "warn")?.("warn", "retrying", { attempt: 1 })
 */
export function makeLog(logger: Logger | undefined, level: string | undefined): Log | undefined {
  const rank = LEVELS.indexOf((level ?? "off") as LogLevel);
  if (rank < 0) throw new RangeError(`logLevel must be one of ${LEVELS.join(", ")}, not "${level}".`);
  if (rank === 0) return undefined;
  return (at, message, fields) => {
    if (LEVELS.indexOf(at) <= rank) emit(logger, at, message, fields);
  };
}
