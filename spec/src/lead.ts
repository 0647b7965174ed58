// The lead as a sender submits it: the request body of POST /api/speed-to-lead/channel-inbound.php.
import { type Static, Type } from "@sinclair/typebox";
import { ConsentSchema } from "./consent.ts";
import { DateTimeWithZone } from "./date-time.ts";
import { IDEMPOTENCY_KEY_MAX_LENGTH, IGNORED_FIELD_NAME_MAX, IGNORED_FIELDS_KEPT } from "./limits.ts";
import { literalUnion } from "./literal-union.ts";
import { LEAD_SOURCES } from "./sources.ts";
import { text } from "./text.ts";

/** Visible ASCII only, so a key survives an HTTP header unchanged. */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x21-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;

/** The USPS codes a lead's `state` may be: the 50 states, DC and the five territories that share +1. */
export const US_STATE_CODES = [
  ..."AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM".split(
    " ",
  ),
  ..."NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU MP AS".split(" "),
] as const;

/** Where a phone number counts as US: the US and the territories that share +1 (not Canada nor the Caribbean). */
export const US_PHONE_COUNTRIES: readonly string[] = ["US", "PR", "GU", "VI", "MP", "AS"];

export const SOURCE_CAMPAIGN_PATTERN = "^[A-Za-z0-9._-]{1,64}$";

/** Optional text field with a length ceiling; ceilings keep one lead well inside the 64 KiB body limit. */
const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });

/**
 * A lead needs a phone or an email (`anyOf` below; 422 `contact_required` otherwise). Unknown
 * top-level fields are ignored (their values not stored) and listed in the response's `ignored_fields`.
 *
 * @example { "phone": "(415) 555-2671", "first_name": "Ana", "source": "form",
 *            "consent": { "source": "webform:/contact", "reference": "sub_8812", "captured_at": "2026-11-20T14:03:00Z" } }
 */
export const LeadInputSchema = Type.Object(
  {
    phone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: text(
          "LeadInput.phone.description",
          "A US phone number in any common format: E.164 (+14155552671), national ((415) 555-2671) or with a leading 1. Stored as E.164; an extension is dropped. Numbers of Canada and the other +1 countries are refused with phone_not_us; the US territories that share +1 (Puerto Rico, Guam, US Virgin Islands, Northern Mariana Islands, American Samoa) are accepted as US.",
        ),
      }),
    ),
    email: Type.Optional(
      Type.String({
        format: "email",
        maxLength: 254,
        description: text("LeadInput.email.description", "An email address."),
      }),
    ),
    first_name: Type.Optional(
      Text(200, text("LeadInput.first_name.description", "First name of the person.")),
    ),
    last_name: Type.Optional(Text(200, text("LeadInput.last_name.description", "Last name of the person."))),
    source: Type.Optional(
      Type.String({
        maxLength: 64,
        description: text(
          "LeadInput.source.description",
          `Where the lead came from. Known values: ${LEAD_SOURCES.join(", ")}. Any other value is accepted and stored as "form", with the value sent kept in the stored lead's source_original; an absent source is stored as "form" too.`,
        ),
      }),
    ),
    source_campaign: Type.Optional(
      Type.String({
        pattern: SOURCE_CAMPAIGN_PATTERN,
        description: text(
          "LeadInput.source_campaign.description",
          "Short campaign tag: letters, digits, dots, dashes and underscores, 1 to 64 characters.",
        ),
      }),
    ),
    property_ref: Type.Optional(
      Text(
        1000,
        text(
          "LeadInput.property_ref.description",
          "What the person asked about: an address, a service or a listing.",
        ),
      ),
    ),
    price: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1_000_000_000_000,
        description: text("LeadInput.price.description", "A price the person mentioned, in whole dollars."),
      }),
    ),
    language: Type.Optional(
      Type.Union([Type.Literal("en"), Type.Literal("es")], {
        description: text(
          "LeadInput.language.description",
          "Language in which the person is answered: en or es.",
        ),
      }),
    ),
    timezone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: text(
          "LeadInput.timezone.description",
          "The person's time zone as an IANA name, such as America/Chicago. Names the server's time zone database does not know are refused with timezone_invalid.",
        ),
      }),
    ),
    state: Type.Optional(
      literalUnion(US_STATE_CODES, {
        description: text(
          "LeadInput.state.description",
          "The person's state as its USPS code (PA, DC, PR …), upper case. Like timezone and postal_code it only narrows the call window: the window is the hours permitted in every place the lead's phone and fields point at, under the rules of every state among them.",
        ),
      }),
    ),
    postal_code: Type.Optional(
      Type.String({
        pattern: "^\\d{5}(-\\d{4})?$",
        description: text(
          "LeadInput.postal_code.description",
          "The person's US ZIP code (12345 or 12345-6789). Its state and zone, from a ZIP data set, narrow the call window; a ZIP the data set does not know narrows nothing.",
        ),
      }),
    ),
    context: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: text(
          "LeadInput.context.description",
          "Extra details stored with the lead, as key-value pairs. Values may be any JSON.",
        ),
      }),
    ),
    source_event_at: Type.Optional(
      DateTimeWithZone(
        text(
          "LeadInput.source_event_at.description",
          "When the person reached out on the sender's side, ISO 8601 with a time zone.",
        ),
      ),
    ),
    idempotency_key: Type.Optional(
      Type.String({
        pattern: IDEMPOTENCY_KEY_PATTERN,
        description: text(
          "LeadInput.idempotency_key.description",
          "Sent again unchanged on a retry; the lead is then not created twice. The same value may come in the Idempotency-Key header instead; both present and different is refused with idempotency_key_mismatch. 1 to 255 visible ASCII characters, scoped to the account.",
        ),
      }),
    ),
    external_lead_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: text(
          "LeadInput.external_lead_id.description",
          "The sender's own identifier for the lead. Together with platform there is one lead per identifier in the account: a repeat answers 200 with created: false and the same id. Without platform it does not deduplicate.",
        ),
      }),
    ),
    platform: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: text(
          "LeadInput.platform.description",
          "Name of the sending system; used together with external_lead_id.",
        ),
      }),
    ),
    test: Type.Optional(
      Type.Boolean({
        description: text(
          "LeadInput.test.description",
          "When true, the lead is a test lead: visible on arrival and never called.",
        ),
      }),
    ),
    consent: Type.Optional(Type.Union([ConsentSchema, Type.Null()])),
  },
  {
    "x-component": "LeadInput",
    anyOf: [{ required: ["phone"] }, { required: ["email"] }],
    description: text(
      "LeadInput.description",
      `A lead as a sender submits it. A phone or an email is required (contact_required). Unknown top-level fields are ignored: their values are not stored, and their names are listed in ignored_fields (the lead keeps the first ${IGNORED_FIELDS_KEPT} names, each cut to ${IGNORED_FIELD_NAME_MAX} characters, for its owner's console). Text cannot hold U+0000 or unpaired surrogates (pattern_mismatch), and no value may nest deeper than 32 levels (too_long): the database could not store them.`,
    ),
  },
);

export type LeadInput = Static<typeof LeadInputSchema>;

/** The top-level field names the contract defines; every other name is an ignored field. */
export const LEAD_INPUT_FIELDS = Object.keys(LeadInputSchema.properties) as (keyof LeadInput)[];
