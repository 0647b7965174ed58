// How a repeat of (platform, external_lead_id) changes the stored lead.

import { RESPOND_WITHIN_SECONDS } from "@speed-to-lead/spec";
import type { EvidenceRequirement } from "../accounts/evidence-requirement.ts";
import { responsePlan } from "./call-eligibility.ts";
import { keptIgnoredFields } from "./ignored-fields.ts";
import { fieldsFromInput, type LeadFields, type LeadRow } from "./lead-record.ts";
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
  "state",
  "postal_code",
  "context",
  "source_event_at",
] as const satisfies readonly (keyof LeadFields)[];

export interface MergedRepeat {
  lead: LeadRow;
  /**
   * This repeat opened a response: the lead's task is due (new, reopened or, when its respond_by
   * passed, restarted with a new respond_by).
   */
  startsResponse: boolean;
}

/**
 * Newly supplied fields win; absent (or null consent) keeps what is stored. `test` stays as the first
 * request set it: a lead shown as a test is never called, and a real lead never turns into a test.
 * A complete consent block is stored as received, with when and through which token it arrived.
 *
 * A repeat that permits a call the stored lead was refused (it completes the consent or adds the
 * phone) opens a call response, whatever the lead's state: before respond_by within it, after
 * respond_by as a new five-minute response from now (late consent). A repeat that gives a not_called
 * lead an email before respond_by opens an email-only response. A wrong-number report is final: the
 * consent it voided cannot come back with a repeat. `listed`: the merged phone is on the account's
 * do-not-call list.
 *
 * A repeat that changes the phone of a lead whose call was permitted decides the new number on its own:
 * a new response (a new hand-off, with its own id and number) when it may be called or the lead has an
 * email, as for a late consent; the earlier hand-off keeps the number it offered, and the assistant's
 * pre-dial check refuses it from then on (superseded).
 *
 * @example mergeRepeat(storedWithoutConsent, repeatWithConsent, tokenId, now, false).startsResponse // true
 */
export function mergeRepeat(
  stored: LeadRow,
  repeat: ValidLead,
  channelTokenId: string,
  now: Date,
  listed: boolean,
  required: EvidenceRequirement = "none",
): MergedRepeat {
  const incoming = fieldsFromInput(repeat);
  const lead: LeadRow = {
    ...stored,
    ignored_fields: keptIgnoredFields(stored.ignored_fields, repeat.ignoredFields),
  };
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
  const refused = stored.response_reason;
  const inTime = now.getTime() < new Date(stored.respond_by).getTime();
  if (!stored.test && refused === null && stored.phone !== null && lead.phone !== stored.phone) {
    return newNumber(lead, responsePlan(lead, listed, required), now, inTime);
  }
  // Nothing changes for a test lead, a voided consent, or a call already permitted.
  if (stored.test || refused === "wrong_number" || refused === null) return { lead, startsResponse: false };
  const plan = responsePlan(lead, listed, required);
  if (plan.response_reason === null) {
    Object.assign(lead, plan);
    if (!inTime) lead.respond_by = new Date(now.getTime() + RESPOND_WITHIN_SECONDS * 1000);
    return { lead, startsResponse: true };
  }
  lead.response_reason = plan.response_reason;
  if (stored.response_state === "not_called" && inTime && plan.response_state === "pending") {
    lead.response_state = "pending";
    return { lead, startsResponse: true };
  }
  return { lead, startsResponse: false };
}

/** The new number's response: opened when the plan answers the lead at all, from now when respond_by passed. */
function newNumber(
  lead: LeadRow,
  plan: Pick<LeadRow, "response_state" | "response_reason">,
  now: Date,
  inTime: boolean,
): MergedRepeat {
  lead.response_reason = plan.response_reason;
  if (plan.response_state !== "pending") return { lead, startsResponse: false };
  lead.response_state = "pending";
  if (!inTime) lead.respond_by = new Date(now.getTime() + RESPOND_WITHIN_SECONDS * 1000);
  return { lead, startsResponse: true };
}
