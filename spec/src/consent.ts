// The consent block: who collected the person's consent to be called, and when.
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { text } from "./text.ts";

const NonEmpty = (description: string) => Type.String({ minLength: 1, maxLength: 2048, description });

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
  },
  {
    "x-component": "Consent",
    description: text(
      "Consent.description",
      "Who collected the person's consent to be called, and when. The three fields come all together or not at all: a partial block is refused with consent_incomplete. Absent or null means no consent: the lead is stored and the assistant never calls it. The block is stored exactly as received, extra keys included. A repeat by external id with no consent block keeps the stored one: consent cannot be withdrawn through a repeat.",
    ),
  },
);

export type Consent = Static<typeof ConsentSchema>;
