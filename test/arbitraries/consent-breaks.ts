// Consent blocks that break the spec: partial, empty or non-string fields, bad or future captured_at, not an object.
import type { FieldErrorCode } from "@speed-to-lead/spec";
import fc from "fast-check";
import type { RuleBreak } from "./broken-lead.ts";
import { dateTimeWithZone } from "./date-time.ts";

/** Replaces the lead's consent with a broken block. */
function consentBreak(
  rule: string,
  pointer: string,
  consent: fc.Arbitrary<unknown>,
  codes: FieldErrorCode[],
  schemaRule = true,
): fc.Arbitrary<RuleBreak> {
  return consent.map((broken) => ({
    rule,
    pointer,
    codes,
    schemaRule,
    apply(body) {
      body.consent = broken;
    },
  }));
}

const CONSENT_FIELDS = ["source", "reference", "captured_at"] as const;
const completeConsent = (capturedAt: string) => ({
  source: "webform:/contact",
  reference: "sub_1",
  captured_at: capturedAt,
});

/**
 * The three fields come all together, as non-empty strings, or not at all; captured_at is a date-time with
 * a zone, at most 60 s ahead of the server's clock.
 */
export function consentBreaks(now: () => number): fc.Arbitrary<RuleBreak>[] {
  const pastCapturedAt = dateTimeWithZone({
    min: new Date("2020-01-01T00:00:00Z"),
    max: new Date(now() - 60_000),
  });
  const missingConsentFields = fc.subarray([...CONSENT_FIELDS], { minLength: 1, maxLength: 3 });
  return [
    fc
      .tuple(missingConsentFields, pastCapturedAt)
      .chain(([missing, capturedAt]) =>
        consentBreak(
          `consent: missing ${missing.join(", ")}`,
          `/consent/${missing[0]}`,
          fc.constant(
            Object.fromEntries(
              Object.entries(completeConsent(capturedAt.text)).filter(
                ([name]) => !missing.includes(name as never),
              ),
            ),
          ),
          ["consent_incomplete"],
        ),
      ),
    fc
      .tuple(
        fc.constantFrom(...CONSENT_FIELDS),
        pastCapturedAt,
        fc.constantFrom<unknown>("", 42, null, false),
      )
      .chain(([field, capturedAt, value]) =>
        consentBreak(
          `consent: ${field} is ${JSON.stringify(value)}`,
          `/consent/${field}`,
          fc.constant({ ...completeConsent(capturedAt.text), [field]: value }),
          ["consent_incomplete", "type_mismatch"],
        ),
      ),
    consentBreak(
      "consent: captured_at not a date-time with a zone",
      "/consent/captured_at",
      fc
        .constantFrom("2026-11-20T14:00:00", "yesterday", "2026-02-30T10:00:00Z", "20261120T140000Z")
        .map(completeConsent),
      ["date_time_invalid"],
    ),
    // More than the 60 s allowance ahead: two minutes keep request latency from blurring the boundary.
    fc.integer({ min: 120_000, max: 10 * 365 * 86_400_000 }).chain((ahead) =>
      consentBreak(
        "consent: captured_at in the future",
        "/consent/captured_at",
        dateTimeWithZone({ min: new Date(now() + ahead), max: new Date(now() + ahead) }).map((dateTime) =>
          completeConsent(dateTime.text),
        ),
        ["consent_in_future"],
        false,
      ),
    ),
    consentBreak(
      "consent: not an object",
      "/consent",
      fc.constantFrom<unknown>("yes", true, 1, ["a", "b", "c"]),
      ["type_mismatch", "consent_incomplete"],
    ),
  ];
}
