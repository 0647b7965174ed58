// US phone numbers to E.164 through libphonenumber-js, with an explicit country check.
import { US_PHONE_COUNTRIES } from "@speed-to-lead/spec";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * The spec's US countries. Canada and the Caribbean +1 countries are not among them:
 * `isValidPhoneNumber(n, "US")` says yes to them, so we check `country`.
 */
const US_COUNTRIES: ReadonlySet<string> = new Set(US_PHONE_COUNTRIES);

export type PhoneResult = { ok: true; e164: string } | { ok: false; code: "phone_invalid" | "phone_not_us" };

/**
 * @example normalizeUsPhone("(415) 555-2671")  // { ok: true, e164: "+14155552671" }
 * @example normalizeUsPhone("+1 604 555 0199") // { ok: false, code: "phone_not_us" } (Vancouver)
 */
export function normalizeUsPhone(input: string): PhoneResult {
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: "US" });
  if (!parsed?.isValid()) return { ok: false, code: "phone_invalid" };
  if (!parsed.country || !US_COUNTRIES.has(parsed.country)) return { ok: false, code: "phone_not_us" };
  return { ok: true, e164: parsed.number };
}
