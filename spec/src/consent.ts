// The consent block: who collected the person's consent to be called, and when.
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { text } from "./text.ts";

const NonEmpty = (description: string) => Type.String({ minLength: 1, maxLength: 2048, description });
const Bounded = (maxLength: number, description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength, description }));

/** A TrustedForm certificate URL: that host over https and an id of at most 255 characters (not a fixed pattern). */
export const TRUSTEDFORM_URL_PATTERN = "^https://cert\\.trustedform\\.com/[^/?#\\s]{1,255}$";
/** A Jornaya LeadiD token: 36 characters (letters, digits, hyphens). */
export const LEADID_TOKEN_PATTERN = "^[A-Za-z0-9-]{36}$";

/**
 * Complete when all three fields are non-empty strings. A partial block is refused (422
 * `consent_incomplete`); an absent or null block means no consent: the lead is stored and never called.
 *
 * @example { "source": "webform:/contact", "reference": "sub_8812", "captured_at": "2026-11-20T14:03:00Z" }
 */
export const ConsentSchema = Type.Object(
  {
    source: NonEmpty(text("Consent.source.description", "The form or system that collected the consent.")),
    reference: NonEmpty(
      text(
        "Consent.reference.description",
        "The sender's record of the consent: a submission id, a URL or a transcript id.",
      ),
    ),
    captured_at: DateTimeWithZone(
      text(
        "Consent.captured_at.description",
        "When consent was given, ISO 8601 with a time zone. Not later than the server's clock plus 60 seconds (clock-skew allowance); later is refused with consent_in_future.",
      ),
    ),
    trustedform_url: Type.Optional(
      Type.String({
        pattern: TRUSTEDFORM_URL_PATTERN,
        description: text(
          "Consent.trustedform_url.description",
          "Evidence, optional: the TrustedForm certificate of the consent, https://cert.trustedform.com/ and its id (at most 255 characters). Another host is refused with trustedform_url_invalid.",
        ),
      }),
    ),
    leadid_token: Type.Optional(
      Type.String({
        pattern: LEADID_TOKEN_PATTERN,
        description: text(
          "Consent.leadid_token.description",
          "Evidence, optional: the Jornaya LeadiD token of the form session, 36 characters (letters, digits, hyphens); otherwise leadid_token_invalid.",
        ),
      }),
    ),
    disclosure: Bounded(
      20_000,
      text(
        "Consent.disclosure.description",
        "Evidence, optional: the consent text the person was shown, as shown.",
      ),
    ),
    sellers: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
        minItems: 1,
        maxItems: 100,
        description: text(
          "Consent.sellers.description",
          "Evidence, optional: the names of the sellers the disclosure named (one-to-one consent names one).",
        ),
      }),
    ),
    page_url: Type.Optional(
      Type.String({
        pattern: "^https?://[^\\s]+$",
        maxLength: 2048,
        description: text(
          "Consent.page_url.description",
          "Evidence, optional: the http(s) address of the page where consent was given.",
        ),
      }),
    ),
    ip_address: Type.Optional(
      Type.String({
        maxLength: 45,
        description: text(
          "Consent.ip_address.description",
          "Evidence, optional: the person's IPv4 or IPv6 address when consenting.",
        ),
      }),
    ),
    user_agent: Bounded(
      1_024,
      text(
        "Consent.user_agent.description",
        "Evidence, optional: the person's browser User-Agent when consenting.",
      ),
    ),
  },
  {
    "x-component": "Consent",
    description: text(
      "Consent.description",
      "Who collected the person's consent to be called, and when. The three fields come all together or not at all: a partial block is refused with consent_incomplete. Absent or null means no consent: the lead is stored and the assistant never calls it. The evidence fields (trustedform_url, leadid_token, disclosure, sellers, page_url, ip_address, user_agent) are optional and checked in shape only. The block is stored exactly as received, extra keys included, shown on the lead in the owner's console, passed to the assistant and exported in the lead's evidence record. A repeat by external id with no consent block keeps the stored one: consent cannot be withdrawn through a repeat.",
    ),
  },
);

export type Consent = Static<typeof ConsentSchema>;
