// The body of a status callback: what became of a lead, without its contact details.
import { STATUS_CALLBACK_VERSION, type StatusCallback } from "@speed-to-lead/spec";
import type { ClaimedCallback } from "./callback-outbox.ts";

/** Stable across retries, restarts and processes: the sender drops duplicates by it. */
export const callbackWebhookId = (callbackId: string) => `msg_callback_${callbackId}`;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The lead's state is read at delivery: a retry sends the state as it is then, under the same
 * webhook-id. Never the phone, the email, the names or the consent: the sender has them already.
 *
 * @example statusCallbackBody(claimed, Date.now()).type // "lead.handed_off"
 */
export function statusCallbackBody(callback: ClaimedCallback, now: number): StatusCallback {
  return {
    type: callback.type,
    version: STATUS_CALLBACK_VERSION,
    timestamp: new Date(now).toISOString(),
    data: {
      lead_id: callback.lead_id,
      platform: callback.platform,
      external_lead_id: callback.external_lead_id,
      test: callback.test,
      response: {
        state: callback.response_state,
        ...(callback.response_reason ? { reason: callback.response_reason } : {}),
      },
      received_at: iso(callback.received_at),
      respond_by: iso(callback.respond_by),
    },
  };
}
