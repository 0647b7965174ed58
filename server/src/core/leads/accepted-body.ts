// The success body (201 or 200) built from the stored row, so the response shows what was stored.
import type { LeadAccepted } from "@speed-to-lead/spec";
import { callEligible } from "./call-eligibility.ts";
import { type LeadRow, toStoredLead } from "./lead-record.ts";

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
