// A valid lead with exactly one rule of the spec broken, and the 422 field error the spec documents for it.
import type { FieldErrorCode } from "@speed-to-lead/spec";
import fc from "fast-check";
import { consentBreaks } from "./consent-breaks.ts";
import { nonUsNanpPhone } from "./nanp-phone.ts";
import { emailAddress, unique, type ValidLead, validLead } from "./valid-lead.ts";

export interface RuleBreak {
  /** Human name of the rule, for failure messages. */
  rule: string;
  /** JSON Pointer of the broken field ("" for the body as a whole). */
  pointer: string;
  /** The documented codes for it (several where the spec leaves the choice open, e.g. "" is too_short or a pattern). */
  codes: FieldErrorCode[];
  /** true when JSON Schema alone (ajv on LeadInput) refuses it; false for rules only the server's logic enforces. */
  schemaRule: boolean;
  apply(body: Record<string, unknown>): void;
}

export interface BrokenLead {
  /** The valid lead before the break: make its keys unique per request, then `broken.apply` it. */
  lead: ValidLead;
  broken: RuleBreak;
}

/** The request body: unique keys first (so a nonce never repairs a broken key), then the break. */
export function brokenBody({ lead, broken }: BrokenLead): Record<string, unknown> {
  const body = unique(lead.body);
  broken.apply(body);
  return body;
}

const nonString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const nonInteger = fc.oneof(
  fc.constantFrom("100", true, null, [], {}, 1.5, 0.1),
  fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }),
);
const overLong = (max: number) =>
  fc.integer({ min: max + 1, max: max + 40 }).map((length) => "x".repeat(length));

/** A field set to a value breaking one rule; phone and email keep the other contact so only that field is wrong. */
function fieldBreak(
  field: string,
  rule: string,
  value: fc.Arbitrary<unknown>,
  codes: FieldErrorCode[],
  schemaRule = true,
): fc.Arbitrary<RuleBreak> {
  const otherContact =
    field === "phone" ? { email: "other@example.com" } : field === "email" ? { phone: "+14155552671" } : {};
  return value.map((broken) => ({
    rule: `${field}: ${rule}`,
    pointer: `/${field}`,
    codes,
    schemaRule,
    apply(body) {
      Object.assign(body, otherContact);
      body[field] = broken;
    },
  }));
}

/** Every rule break the spec documents, each with the field error it must produce. */
export function ruleBreak(now: () => number): fc.Arbitrary<RuleBreak> {
  return fc.oneof(
    fc.constant<RuleBreak>({
      rule: "contact: neither phone nor email",
      pointer: "",
      codes: ["contact_required"],
      schemaRule: true,
      apply(body) {
        delete body.phone;
        delete body.email;
      },
    }),
    fieldBreak(
      "phone",
      "a valid +1 number outside the US",
      nonUsNanpPhone.map((phone) => phone.raw),
      ["phone_not_us"],
      false,
    ),
    fieldBreak(
      "phone",
      "a number of another country",
      fc.constantFrom("+44 20 7946 0958", "+33 1 42 68 53 00", "+52 55 5128 4100", "+61 2 9374 4000"),
      ["phone_not_us", "phone_invalid"],
      false,
    ),
    fieldBreak(
      "phone",
      "not a phone number",
      fc.oneof(
        fc.stringMatching(/^[a-zA-Z]{1,20}$/),
        fc.stringMatching(/^\d{1,6}$/),
        fc.constantFrom("(555) 234-5678", "(911) 234-5678", "411 234 5678", "+1 415 555", "4155552671234567"),
      ),
      ["phone_invalid"],
      false,
    ),
    fieldBreak("phone", "empty", fc.constant(""), ["too_short", "phone_invalid"]),
    fieldBreak("phone", "longer than 64", overLong(64), ["too_long", "phone_invalid"]),
    fieldBreak(
      "phone",
      "not a string",
      nonString.filter((value) => value !== null),
      ["type_mismatch"],
    ),
    fieldBreak(
      "email",
      "not an address",
      fc.constantFrom(
        "plainaddress",
        "a@",
        "@example.com",
        "a b@example.com",
        "a@@example.com",
        "a@example..com",
        "ana@exämple.com",
        "a@-example.com",
      ),
      ["email_invalid"],
    ),
    fieldBreak(
      "email",
      "longer than 254",
      emailAddress.map((email) => `${"a".repeat(250)}${email}`),
      ["too_long", "email_invalid"],
    ),
    fieldBreak(
      "email",
      "not a string",
      nonString.filter((value) => value !== null),
      ["type_mismatch"],
    ),
    ...(["first_name", "last_name"] as const).map((field) =>
      fc.oneof(
        fieldBreak(field, "longer than 200", overLong(200), ["too_long"]),
        fieldBreak(field, "not a string", nonString, ["type_mismatch"]),
      ),
    ),
    fieldBreak("source", "longer than 64", overLong(64), ["too_long"]),
    fieldBreak("source", "not a string", nonString, ["type_mismatch"]),
    fieldBreak(
      "source_campaign",
      "outside [A-Za-z0-9._-]{1,64}",
      fc.oneof(
        fc.constantFrom("", "spring 2026", "a/b", "ñandú", "tag!", "x".repeat(65)),
        fc.stringMatching(/^[A-Za-z0-9._-]{0,10}[ /!@#ñ:][A-Za-z0-9._-]{0,10}$/),
      ),
      ["pattern_mismatch", "too_short", "too_long"],
    ),
    fieldBreak("source_campaign", "not a string", nonString, ["type_mismatch"]),
    fieldBreak("property_ref", "longer than 1000", overLong(1000), ["too_long"]),
    fieldBreak(
      "price",
      "below 0 or above 10^12",
      fc.oneof(fc.integer({ min: -1_000_000, max: -1 }), fc.constantFrom(1_000_000_000_001, 1e15, 1e300)),
      ["out_of_range"],
    ),
    fieldBreak("price", "not a whole number", nonInteger, ["type_mismatch"]),
    fieldBreak("language", "not en or es", fc.constantFrom("fr", "EN", "", "es-MX", "english"), [
      "value_not_allowed",
    ]),
    fieldBreak("language", "not a string", nonString, ["value_not_allowed", "type_mismatch"]),
    fieldBreak(
      "timezone",
      "not an IANA name",
      fc.constantFrom("Mars/Olympus", "America/Nowhere", "+05:00", "Central Time", "Europe/Paris/Extra"),
      ["timezone_invalid"],
      false,
    ),
    fieldBreak("timezone", "empty", fc.constant(""), ["too_short", "timezone_invalid"]),
    fieldBreak("timezone", "not a string", nonString, ["type_mismatch"]),
    fieldBreak("context", "not an object", fc.constantFrom([], [1, 2], "bedrooms=3", 3, true, null), [
      "type_mismatch",
    ]),
    fieldBreak(
      "source_event_at",
      "not a date-time with a zone",
      fc.constantFrom(
        "2026-11-20T14:00:00",
        "2026-11-20",
        "2026-13-01T00:00:00Z",
        "2026-02-30T00:00:00Z",
        "yesterday",
        "2026-11-20 14:00:00Z",
        "1700000000",
        "2026-11-20T25:00:00Z",
      ),
      ["date_time_invalid"],
    ),
    fieldBreak("source_event_at", "not a string", nonString, ["type_mismatch"]),
    fieldBreak(
      "idempotency_key",
      "outside 1 to 255 visible ASCII characters",
      fc.oneof(
        fc.constantFrom("", "has space", "ключ", "tab\there", "x".repeat(256)),
        fc.stringMatching(/^[\x21-\x7E]{0,20} [\x21-\x7E]{0,20}$/),
      ),
      ["pattern_mismatch", "too_short", "too_long"],
    ),
    fieldBreak("idempotency_key", "not a string", nonString, ["type_mismatch"]),
    fieldBreak("external_lead_id", "empty or longer than 255", fc.oneof(fc.constant(""), overLong(255)), [
      "too_short",
      "too_long",
    ]),
    fieldBreak("external_lead_id", "not a string", nonString, ["type_mismatch"]),
    fieldBreak("platform", "empty or longer than 100", fc.oneof(fc.constant(""), overLong(100)), [
      "too_short",
      "too_long",
    ]),
    fieldBreak("platform", "not a string", nonString, ["type_mismatch"]),
    fieldBreak("test", "not a boolean", fc.constantFrom("true", 1, 0, null, "yes"), ["type_mismatch"]),
    ...consentBreaks(now),
  );
}

/**
 * A valid lead and one rule to break in it.
 *
 * @example brokenBody(fc.sample(brokenLead({ now: Date.now }), 1)[0]) // { phone: "12345", … }
 */
export function brokenLead(options: { now: () => number }): fc.Arbitrary<BrokenLead> {
  return fc.tuple(validLead(options), ruleBreak(options.now)).map(([lead, broken]) => ({ lead, broken }));
}
