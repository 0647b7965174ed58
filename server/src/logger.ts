// Structured JSON logs, one object per line on stdout; callers never pass tokens or lead data.
import type { LogLevel } from "./config.ts";

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * @example createLogger("info").info("request", { method: "POST", status: 201 })
 * // {"level":"info","time":"2026-11-20T20:02:11.482Z","msg":"request","method":"POST","status":201}
 */
export function createLogger(level: LogLevel, write: (line: string) => void = defaultWrite): Logger {
  const threshold = RANK[level];
  const log = (lvl: Exclude<LogLevel, "silent">) => (msg: string, fields?: LogFields) => {
    if (RANK[lvl] < threshold) return;
    write(`${JSON.stringify({ level: lvl, time: new Date().toISOString(), msg, ...fields })}\n`);
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

function defaultWrite(line: string) {
  process.stdout.write(line);
}

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
