// Whether a number may be dialled at one instant, and every reason it may not: the pre-dial check's one question.
//
// This is the seam between the pre-dial check and the call decision. Today it composes what the dispatcher
// uses at delivery (the window of the number's rules, its call caps, the holds, the do-not-call list, the
// wrong-number reports); when the call decision is computed by one function, `callAllowedNow` asks it instead
// and nothing else in the check changes.
import type { CallCapStanding, CallCheckReason } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import { callingRulesOfPhone } from "./area-code-states.ts";
import { currentHolds, holdBlock, holdsOfPhone } from "./call-holds.ts";
import { capsOfNumber } from "./call-limits.ts";
import { type CallBlock, type CallWindow, callWindow, callZones } from "./calling-hours.ts";
import type { PayloadSettings } from "./payload.ts";

/** The number about to be dialled, with what decides its window. */
export interface DialSubject {
  accountId: string;
  /** The lead the hand-off is for: what else of it the call decision needs (its location) is read from here. */
  leadId: string;
  /** E.164. */
  phone: string;
  /** The lead's own zone, when it gave one. */
  timezone: string | null;
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
const FINAL = new Set<CallCheckReason["code"]>(["do_not_call", "wrong_number"]);

/**
 * @example const verdict = await callAllowedNow(db, { accountId, phone: "+13055550103", timezone: null, offeredAt }, Date.now(), settings);
 */
export async function callAllowedNow(
  q: Queryable,
  subject: DialSubject,
  now: number,
  settings: PayloadSettings,
): Promise<DialVerdict> {
  const { accountId, phone } = subject;
  const [[listing], holds, caps] = await Promise.all([
    q.query<{ listed: boolean; wrong_number: boolean }>(
      `select exists (select 1 from dnc_numbers where account_id = $1 and phone = $2) as listed,
         exists (select 1 from dnc_changes where account_id = $1 and phone = $2 and action = 'wrong_number'
           and created_at >= $3) as wrong_number`,
      [accountId, phone, subject.offeredAt.toISOString()],
    ),
    currentHolds(q),
    capsOfNumber(q, accountId, phone, now),
  ]);
  const reasons: CallCheckReason[] = [];
  if (listing?.listed) reasons.push({ code: "do_not_call", until: null });
  if (listing?.wrong_number) reasons.push({ code: "wrong_number", until: null });
  const phoneHolds = holdsOfPhone(holds, phone);
  for (const hold of phoneHolds) {
    if (new Date(hold.starts_at).getTime() > now) continue;
    const { applied } = holdBlock(hold);
    reasons.push({
      code: "held",
      until: applied.until!,
      jurisdiction: applied.jurisdiction,
      detail: `${applied.name}: ${applied.source}`,
    });
  }
  for (const block of caps.blocks) {
    const cap = caps.caps.find((standing) => standing.jurisdiction === block.applied.jurisdiction)!;
    reasons.push({
      code: "cap_reached",
      until: block.applied.until!,
      jurisdiction: cap.jurisdiction,
      detail: `${cap.calls} calls per ${cap.hours} hours`,
    });
  }
  const zones = callZones({ timezone: subject.timezone, phone }, settings.defaultTimeZone);
  const rules = callingRulesOfPhone(phone);
  const hours = callWindow(now, zones, settings.callingHours, rules);
  if (Date.parse(hours.earliest) > now) reasons.push({ code: "window_closed", until: hours.earliest });
  const blocks: CallBlock[] = [...phoneHolds.map(holdBlock), ...caps.blocks];
  const final = reasons.some((reason) => FINAL.has(reason.code));
  return {
    allowed: reasons.length === 0,
    reasons,
    call_window: final ? null : callWindow(now, zones, settings.callingHours, rules, blocks),
    call_caps: caps.caps,
  };
}
