// The SDK's own result of postLead: camelCase on top, the stored lead in wire names inside `lead`.
import type { LeadAccepted, StoredLead } from "./types";

export interface LeadResult {
  /** The lead's id: the same for every repeat of the lead. */
  id: string;
  /** true: this call created the lead (201). false: it matched an earlier lead by (platform, external_lead_id) (200). */
  created: boolean;
  /** true when the service replayed the stored response of an earlier request with the same idempotency key. */
  replayed: boolean;
  /** Whether the assistant may call: complete consent, not a test lead, a phone, and that number not opted out. */
  callEligible: boolean;
  /** Whether the lead is a test lead (never called). */
  test: boolean;
  /** When the service first received the lead: ISO 8601, UTC. */
  receivedAt: string;
  /** receivedAt plus five minutes: the deadline of the five-minute response. */
  respondBy: string;
  /** The stored lead, normalized (phone in E.164, source after the fallback), in wire names. */
  lead: StoredLead;
  /** Top-level names you sent that the contract does not define: ignored, not stored. Watch for typos. */
  ignoredFields: string[];
}

export function toLeadResult(body: LeadAccepted, headers: Headers): LeadResult {
  return {
    id: body.id,
    created: body.created,
    replayed: headers.get("idempotent-replayed") === "true",
    callEligible: body.call_eligible,
    test: body.test,
    receivedAt: body.received_at,
    respondBy: body.respond_by,
    lead: body.lead,
    ignoredFields: body.ignored_fields,
  };
}
