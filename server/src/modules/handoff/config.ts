// Hand-off settings from environment variables; each one and its default is listed in server/README.md.
import { type CallingHours, parseClockTime, rulesOutsideHours } from "./calling-hours.ts";
import type { ConsolePersonalData } from "./console-assistant.ts";
import { isKnownZone } from "./zoned-time.ts";

export interface HandoffConfig {
  /** false with DISPATCHER=off: the server stores tasks and a separate `stl dispatch` delivers them. */
  dispatcherInServer: boolean;
  /** Unset: the console assistant prints each hand-off as one JSON line. */
  webhookUrl: string | undefined;
  webhookSecret: string | undefined;
  webhookTimeoutMs: number;
  callingHours: CallingHours;
  /** Used when neither the lead's timezone nor its area code gives a zone. */
  defaultTimeZone: string;
  /** Safety-net poll; new tasks wake the dispatcher at once through LISTEN/NOTIFY. */
  pollIntervalMs: number;
  /** First retry delay; doubles per attempt up to retryMaxMs, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Deliveries in flight at once, per dispatcher. */
  concurrency: number;
  /** The console assistant's lines are info logs: printed unless LOG_LEVEL is warn, error or silent. */
  printHandoffs: boolean;
  /** ASSISTANT_CONSOLE_PERSONAL_DATA: the console assistant masks phone, names, consent and context unless "full". */
  consolePersonalData: ConsolePersonalData;
}

function positiveNumber(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** @example loadHandoffConfig({ ASSISTANT_WEBHOOK_URL: "https://assistant.example/hooks", ASSISTANT_WEBHOOK_SECRET: "whsec_…" }) */
export function loadHandoffConfig(env: Record<string, string | undefined> = process.env): HandoffConfig {
  const dispatcher = env.DISPATCHER?.trim().toLowerCase() || "on";
  if (!["on", "off"].includes(dispatcher))
    throw new Error(`DISPATCHER must be "on" or "off", got "${dispatcher}"`);

  const webhookUrl = env.ASSISTANT_WEBHOOK_URL?.trim() || undefined;
  const webhookSecret = env.ASSISTANT_WEBHOOK_SECRET?.trim() || undefined;
  if (webhookUrl) {
    if (!URL.canParse(webhookUrl) || !/^https?:$/.test(new URL(webhookUrl).protocol)) {
      throw new Error("ASSISTANT_WEBHOOK_URL must be an http(s) URL");
    }
    // Unsigned hand-offs would let anyone who finds the assistant's URL inject calls.
    if (!webhookSecret) throw new Error("ASSISTANT_WEBHOOK_SECRET is required with ASSISTANT_WEBHOOK_URL");
  }

  const start = parseClockTime(env.CALLING_HOURS_START?.trim() || "08:00");
  const end = parseClockTime(env.CALLING_HOURS_END?.trim() || "20:00");
  if (start >= end) throw new Error("CALLING_HOURS_START must be earlier than CALLING_HOURS_END");
  const unreachable = rulesOutsideHours({ start, end });
  if (unreachable.length > 0) {
    throw new Error(
      `CALLING_HOURS_START–CALLING_HOURS_END leave no calling time under ${unreachable.join(", ")}: the hours may only narrow the rules`,
    );
  }

  const defaultTimeZone = env.DEFAULT_TIME_ZONE?.trim() || "America/New_York";
  if (!isKnownZone(defaultTimeZone))
    throw new Error(`DEFAULT_TIME_ZONE "${defaultTimeZone}" is not a known IANA zone`);

  const consolePersonalData = env.ASSISTANT_CONSOLE_PERSONAL_DATA?.trim().toLowerCase() || "masked";
  if (consolePersonalData !== "masked" && consolePersonalData !== "full")
    throw new Error(
      `ASSISTANT_CONSOLE_PERSONAL_DATA must be "masked" or "full", got "${consolePersonalData}"`,
    );

  return {
    dispatcherInServer: dispatcher === "on",
    webhookUrl,
    webhookSecret,
    webhookTimeoutMs: positiveNumber(env, "ASSISTANT_WEBHOOK_TIMEOUT_MS", 10_000),
    callingHours: { start, end },
    defaultTimeZone,
    pollIntervalMs: positiveNumber(env, "DISPATCHER_POLL_MS", 1_000),
    retryBaseMs: positiveNumber(env, "DISPATCHER_RETRY_BASE_MS", 1_000),
    retryMaxMs: positiveNumber(env, "DISPATCHER_RETRY_MAX_MS", 30_000),
    concurrency: Math.floor(positiveNumber(env, "DISPATCHER_CONCURRENCY", 32)),
    printHandoffs: ["", "debug", "info"].includes(env.LOG_LEVEL?.trim().toLowerCase() ?? ""),
    consolePersonalData,
  };
}
