// The lead as the service stored it: the submitted fields after normalization.
import { type Static, Type } from "@sinclair/typebox";
import { ConsentSchema } from "./consent.ts";
import { LeadInputSchema } from "./lead.ts";
import { ResponseStateSchema } from "./response-state.ts";
import { LeadSourceSchema } from "./sources.ts";
import { text } from "./text.ts";

const input = LeadInputSchema.properties;

/**
 * Fields the sender did not supply are absent. `phone` is E.164, `source` is one of the known
 * sources; `idempotency_key` is not part of the stored lead.
 */
export const StoredLeadSchema = Type.Object(
  {
    phone: Type.Optional(
      Type.String({
        pattern: "^\\+1[2-9]\\d{9}$",
        description: text("StoredLead.phone.description", "The phone number in E.164 form."),
      }),
    ),
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    source: LeadSourceSchema,
    source_original: Type.Optional(
      Type.String({
        description: text(
          "StoredLead.source_original.description",
          'The source value as sent, present only when it was not a known source and "form" was stored.',
        ),
      }),
    ),
    source_campaign: input.source_campaign,
    property_ref: input.property_ref,
    price: input.price,
    language: input.language,
    timezone: input.timezone,
    state: input.state,
    postal_code: input.postal_code,
    context: input.context,
    source_event_at: input.source_event_at,
    external_lead_id: input.external_lead_id,
    platform: input.platform,
    test: Type.Boolean({
      description: text("StoredLead.test.description", "Whether this is a test lead (false when not sent)."),
    }),
    consent: Type.Union([ConsentSchema, Type.Null()], {
      description: text(
        "StoredLead.consent.description",
        "The consent block exactly as received, or null when none was received.",
      ),
    }),
    response: ResponseStateSchema,
  },
  {
    "x-component": "StoredLead",
    description: text("StoredLead.description", "The lead as stored, normalized."),
  },
);

export type StoredLead = Static<typeof StoredLeadSchema>;
