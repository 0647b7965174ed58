// US phone numbers to E.164 through libphonenumber-js, with an explicit country check.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * The US and the territories that share its +1 numbering and are US jurisdiction. Canada and the
 * Caribbean +1 countries are not: `isValidPhoneNumber(n, "US")` says yes to them, so we check `country`.
 */
export const US_PHONE_COUNTRIES: ReadonlySet<string> = new Set(["US", "PR", "GU", "VI", "MP", "AS"]);

export type PhoneResult = { ok: true; e164: string } | { ok: false; code: "phone_invalid" | "phone_not_us" };

/**
 * @example normalizeUsPhone("(415) 555-2671")  // { ok: true, e164: "+14155552671" }
 * @example normalizeUsPhone("+1 604 555 0199") // { ok: false, code: "phone_not_us" } (Vancouver)
 */
export function normalizeUsPhone(input: string): PhoneResult {
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: "US" });
  if (!parsed?.isValid()) return { ok: false, code: "phone_invalid" };
  if (!parsed.country || !US_PHONE_COUNTRIES.has(parsed.country)) return { ok: false, code: "phone_not_us" };
  return { ok: true, e164: parsed.number };
}
