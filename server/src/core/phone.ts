// US phone numbers, the one home for them: parsed to E.164 through libphonenumber-js (an explicit country
// check, a fast path for E.164 input) and displayed as people read them.
import { US_PHONE_COUNTRIES } from "@speed-to-lead/spec";
import { Metadata, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { stateOfAreaCode } from "./nanpa-area-codes.ts";

/**
 * The spec's US countries. Canada and the Caribbean +1 countries are not among them:
 * `isValidPhoneNumber(n, "US")` says yes to them, so we check `country`.
 */
const US_COUNTRIES: ReadonlySet<string> = new Set(US_PHONE_COUNTRIES);

export type PhoneResult = { ok: true; e164: string } | { ok: false; code: "phone_invalid" | "phone_not_us" };

/** The parts of libphonenumber's numbering plan the fast path reads (present at runtime, untyped). */
interface PlanWithTypes {
  nationalNumberPattern(): string;
  type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}

/** The number types getNumberType tries, in its order; any match makes a number valid. */
const NUMBER_TYPES = [
  "FIXED_LINE",
  "MOBILE",
  "PREMIUM_RATE",
  "TOLL_FREE",
  "SHARED_COST",
  "VOIP",
  "PERSONAL_NUMBER",
  "PAGER",
  "UAN",
  "VOICEMAIL",
];

/**
 * The library's own US patterns, read from its metadata once: a national number that matches the US
 * plan and one of its types is a valid number of the US, which is the first country of +1, so the
 * library's answer for "+1" + that number is that number (phone.test.ts checks this against the
 * library over many numbers). Undefined if the metadata does not look as expected: no fast path then.
 */
function usValidity(): ((national: string) => boolean) | undefined {
  try {
    const metadata = new Metadata();
    metadata.selectNumberingPlan("US");
    const plan = metadata.numberingPlan as unknown as PlanWithTypes;
    const general = new RegExp(`^(?:${plan.nationalNumberPattern()})$`);
    const types = NUMBER_TYPES.flatMap((name) => {
      const type = plan.type(name);
      const pattern = type?.pattern();
      const lengths = type?.possibleLengths();
      if (!pattern || (lengths && !lengths.includes(10))) return [];
      return [new RegExp(`^(?:${pattern})$`)];
    });
    if (types.length === 0) return undefined;
    return (national) => general.test(national) && types.some((type) => type.test(national));
  } catch {
    return undefined;
  }
}

const isValidUsNational = usValidity();
const E164_NANP = /^\+1([2-9]\d{9})$/;

/**
 * @example normalizeUsPhone("(415) 555-2671")  // { ok: true, e164: "+14155552671" }
 * @example normalizeUsPhone("+1 604 555 0199") // { ok: false, code: "phone_not_us" } (Vancouver)
 */
export function normalizeUsPhone(input: string): PhoneResult {
  // Most senders already send E.164: a valid US number then needs no parsing (a tenth of the cost).
  const e164 = E164_NANP.exec(input);
  if (e164 && isValidUsNational?.(e164[1]!)) return { ok: true, e164: input };
  return parseUsPhone(input);
}

/**
 * A number the library refuses only because its area code is newer than the library's metadata: a
 * geographic code on NANPA's list, a valid exchange (not 0, 1 or N11). NANPA's list decides.
 */
function inNewerAreaCode(national: string): boolean {
  const match = /^([2-9]\d{2})([2-9]\d{2})\d{4}$/.exec(national);
  return !!match && stateOfAreaCode(match[1]!) !== undefined && !/^[2-9]11$/.test(match[2]!);
}

/** The library's full parse: any format, extensions, every +1 country. */
export function parseUsPhone(input: string): PhoneResult {
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: "US" });
  if (
    parsed &&
    !parsed.isValid() &&
    parsed.countryCallingCode === "1" &&
    inNewerAreaCode(parsed.nationalNumber)
  )
    return { ok: true, e164: `+1${parsed.nationalNumber}` };
  if (!parsed?.isValid()) return { ok: false, code: "phone_invalid" };
  if (!parsed.country || !US_COUNTRIES.has(parsed.country)) return { ok: false, code: "phone_not_us" };
  return { ok: true, e164: parsed.number };
}

/** A stored E.164 phone as people read it. @example formatPhoneForPeople("+14155552671") // "(415) 555-2671" */
export function formatPhoneForPeople(e164: string | null): string | null {
  if (e164 === null) return null;
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}
