// The success body (201 or 200): built from the stored row for a token that may read, from the request alone
// for an intake-only token, whose holder is anyone who opened its page.
import type { LeadAccepted } from "@speed-to-lead/spec";
import type { EvidenceRequirement } from "../accounts/evidence-requirement.ts";
import { callEligible, responsePlan } from "./call-eligibility.ts";
import { type LeadFields, type LeadRow, toStoredLead } from "./lead-record.ts";

/**
 * @example acceptedBody(row, true, ["utm_campaign"]).respond_by // received_at + 5 minutes
 */
export function acceptedBody(row: LeadRow, created: boolean, ignoredFields: string[]): LeadAccepted {
  return {
    id: row.id,
    created,
    test: row.test,
    call_eligible: callEligible(row),
    received_at: new Date(row.received_at).toISOString(),
    respond_by: new Date(row.respond_by).toISOString(),
    lead: toStoredLead(row),
    ignored_fields: ignoredFields,
  };
}

/**
 * An intake-only token's answer: the lead's id, whether it was created, test, received_at and respond_by,
 * and otherwise only what this request sent. `lead` holds the sent fields, normalized; call_eligible and
 * `lead.response` say what those fields alone permit, never what the do-not-call list, a wrong-number report,
 * a bot check or an earlier post of the number decided, so that no visitor of a page learns them.
 *
 * @example intakeAnswer(storedRow, fieldsFromInput(valid), false, [], "none").lead.email // the email this request sent
 */
export function intakeAnswer(
  stored: Pick<LeadRow, "id" | "test" | "received_at" | "respond_by">,
  sent: LeadFields,
  created: boolean,
  ignoredFields: string[],
  required: EvidenceRequirement = "none",
): LeadAccepted {
  const asSent = { ...sent, test: stored.test } as LeadRow;
  Object.assign(asSent, responsePlan(asSent, false, required));
  return {
    ...acceptedBody({ ...asSent, ...stored }, created, ignoredFields),
    call_eligible: callEligible(asSent),
    lead: toStoredLead(asSent),
  };
}
