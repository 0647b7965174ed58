// How a repeat of (platform, external_lead_id) changes the stored lead.
import { fieldsFromInput, type LeadFields, type LeadRow, notCalledReason } from "./lead-record.ts";
import type { ValidLead } from "./validation/validate-lead.ts";

/** Fields a repeat overwrites when it supplies them. */
const UPDATABLE = [
  "phone",
  "email",
  "first_name",
  "last_name",
  "source_campaign",
  "property_ref",
  "price",
  "language",
  "timezone",
  "context",
  "source_event_at",
] as const satisfies readonly (keyof LeadFields)[];

export interface MergedRepeat {
  lead: LeadRow;
  /** True once per lead: this repeat made it call-eligible, so its response task is due now. */
  becameEligible: boolean;
}

/**
 * Newly supplied fields win; absent (or null consent) keeps what is stored. `test` stays as the first
 * request set it: a lead shown as a test is never called, and a real lead never turns into a test.
 * A complete consent block is stored with when and through which token it arrived.
 *
 * @example mergeRepeat(storedWithoutConsent, repeatWithConsent, tokenId, now).becameEligible // true
 */
export function mergeRepeat(
  stored: LeadRow,
  repeat: ValidLead,
  channelTokenId: string,
  now: Date,
): MergedRepeat {
  const incoming = fieldsFromInput(repeat);
  const lead: LeadRow = { ...stored };
  const supplied = repeat.input as Record<string, unknown>;
  for (const field of UPDATABLE) {
    if (supplied[field] !== undefined) (lead as unknown as Record<string, unknown>)[field] = incoming[field];
  }
  if (supplied.source !== undefined) {
    lead.source = incoming.source;
    lead.source_original = incoming.source_original;
  }
  if (incoming.consent !== null) {
    lead.consent = incoming.consent;
    lead.consent_received_at = now;
    lead.consent_channel_token_id = channelTokenId;
  }
  let becameEligible = false;
  // Only a lead that was never in the response flow can enter it; pending/handed_off/missed stay, and
  // so does a wrong-number report: the consent it voided cannot come back with a repeat.
  if (stored.response_state === "not_called" && stored.response_reason !== "wrong_number") {
    const reason = notCalledReason(lead);
    if (reason) {
      lead.response_reason = reason;
    } else {
      lead.response_state = "pending";
      lead.response_reason = null;
      becameEligible = true;
    }
  }
  return { lead, becameEligible };
}
