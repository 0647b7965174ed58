// Structured JSON logs, one object per line on stdout; callers never pass tokens or lead data.
import { writeSync } from "node:fs";

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * @example createLogger("info").info("request", { method: "POST", status: 201 })
 * // {"level":"info","time":"2026-11-20T20:02:11.482Z","msg":"request","method":"POST","status":201}
 */
export function createLogger(level: LogLevel, write: (line: string) => void = bufferedStdout): Logger {
  const threshold = RANK[level];
  const log = (lvl: Exclude<LogLevel, "silent">) =>
    RANK[lvl] < threshold ? () => {} : (msg: string, fields?: LogFields) => write(logLine(lvl, msg, fields));
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

/** The time as ISO 8601, formatted once per millisecond however many lines share it. */
let lastMs = 0;
let lastIso = "";
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/**
 * Exactly JSON.stringify({ level, time, msg, ...fields }) plus a newline, written field by field
 * (no object per line). A field named like a head key, or an integer-like name (JSON.stringify puts
 * it first), takes JSON.stringify itself.
 */
function logLine(level: string, msg: string, fields: LogFields | undefined): string {
  const time = isoNow();
  let out = `{"level":"${level}","time":"${time}","msg":${JSON.stringify(msg)}`;
  if (fields) {
    for (const key in fields) {
      if (key === "level" || key === "time" || key === "msg" || isIndexLike(key))
        return `${JSON.stringify({ level, time, msg, ...fields })}\n`;
    }
    for (const key in fields) {
      const value = fields[key];
      if (value !== undefined) out += `,${jsonString(key)}:${jsonValue(value)}`;
    }
  }
  return `${out}}\n`;
}

/** Printable ASCII without `"` and `\`: JSON.stringify only adds the quotes. */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

const jsonString = (text: string) => (PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text));

/** JSON.stringify of a field's value, without its generic path for the usual plain values. */
function jsonValue(value: string | number | boolean | null): string {
  if (typeof value === "string") return jsonString(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  return value === null ? "null" : value ? "true" : "false";
}

const isIndexLike = (key: string) => key.length > 0 && key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;

/**
 * Lines written in one turn of the event loop leave in one write (a busy server writes a few lines
 * per lead); whatever is pending leaves synchronously when the process exits.
 */
let pending = "";
let flushScheduled = false;

function bufferedStdout(line: string) {
  pending += line;
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flushLogs);
}

/** Writes the pending log lines now. */
function flushLogs() {
  flushScheduled = false;
  if (pending === "") return;
  const text = pending;
  pending = "";
  process.stdout.write(text);
}

process.on("exit", () => {
  if (pending === "") return;
  try {
    writeSync(1, pending);
  } catch {
    // stdout is gone: nothing left to tell.
  }
  pending = "";
});

export const silentLogger: Logger = createLogger("silent");

/** A log-safe description of an error: its class, code and message, never attached data (PGlite adds query params). */
export function describeError(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    error: error.name,
    error_message: error.message,
    error_code: typeof code === "string" ? code : undefined,
    stack: error.stack?.split("\n").slice(1, 6).join(" | "),
  };
}
