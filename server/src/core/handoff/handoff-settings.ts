// The hand-off's settings as the dispatcher and the callback sender take them; config.ts reads them from the environment.
import type { ConsolePersonalData } from "./assistant.ts";
import type { CallingHours } from "./calling-hours.ts";

/** The calling hours when nothing sets them (CALLING_HOURS_START/END). */
export const DEFAULT_CALLING_HOURS: CallingHours = { start: 8 * 60, end: 20 * 60 };

export interface HandoffConfig {
  /** false with DISPATCHER=off: the server stores tasks and a separate `stl dispatch` delivers them. */
  dispatcherInServer: boolean;
  /** Unset: the console assistant prints each hand-off as one JSON line. */
  webhookUrl: string | undefined;
  webhookSecret: string | undefined;
  webhookTimeoutMs: number;
  callingHours: CallingHours;
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
  /** DISPATCH_METRICS_PORT, for `stl dispatch` only: that worker's GET /metrics. */
  workerMetricsPort: number | undefined;
}
