// Leads held back from calls: a post that failed (or lacked) its token's bot check, or filled its honeypot, is
// stored and answered by email, never handed off with its phone until an owner releases it.
import { RESPOND_WITHIN_SECONDS } from "@speed-to-lead/spec";
import type { Database } from "../../db/database.ts";
import { isUuid } from "../../db/uuid-text.ts";
import type { EvidenceRequirement } from "../accounts/evidence-requirement.ts";
import { responsePlan } from "./call-eligibility.ts";
import type { LeadFields, LeadRow } from "./lead-record.ts";
import { scheduleResponse, updateLead } from "./lead-store.ts";
import { isOnList } from "./listed-phone.ts";
import type { QuarantineReason } from "./quarantine-reasons.ts";

/** The response reason of a held lead whose fields would permit a call. */
export const UNVERIFIED = "unverified";

type Plan = Pick<LeadRow, "response_state" | "response_reason">;

/** A plan that would call becomes an email answer (or none without an email) while the lead is held. */
const held = (plan: Plan, email: string | null): Plan =>
  plan.response_state === "pending" && plan.response_reason === null
    ? { response_state: email === null ? "not_called" : "pending", response_reason: UNVERIFIED }
    : plan;

/**
 * The response plan of a new lead, held when quarantined.
 *
 * @example planOf({ …callable, email: null }, "honeypot").response_state // "not_called"
 */
export function planOf(
  fields: LeadFields,
  quarantine: QuarantineReason | undefined,
  required: EvidenceRequirement = "none",
): Plan {
  const plan = responsePlan(fields, false, required);
  return quarantine ? held(plan, fields.email) : plan;
}

/**
 * A merged repeat of a held lead stays held, and a repeat that failed the check holds the lead again (even a
 * released one: it may have brought another phone). Returns the lead to store.
 *
 * @example holdMerged(merged, "bot_check_failed").response_reason // "unverified" when it could be called
 */
export function holdMerged(merged: LeadRow, quarantine: QuarantineReason | undefined): LeadRow {
  const lead = { ...merged };
  if (quarantine) {
    lead.quarantine = quarantine;
    lead.quarantine_released_at = null;
  }
  const isHeld = lead.quarantine != null && lead.quarantine_released_at == null;
  if (!isHeld || lead.response_reason !== null || lead.test) return lead;
  lead.response_reason = UNVERIFIED;
  return lead;
}

export type Release = { ok: true; calls: boolean } | { ok: false; code: "not_found" | "not_held" };

/**
 * An owner releases a held lead: its plan is what its fields permit now (the do-not-call list read again); a
 * call it now permits starts like a late consent: within respond_by, or a new five-minute response after it.
 *
 * @example const release = await releaseLead(db, accountId, leadId); // { ok: true, calls: true }
 */
export async function releaseLead(db: Database, accountId: string, leadId: string): Promise<Release> {
  if (!isUuid(leadId)) return { ok: false, code: "not_found" };
  return await db.transaction(async (tx) => {
    // The queue row before the lead, as every dispatcher statement locks them (lead-store.ts).
    await tx.query("select 1 from handoff_queue where lead_id = $1 for update", [leadId]);
    const [found] = await tx.query<LeadRow & { require_consent_evidence: EvidenceRequirement }>(
      `select l.*, a.require_consent_evidence from leads l join accounts a on a.id = l.account_id
       where l.id = $1 and l.account_id = $2 for update of l`,
      [leadId, accountId],
    );
    if (!found) return { ok: false, code: "not_found" } as const;
    const { require_consent_evidence: required, ...stored } = found;
    if (stored.quarantine == null || stored.quarantine_released_at != null)
      return { ok: false, code: "not_held" } as const;
    const now = new Date();
    const lead: LeadRow = { ...stored, quarantine_released_at: now };
    let calls = false;
    if (stored.response_reason === UNVERIFIED) {
      const listed = stored.phone !== null && (await isOnList(tx, accountId, stored.phone));
      const plan = responsePlan(stored, listed, required);
      // Another refusal replaces "unverified"; the state (an email answer under way or given) stays.
      lead.response_reason = plan.response_reason;
      calls = plan.response_reason === null;
      if (calls) lead.response_state = "pending";
      if (calls && now.getTime() >= new Date(stored.respond_by).getTime())
        lead.respond_by = new Date(now.getTime() + RESPOND_WITHIN_SECONDS * 1000);
    }
    const updated = await updateLead(tx, lead, now);
    if (calls) await scheduleResponse(tx, updated, now);
    return { ok: true, calls } as const;
  });
}
