// Leads that follow every rule of the spec, field by field from LeadInput's schema in spec/openapi.json.
import { LEAD_INPUT_FIELDS, LEAD_SOURCES } from "@speed-to-lead/spec";
import fc from "fast-check";
import { dateTimeWithZone } from "./date-time.ts";
import { type GeneratedPhone, usPhone } from "./nanp-phone.ts";

/** Keeps at most `max` UTF-16 units without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  let clipped = "";
  for (const character of text) {
    if (clipped.length + character.length > max) break;
    clipped += character;
  }
  return clipped;
}

/**
 * Text that JSON and PostgreSQL text both carry: any Unicode scalar value but NUL. Bounded in UTF-16
 * units, which also bounds it in characters (JSON Schema's maxLength): code-point-only edge cases have their own test.
 */
export const storableText = (maxLength: number) =>
  fc.string({ unit: "grapheme", maxLength }).map((text) => clip(text.replaceAll("\u0000", ""), maxLength));

/** ajv-formats' "email" (what the spec's format means): dot-atoms without quoting, a dotted domain. */
export const emailAddress = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9!#$%&'*+/=?^_`{|}~-]{1,20}(\.[a-z0-9_+-]{1,10}){0,2}$/),
    fc.array(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/), { minLength: 1, maxLength: 3 }),
    fc.constantFrom("com", "org", "io", "example", "co", "xn--p1ai"),
  )
  .map(([local, labels, tld]) => `${local}@${[...labels, tld].join(".")}`);

export const timeZoneName = fc.constantFrom(...Intl.supportedValuesOf("timeZone"));

/** Known sources, and free text that must fall back to "form" (case variants and the empty string included). */
export const sourceValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...LEAD_SOURCES) },
  { weight: 1, arbitrary: fc.constantFrom("Form", "FORM", "", "web", "facebook", "form ", "google_ads") },
  { weight: 1, arbitrary: storableText(64) },
);

/** Whole dollars, 0 to 10^12, boundaries included. */
export const price = fc.oneof(
  fc.constantFrom(0, 1, 1_000_000_000_000),
  fc.nat(),
  fc.tuple(fc.nat(999_999), fc.nat(999_999)).map(([high, low]) => high * 1_000_000 + low),
);

/** Any JSON inside context, including text PostgreSQL's jsonb finds awkward. */
export const contextValue = fc.dictionary(
  fc.oneof(storableText(20), fc.constantFrom("__proto__", "constructor", "", "a.b", "😀")),
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom("\u2028", "😀", "\\u0000", 1e21, 5e-324, -1.5, Number.MAX_SAFE_INTEGER),
  ),
  { maxKeys: 6 },
);

/** Consent collected at or before now; up to 30 s ahead stays inside the spec's 60 s clock-skew allowance. */
export const consentBlock = (now: () => number) =>
  fc.record({
    source: fc.oneof(fc.constantFrom("webform:/contact", "ivr", "chat"), storableText(200).filter(Boolean)),
    reference: fc.oneof(
      fc.constantFrom("sub_8812", "https://example.com/s/1"),
      storableText(200).filter(Boolean),
    ),
    captured_at: fc
      .oneof(
        {
          weight: 9,
          arbitrary: dateTimeWithZone({
            min: new Date("2000-01-01T00:00:00Z"),
            max: new Date(now() - 1_000),
          }),
        },
        {
          weight: 1,
          arbitrary: fc
            .integer({ min: 0, max: 30_000 })
            .chain((ahead) =>
              dateTimeWithZone({ min: new Date(now() + ahead), max: new Date(now() + ahead) }),
            ),
        },
      )
      .map((dateTime) => dateTime.text),
  });

export interface ValidLead {
  body: Record<string, unknown>;
  /** The phone as generated, when the lead has one. */
  phone?: GeneratedPhone;
  /** Top-level names outside the contract: the server lists them in ignored_fields. */
  extraFields: string[];
}

/** Names the contract does not define, some of them close to real ones or awkward for JavaScript objects. */
const extraFieldName = fc
  .oneof(
    fc.constantFrom(
      "utm_campaign",
      "Phone",
      "e-mail",
      "first name",
      "__proto__",
      "toString",
      "consent_given",
    ),
    fc.stringMatching(/^[a-z_]{1,12}$/),
  )
  .filter((name) => !(LEAD_INPUT_FIELDS as string[]).includes(name));

/**
 * A lead that breaks no rule. `unique()` is applied per request so generated idempotency keys and
 * external ids never collide with an earlier case's.
 *
 * @example fc.sample(validLead({ now: Date.now }), 1)[0].body // { phone: "(415) 555-2671", … }
 */
export function validLead(options: { now: () => number }): fc.Arbitrary<ValidLead> {
  const optionalFields = fc.record(
    {
      first_name: storableText(200),
      last_name: storableText(200),
      source: sourceValue,
      source_campaign: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
      property_ref: storableText(1000),
      price,
      language: fc.constantFrom("en", "es"),
      timezone: timeZoneName,
      context: contextValue,
      source_event_at: dateTimeWithZone({
        min: new Date("1990-01-01T00:00:00Z"),
        max: new Date("2100-01-01T00:00:00Z"),
      }).map((dateTime) => dateTime.text),
      idempotency_key: fc.stringMatching(/^[\x21-\x7E]{1,200}$/),
      external_lead_id: storableText(200).filter(Boolean),
      platform: storableText(100).filter(Boolean),
      test: fc.boolean(),
      consent: fc.oneof(consentBlock(options.now), fc.constant(null)),
    },
    { requiredKeys: [] },
  );
  const contact: fc.Arbitrary<{ phone?: GeneratedPhone; email?: string }> = fc.oneof(
    fc.record({ phone: usPhone }),
    fc.record({ email: emailAddress }),
    fc.record({ phone: usPhone, email: emailAddress }),
  );
  const extras = fc.uniqueArray(fc.tuple(extraFieldName, fc.jsonValue({ maxDepth: 1 })), {
    maxLength: 3,
    selector: ([name]) => name,
  });
  return fc.tuple(contact, optionalFields, extras).map(([contactFields, fields, extraEntries]) => {
    const body: Record<string, unknown> = { ...fields };
    if (contactFields.email !== undefined) body.email = contactFields.email;
    if (contactFields.phone !== undefined) body.phone = contactFields.phone.raw;
    // defineProperty: a plain assignment of "__proto__" would set the prototype instead of a field.
    for (const [name, value] of extraEntries) {
      Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return { body, phone: contactFields.phone, extraFields: extraEntries.map(([name]) => name) };
  });
}

/**
 * Makes the body's idempotency key and external id unique to this request (kept valid: visible ASCII, ≤ 255).
 */
export function unique(body: Record<string, unknown>): Record<string, unknown> {
  const nonce = crypto.randomUUID();
  const copy = { ...body }; // spread defines fields, so an own "__proto__" field stays a field
  if (typeof copy.idempotency_key === "string") copy.idempotency_key = `${copy.idempotency_key}:${nonce}`;
  if (typeof copy.external_lead_id === "string") copy.external_lead_id = `${copy.external_lead_id}:${nonce}`;
  return copy;
}
