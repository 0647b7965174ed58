// The SDK's logging: off unless a level is set; never the token, never a lead's body.

/** How much the SDK logs: "off" (the default) logs nothing, "debug" every request and response. */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** Where the SDK writes its log lines: `console` (the default), pino, winston or anything alike. */
export interface Logger {
  /** A call that failed for good (after its retries). */
  error(message: string, fields?: Record<string, unknown>): void;
  /** A retry about to wait; a token that may read leads, in a web page. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** Each call that succeeded: status, attempts, request id (one line per call). */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Every attempt and every answer (status, time taken, request id). */
  debug(message: string, fields?: Record<string, unknown>): void;
}

/** Writes one line at a level, when the configured level lets it through. */
export type Log = (
  level: Exclude<LogLevel, "off">,
  message: string,
  fields?: Record<string, unknown>,
) => void;

const LEVELS: LogLevel[] = ["off", "error", "warn", "info", "debug"];

/**
 * The log function of a client, or undefined when nothing is to be logged.
 *
 * @example makeLog(console, "warn")?.("warn", "retrying", { attempt: 1 })
 */
export function makeLog(logger: Logger | undefined, level: string | undefined): Log | undefined {
  const rank = LEVELS.indexOf((level ?? "off") as LogLevel);
  if (rank < 0) throw new RangeError(`logLevel must be one of ${LEVELS.join(", ")}, not "${level}".`);
  if (rank === 0) return undefined;
  const target = logger ?? console;
  return (at, message, fields) => {
    if (LEVELS.indexOf(at) <= rank) target[at](`speed-to-lead: ${message}`, fields);
  };
}
