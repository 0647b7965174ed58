// A status-callback sender for tests in this process: polls often, retries within milliseconds, may post to loopback.
import type { CallbackSettings } from "../core/callbacks/callback-sender.ts";

export const FAST_CALLBACK_SETTINGS: CallbackSettings = {
  pollIntervalMs: 50,
  timeoutMs: 2_000,
  concurrency: 2,
  perDestination: 2,
  retryBaseMs: 20,
  retryMaxMs: 40,
  allowPrivate: true,
};
