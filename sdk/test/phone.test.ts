// normalizeUsPhone(): E.164 for US numbers (and the territories on +1), typed errors for the rest.
import { describe, expect, it } from "vitest";
import { normalizeUsPhone, PhoneNumberError } from "../src/phone";

function refusalCode(input: string) {
  try {
    normalizeUsPhone(input);
  } catch (error) {
    if (error instanceof PhoneNumberError) return error.code;
    throw error;
  }
  return "accepted";
}

describe("normalizeUsPhone", () => {
  it.each([
    ["(415) 555-2671", "+14155552671"],
    ["415.555.2671", "+14155552671"],
    ["1-415-555-2671", "+14155552671"],
    ["+1 415 555 2671", "+14155552671"],
    ["415-555-2671 ext. 123", "+14155552671"],
    ["+1 800 555 1234", "+18005551234"],
    ["+1 787 722 1234", "+17877221234"], // Puerto Rico
    ["671 472 1234", "+16714721234"], // Guam
    ["+1 340 774 1234", "+13407741234"], // US Virgin Islands
    ["+1 670 234 1234", "+16702341234"], // Northern Mariana Islands
    ["+1 684 633 1234", "+16846331234"], // American Samoa
    ["(457) 555-0123", "+14575550123"], // Louisiana: newer than the library's metadata, on NANPA's list
    ["+1 924 555 0123", "+19245550123"], // Minnesota, likewise
  ])("%s → %s", (input, e164) => {
    expect(normalizeUsPhone(input)).toBe(e164);
  });

  it.each([
    ["+1 604 555 0100", "phone_not_us"], // Canada
    ["604 253 1234", "phone_not_us"], // Canada, national format
    ["+1 876 927 1234", "phone_not_us"], // Jamaica
    ["+44 20 7946 0018", "phone_not_us"],
    ["555-555-5555", "phone_invalid"],
    ["911 555 1212", "phone_invalid"],
    ["+1 457 511 0123", "phone_invalid"], // a listed code, but an N11 exchange
    ["+44 20 79", "phone_invalid"],
    ["12345", "phone_invalid"],
    ["not a number", "phone_invalid"],
    ["", "phone_invalid"],
  ])("refuses %s with %s", (input, code) => {
    expect(refusalCode(input)).toBe(code);
  });

  it("throws a PhoneNumberError with a name and a message", () => {
    expect(() => normalizeUsPhone("+1 604 555 0100")).toThrow(
      expect.objectContaining({ name: "PhoneNumberError", message: "Only US phone numbers are accepted." }),
    );
    expect(() => normalizeUsPhone(42 as unknown as string)).toThrow(PhoneNumberError);
  });
});
