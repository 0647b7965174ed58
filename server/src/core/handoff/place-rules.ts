// The calling rules a call must obey: the federal rule and the rule of every state the person may be in.
import { CALLING_RULES, type CallingRule } from "@speed-to-lead/spec";
import type { CallPlace } from "./call-location.ts";

/** Whether the consent block names the account as a seller (Utah's exemption needs consent to that seller). */
function namesSeller(consent: object | null, seller: string): boolean {
  const sellers = (consent as { sellers?: unknown } | null)?.sellers;
  const wanted = seller.trim().toLowerCase();
  return (
    Array.isArray(sellers) &&
    wanted !== "" &&
    sellers.some((name) => typeof name === "string" && name.trim().toLowerCase() === wanted)
  );
}

/**
 * The federal rule, then the row of each state of the places, once each, in the table's order. A row
 * exempting consent to a named seller (Utah) is left out only when the consent names the account.
 *
 * @example callingRulesOf([{ source: "area_code", value: "214", zones: [...], states: ["TX"] }], null, "Acme")
 * // [federal, Texas]
 */
export function callingRulesOf(
  places: readonly CallPlace[],
  consent: object | null,
  seller: string,
): CallingRule[] {
  const jurisdictions = new Set([
    "US",
    ...places.flatMap((place) => place.states.map((state) => `US-${state}`)),
  ]);
  return CALLING_RULES.filter(
    (rule) =>
      jurisdictions.has(rule.jurisdiction) &&
      (rule.exemptWhen !== "seller_named" || !namesSeller(consent, seller)),
  );
}
