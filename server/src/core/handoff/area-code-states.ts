// US area code → the states whose calling rules are stricter than the federal one, for the lead's call window.
import { CALLING_RULES, type CallingRule, FEDERAL_CALLING_RULE, stateCallingRule } from "@speed-to-lead/spec";

/**
 * Area codes of the states that have a row in the spec's calling-rules table (NANPA assignments,
 * overlays included, as of 2025). An area code of any other state or territory has no state rule
 * stricter than the federal one, so it needs no entry. A code listed under two states would apply both.
 */
const CODES_BY_STATE: Record<string, string> = {
  FL: "239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954",
  OK: "405 539 572 580 918",
  MD: "227 240 301 410 443 667",
  WA: "206 253 360 425 509 564",
  CT: "203 475 860 959",
  TX:
    "210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 915 936 940 945 956 " +
    "972 979",
};

function buildTable(): ReadonlyMap<string, readonly string[]> {
  const table = new Map<string, string[]>();
  for (const [state, codes] of Object.entries(CODES_BY_STATE)) {
    // A state listed here without a rule would be silently ignored by the window.
    if (!CALLING_RULES.some((rule) => rule.jurisdiction === `US-${state}`)) {
      throw new Error(`area codes listed for ${state}, which has no calling rule`);
    }
    for (const code of codes.split(/\s+/).filter(Boolean))
      table.set(code, [...(table.get(code) ?? []), state]);
  }
  return table;
}

const STATES_BY_AREA_CODE = buildTable();

/**
 * The states with their own calling rule that a phone's area code lies in; empty for every other number.
 *
 * @example ruleStatesOfPhone("+12145550100") // ["TX"]
 * @example ruleStatesOfPhone("+14155550100") // [] (California: the federal rule only)
 */
export function ruleStatesOfPhone(e164: string | null): readonly string[] {
  const match = e164 ? /^\+1(\d{3})\d{7}$/.exec(e164) : null;
  return (match && STATES_BY_AREA_CODE.get(match[1]!)) || [];
}

/** Every area code with a state rule (tests check each against the zone table). */
export function ruleStateTable(): ReadonlyMap<string, readonly string[]> {
  return STATES_BY_AREA_CODE;
}

/**
 * The rules a call to this phone must obey: the federal one, then each state rule of its area code.
 *
 * @example callingRulesOfPhone("+12145550100").map((rule) => rule.jurisdiction) // ["US", "US-TX"]
 */
export function callingRulesOfPhone(e164: string | null): CallingRule[] {
  return [FEDERAL_CALLING_RULE, ...ruleStatesOfPhone(e164).map((state) => stateCallingRule(state)!)];
}
