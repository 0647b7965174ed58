// The call decision, one value computed once: for a lead and an instant, whether the assistant may call, when, and why.
import type { CallingRule } from "@speed-to-lead/spec";
import type { CallRefusal } from "../leads/call-eligibility.ts";
import { type CapState, capBlocks, capHours, capStates } from "./call-caps.ts";
import { type CallHold, holdBlock, holdsOfPhone } from "./call-holds.ts";
import {
  type CallPlace,
  CONTIGUOUS_US,
  callPlaces,
  type LocatedLead,
  locationKnown,
} from "./call-location.ts";
import { type CallBlock, type CallingHours, type CallWindow, callWindow } from "./calling-hours.ts";
import { callingRulesOf } from "./place-rules.ts";
import { RULES_VERSION } from "./rules-version.ts";

/** The lead as a decision reads it (a claimed task, a stored lead: the same columns). */
export interface DecisionLead extends LocatedLead {
  test: boolean;
  consent: object | null;
  /** Why the lead's own fields or the account's lists refuse a call (set at the intake or the claim); null: none. */
  response_reason: CallRefusal | "test" | null;
  respond_by: Date | string;
}

/** What a decision needs beyond the lead: the account, its hours, and the facts read from the database. */
export interface DecisionContext {
  account: {
    /** The seller the account calls for (its name): Utah's exemption needs consent to that seller. */
    name: string;
    /** Calls a number no field or area code places, within the window legal everywhere in the 48 states. */
    callsUnknownLocations: boolean;
  };
  callingHours: CallingHours;
  /** Holds not removed and not over (all of them: the decision picks the phone's). */
  holds: readonly CallHold[];
  /** The number's attempts in the account after `since`, as instants (read only for a capped number). */
  attemptsSince(phone: string, since: Date): Promise<readonly number[]>;
}

export type { CapState };

/** A hold on the number's area code and what it does to this decision. */
export interface HoldState {
  id: string;
  kind: CallHold["kind"];
  /** The hold's state (US-XX), or US for a hold given by area codes. */
  jurisdiction: string;
  /** What the hold is, as the window's rules_applied names it: "Emergency hold (area codes 619)". */
  name: string;
  starts_at: string;
  ends_at: string;
  reason: string;
  /** refuses: it outlasts respond_by, so the call is refused (held); moves: it moves or cuts the window. */
  effect: "refuses" | "moves";
}

/**
 * The whole decision, as EXPLAIN shows a plan: the hand-off, a pre-dial check, the lead page and the
 * evidence record read it; none recomputes a part of it.
 */
export interface CallDecision {
  /** The instant decided for (ISO). */
  decided_at: string;
  /** What the hand-off's `call` says: permitted, or refused with its reason. */
  call: { permitted: true } | { permitted: false; reason: CallRefusal };
  /** The window (with every rule, day, holiday, cap, hold and place that shaped it); null when refused. */
  call_window: CallWindow | null;
  /** Every place the person may be; `contiguous_us` for an account that calls numbers of unknown place. */
  places: CallPlace[];
  /** The rows that apply (federal first), by jurisdiction. */
  rules: string[];
  caps: CapState[];
  holds: HoldState[];
  /** A hash of the rules and calendars in force. */
  rules_version: string;
}

const refused = (base: Omit<CallDecision, "call" | "call_window">, reason: CallRefusal): CallDecision => ({
  ...base,
  call: { permitted: false, reason },
  call_window: null,
});

/**
 * Where the person may be and the rules that follow: the lead's places (plus the contiguous US for an
 * account that calls numbers nothing places) and the federal rule with every state row among them.
 *
 * @example placesAndRules({ phone: "+12145550100", timezone: null, state: null, postal_code: null, consent }, account).rules
 * // [federal, Texas]
 */
export function placesAndRules(
  lead: LocatedLead & { consent: object | null },
  account: DecisionContext["account"],
): { places: CallPlace[]; rules: CallingRule[]; known: boolean } {
  const located = callPlaces(lead);
  const known = locationKnown(located);
  const places = known || !account.callsUnknownLocations ? located : [...located, CONTIGUOUS_US];
  return { places, rules: callingRulesOf(places, lead.consent, account.name), known };
}

/** Each cap of the rules with the attempts it counts now (read only for a capped number). */
async function capsNow(
  rules: readonly CallingRule[],
  phone: string,
  at: number,
  context: DecisionContext,
): Promise<{ states: CapState[]; blocks: CallBlock[] }> {
  const hours = capHours(rules);
  if (hours === 0) return { states: [], blocks: [] };
  const attempts = await context.attemptsSince(phone, new Date(at - hours * 3_600_000));
  const blocks = capBlocks(rules, attempts, at);
  return { states: capStates(rules, attempts, at, blocks), blocks };
}

/**
 * The call decision for a lead at an instant. Refused, in this order: the lead's own reason (no
 * consent, no phone, evidence missing, opted out, wrong number, held), `location_unknown` (nothing
 * places the person and the account does not call such numbers), `held` (an emergency hold on the
 * area code in force now and past respond_by), `no_common_hours` (the places share no permitted hour
 * within about a week). Otherwise permitted, with the window in which every rule of every place, the
 * account's hours, the caps and the holds allow the call.
 *
 * @example const decision = await decideCall(task, Date.now(), { account, callingHours, holds, attemptsSince });
 * // decision.call → { permitted: true }; decision.call_window.earliest → "2026-07-01T15:00:00.000Z"
 */
export async function decideCall(
  lead: DecisionLead,
  at: number,
  context: DecisionContext,
): Promise<CallDecision> {
  const { places, rules, known } = placesAndRules(lead, context.account);
  const phoneHolds = holdsOfPhone(context.holds, lead.phone);
  const respondBy = new Date(lead.respond_by).getTime();
  const holds: HoldState[] = phoneHolds.map((hold) => {
    const outlasts =
      hold.kind === "emergency" &&
      new Date(hold.starts_at).getTime() <= at &&
      new Date(hold.ends_at).getTime() >= respondBy;
    const { applied } = holdBlock(hold);
    return {
      id: hold.id,
      kind: hold.kind,
      jurisdiction: applied.jurisdiction,
      name: applied.name,
      starts_at: new Date(hold.starts_at).toISOString(),
      ends_at: new Date(hold.ends_at).toISOString(),
      reason: hold.reason,
      effect: outlasts ? "refuses" : "moves",
    };
  });
  const base = {
    decided_at: new Date(at).toISOString(),
    places,
    rules: rules.map((rule) => rule.jurisdiction),
    caps: [] as CapState[],
    holds,
    rules_version: RULES_VERSION,
  };
  if (lead.test) throw new Error("a test lead is never called: no call decision");
  if (lead.response_reason !== null) return refused(base, lead.response_reason as CallRefusal);
  if (lead.consent === null) return refused(base, "no_consent");
  if (lead.phone === null) return refused(base, "no_phone");
  if (!known && !context.account.callsUnknownLocations) return refused(base, "location_unknown");
  if (holds.some((hold) => hold.effect === "refuses")) return refused(base, "held");
  const caps = await capsNow(rules, lead.phone, at, context);
  base.caps = caps.states;
  const blocks = [...phoneHolds.map(holdBlock), ...caps.blocks];
  const window = callWindow(at, places, context.callingHours, rules, blocks);
  if (!window) return refused(base, "no_common_hours");
  return { ...base, call: { permitted: true }, call_window: window };
}
