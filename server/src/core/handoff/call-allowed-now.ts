// Whether a number may be dialled at one instant, and every reason it may not: the pre-dial check's one question.
//
// The window, places, rules, caps and holds are the call decision's (decideCall, the function the hand-off uses),
// made at the instant of the check for the number about to be dialled; the check adds only what is the number's
// own since the hand-off: the do-not-call list and wrong-number reports.
import type { CallCapStanding, CallCheckReason } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import { callCapsOf } from "./call-caps.ts";
import { type CallDecision, type DecisionLead, decideCall } from "./call-decision.ts";
import { freshDecisionContext } from "./call-limits.ts";
import type { CallingHours, CallWindow } from "./calling-hours.ts";

/** The number about to be dialled, with what decides its window. */
export interface DialSubject {
  accountId: string;
  /** The lead the hand-off is for: its location, consent and test flag are read from here. */
  leadId: string;
  /** E.164. */
  phone: string;
  /** Wrong-number reports count from here on (a report older than the hand-off was known when it was offered). */
  offeredAt: Date;
}

export interface DialVerdict {
  allowed: boolean;
  reasons: CallCheckReason[];
  /** The current or next window moved past holds and reached caps; null when the number may not be called at all. */
  call_window: CallWindow | null;
  call_caps: CallCapStanding[];
}

/** Reasons that no window can lift. */
const FINAL = new Set<CallCheckReason["code"]>(["do_not_call", "wrong_number", "call_not_permitted"]);

/**
 * A check comes after the response: no deadline to answer the lead remains, so a hold in force only moves the
 * window (the decision's `refuses` effect is for a hand-off that must answer by respond_by).
 */
const AFTER_THE_RESPONSE = new Date(8.64e15);

/** The lead's columns a decision reads, with the number checked in place of its phone; undefined for a test lead. */
async function checkedLead(q: Queryable, subject: DialSubject): Promise<DecisionLead | undefined> {
  const [lead] = await q.query<Omit<DecisionLead, "phone" | "response_reason" | "respond_by">>(
    "select timezone, state, postal_code, consent, test from leads where id = $1",
    [subject.leadId],
  );
  if (!lead || lead.test) return undefined;
  // The lead's own refusals were decided when the hand-off was offered; the number's lists are read below.
  return { ...lead, phone: subject.phone, response_reason: null, respond_by: AFTER_THE_RESPONSE };
}

/** Why the decision, read at the check's instant, refuses the call or holds it back now. */
function decisionReasons(decision: CallDecision, now: number): CallCheckReason[] {
  if (!decision.call.permitted) return [{ code: "call_not_permitted", until: null }];
  const reasons: CallCheckReason[] = [];
  for (const hold of decision.holds) {
    if (Date.parse(hold.starts_at) > now) continue;
    reasons.push({
      code: "held",
      until: hold.ends_at,
      jurisdiction: hold.jurisdiction,
      detail: `${hold.name}: ${hold.reason}`,
    });
  }
  for (const cap of decision.caps) {
    if (cap.until === null) continue;
    reasons.push({
      code: "cap_reached",
      until: cap.until,
      jurisdiction: cap.jurisdiction,
      detail: `${cap.calls} calls per ${cap.hours} hours`,
    });
  }
  // Closed by the hours, days or holidays of the rules: the window opens after every hold and cap above ends.
  const opens = Date.parse(decision.call_window!.earliest);
  const blockedUntil = Math.max(now, ...reasons.map((reason) => Date.parse(reason.until!)));
  if (opens > blockedUntil) reasons.push({ code: "window_closed", until: decision.call_window!.earliest });
  return reasons;
}

/**
 * @example const verdict = await callAllowedNow(tx, { accountId, leadId, phone: "+13055550103", offeredAt }, Date.now(), callingHours);
 */
export async function callAllowedNow(
  q: Queryable,
  subject: DialSubject,
  now: number,
  callingHours: CallingHours,
): Promise<DialVerdict> {
  const { accountId, phone } = subject;
  const [[listing], lead, context] = await Promise.all([
    q.query<{ listed: boolean; wrong_number: boolean }>(
      `select exists (select 1 from dnc_numbers where account_id = $1 and phone = $2) as listed,
         exists (select 1 from dnc_changes where account_id = $1 and phone = $2 and action = 'wrong_number'
           and created_at >= $3) as wrong_number`,
      [accountId, phone, subject.offeredAt.toISOString()],
    ),
    checkedLead(q, subject),
    freshDecisionContext(q, accountId, callingHours),
  ]);
  const reasons: CallCheckReason[] = [];
  if (listing?.listed) reasons.push({ code: "do_not_call", until: null });
  if (listing?.wrong_number) reasons.push({ code: "wrong_number", until: null });
  const decision = lead ? await decideCall(lead, now, context) : undefined;
  reasons.push(
    ...(decision ? decisionReasons(decision, now) : [{ code: "call_not_permitted" as const, until: null }]),
  );
  const final = reasons.some((reason) => FINAL.has(reason.code));
  return {
    allowed: reasons.length === 0,
    reasons,
    call_window: final ? null : (decision?.call_window ?? null),
    call_caps: callCapsOf(decision?.caps ?? []),
  };
}
