// @speed-to-lead/sdk/phone: US phone numbers to E.164 with the service's own rule (libphonenumber-js).
// A separate entry point, so the main one never pulls in libphonenumber-js's metadata (~49 kB gzip).
// The "max" metadata, as the server uses: with "min", about 2% of +1 numbers get another verdict.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { SpeedToLeadError } from "./base-error";

/**
 * The US and the US territories that share +1. Canada and the other +1 countries are not US: their
 * numbers are valid for libphonenumber-js's isValidPhoneNumber(x, "US"), so the country is checked.
 */
export const US_PHONE_COUNTRIES: readonly string[] = ["US", "PR", "GU", "VI", "MP", "AS"];

/** Why normalizeUsPhone() refused a number; `code` matches the service's field error codes. */
export class PhoneNumberError extends SpeedToLeadError {
  constructor(
    /** The service's field error code for the same number. */
    readonly code: "phone_invalid" | "phone_not_us",
    message: string,
  ) {
    super(message);
  }

  static override readonly kind: string = "PhoneNumberError";
}

/**
 * Returns the number in E.164, as the service will store it, or throws a PhoneNumberError:
 * `phone_invalid` when it is not a valid phone number, `phone_not_us` when it belongs to another
 * country. National numbers are read as US; an extension is dropped.
 *
 * @example
 * normalizeUsPhone("(415) 555-2671"); // "+14155552671"
 * normalizeUsPhone("+1 604 555 0100"); // throws PhoneNumberError, code "phone_not_us" (Canada)
 */
export function normalizeUsPhone(input: string): string {
  const parsed = typeof input === "string" ? parsePhoneNumberFromString(input, "US") : undefined;
  if (!parsed?.isValid()) {
    throw new PhoneNumberError("phone_invalid", "This is not a valid phone number.");
  }
  if (!parsed.country || !US_PHONE_COUNTRIES.includes(parsed.country)) {
    throw new PhoneNumberError("phone_not_us", "Only US phone numbers are accepted.");
  }
  return parsed.number;
}
