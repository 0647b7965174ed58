// A number as the do-not-call list keeps it: any format a lead's phone is accepted in, in E.164.
import { normalizeUsPhone } from "../phone.ts";

export type ParsedNumber = { ok: true; e164: string } | { ok: false; code: "phone_invalid" | "phone_not_us" };

/**
 * Any format a lead's phone is accepted in, so every spelling of one number matches.
 *
 * @example parseListedNumber("(415) 555-2671") // { ok: true, e164: "+14155552671" }
 */
export function parseListedNumber(input: string): ParsedNumber {
  return normalizeUsPhone(input);
}
