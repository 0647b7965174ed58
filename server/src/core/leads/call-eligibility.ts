// Whether and why a lead may be called, said once: the intake's call_eligible, the response plan (call, answer
// by email only, or nothing at all), the hand-off's phone and the inbox's filter all come from here.
import type { NotCalledReason } from "@speed-to-lead/spec";
import { type EvidenceRequirement, lacksEvidence } from "../accounts/evidence-requirement.ts";
import type { LeadFields, LeadRow } from "./lead-record.ts";

/** Why the assistant may not call a lead that is not a test lead. */
export type CallRefusal = Exclude<NotCalledReason, "test">;

/**
 * Why the fields alone forbid a call, in the spec's order (no_consent before no_phone); then the
 * account's evidence requirement gives evidence_missing, and `listed` (the number is on the
 * account's do-not-call list) opted_out.
 *
 * @example callRefusal({ consent: null, phone: "+14155550142" }, false) // "no_consent"
 */
export function callRefusal(
  lead: Pick<LeadFields, "consent" | "phone">,
  listed: boolean,
  required: EvidenceRequirement = "none",
): CallRefusal | undefined {
  if (lead.consent === null) return "no_consent";
  if (lead.phone === null) return "no_phone";
  if (lacksEvidence(lead.consent, required)) return "evidence_missing";
  return listed ? "opted_out" : undefined;
}

/**
 * The response state and reason of a lead entering the response. A test lead is never handed off.
 * A lead whose call is refused is still answered when it has an email: pending, with the refusal as
 * its reason (the hand-off then never carries the phone). The do-not-call list and a wrong-number
 * report are about calls, so they leave the email answer open. No permitted way at all: not_called.
 *
 * @example responsePlan({ test: false, consent: null, phone: null, email: "a@b.co" }, false)
 * // { response_state: "pending", response_reason: "no_consent" }
 */
export function responsePlan(
  lead: Pick<LeadFields, "consent" | "phone" | "email" | "test">,
  listed: boolean,
  required: EvidenceRequirement = "none",
): Pick<LeadRow, "response_state" | "response_reason"> {
  if (lead.test) return { response_state: "not_called", response_reason: "test" };
  const refusal = callRefusal(lead, listed, required);
  if (refusal === undefined) return { response_state: "pending", response_reason: null };
  return { response_state: lead.email === null ? "not_called" : "pending", response_reason: refusal };
}

/** May the assistant call this lead now? The only test the hand-off's phone depends on. */
export function callPermitted(
  lead: Pick<LeadRow, "consent" | "phone" | "test" | "response_reason">,
): boolean {
  return !lead.test && lead.response_reason === null && lead.consent !== null && lead.phone !== null;
}

/**
 * call_eligible of a stored lead, as the intake's answer, the lead's status and the inbox show it: its
 * response may call. A refused call keeps its reason while the lead is answered by email.
 */
export const callEligible = (lead: Pick<LeadRow, "response_state" | "response_reason">): boolean =>
  lead.response_state !== "not_called" && lead.response_reason === null;

/** callEligible as a SQL condition on leads `l`, for the inbox's filter. */
export const CALL_ELIGIBLE_SQL = "(l.response_state <> 'not_called' and l.response_reason is null)";

/** A withdrawn call's cancelled task says why as its last error: the same words whoever withdrew it. */
export const withdrawnCallError = (reason: "opted_out" | "wrong_number") =>
  `lead is not call-eligible: ${reason}`;

/**
 * The do-not-call list withdrawing the call from the queued hand-offs of the leads `l` that `leadCondition`
 * selects, as three CTEs (withdrawn: lead_id, phone, cancelled; dequeued; withdrawn_leads): a lead with an
 * email keeps its hand-off (it goes out email-only) with `reasonSql`; any other lead's response is dequeued
 * and cancelled with `errorSql` (withdrawnCallError's text) as its last error, the lead not_called. The queue
 * rows are locked first, so a dispatcher's claim of one either came first (the delivery goes ahead and is
 * recorded) or skips it. An opt-out, a wrong number and an import run this one statement shape; a
 * dispatcher's claim (task-store.ts) writes the same error.
 */
export const withdrawCallsSql = (
  leadCondition: string,
  reasonSql: string,
  errorSql: string,
) => `withdrawn as (
  select l.id as lead_id, l.phone, l.email is null as cancelled
  from leads l join handoff_queue q on q.lead_id = l.id
  where ${leadCondition} and l.response_reason is null
  for update of q
), dequeued as (
  delete from handoff_queue q where q.lead_id = any(array(select lead_id from withdrawn where cancelled))
  returning q.lead_id, q.attempts
), withdrawn_leads as (
  update leads l set response_reason = ${reasonSql},
    response_state = case when w.cancelled then 'not_called' else l.response_state end,
    handoff_status = case when w.cancelled then 'cancelled' else l.handoff_status end,
    handoff_attempts = case when w.cancelled then d.attempts else l.handoff_attempts end,
    handoff_error = case when w.cancelled then ${errorSql} else l.handoff_error end
  from withdrawn w left join dequeued d on d.lead_id = w.lead_id
  where l.id = w.lead_id
)`;
