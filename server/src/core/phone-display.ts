// A stored E.164 phone as people read it: "+14155552671" → "(415) 555-2671".
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** @example formatPhoneForPeople("+14155552671") // "(415) 555-2671" */
export function formatPhoneForPeople(e164: string | null): string | null {
  if (e164 === null) return null;
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}
