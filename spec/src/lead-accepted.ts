// The success body: 201 for a new lead, 200 for a repeat of (platform, external_lead_id).
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { CONSENT_OF_ANOTHER_CHANNEL, IGNORED_FIELD_NAME_MAX, IGNORED_FIELDS_KEPT } from "./limits.ts";
import { StoredLeadSchema } from "./stored-lead.ts";
import { text } from "./text.ts";

/**
 * An idempotent replay returns this body unchanged, byte for byte, with `Idempotent-Replayed: true`.
 *
 * @example { "id": "0193f0c2-…", "created": true, "test": false, "call_eligible": true, … }
 */
export const LeadAcceptedSchema = Type.Object(
  {
    id: Type.String({
      format: "uuid",
      description: text(
        "LeadAccepted.id.description",
        "The lead's id: the same for every repeat of the lead.",
      ),
    }),
    created: Type.Boolean({
      description: text(
        "LeadAccepted.created.description",
        "true when this request created the lead (201); false when it matched an existing lead by (platform, external_lead_id) (200).",
      ),
    }),
    test: Type.Boolean({
      description: text("LeadAccepted.test.description", "Whether the lead is a test lead."),
    }),
    call_eligible: Type.Boolean({
      description: text(
        "LeadAccepted.call_eligible.description",
        "Whether the assistant may call the lead: a complete consent block, not a test lead, a phone, and that number neither on the account's do-not-call list nor reported as a wrong number. To an intake-only token: what the fields this request sent permit on their own (the list, earlier leads and the bot check are not consulted for the answer, though they decide the call). The call decision made at the hand-off, within the five minutes, may still refuse it (held, location_unknown, no_common_hours): the lead's response reason then says why.",
      ),
    }),
    received_at: DateTimeWithZone(
      text("LeadAccepted.received_at.description", "When the service first received the lead (UTC)."),
    ),
    respond_by: DateTimeWithZone(
      text(
        "LeadAccepted.respond_by.description",
        "received_at plus five minutes: the deadline of the five-minute response. A repeat never gets a second one.",
      ),
    ),
    lead: StoredLeadSchema,
    ignored_fields: Type.Array(Type.String(), {
      description: text(
        "LeadAccepted.ignored_fields.description",
        `Top-level names in the request that the contract does not define: ignored, their values not stored. The lead keeps the first ${IGNORED_FIELDS_KEPT} names, each cut to ${IGNORED_FIELD_NAME_MAX} characters, for its owner's console. A repeat whose consent block was kept out, because another channel first posted the lead (consent follows the channel that collected it), finds "${CONSENT_OF_ANOTHER_CHANNEL}" here.`,
      ),
    }),
    dry_run: Type.Optional(
      Type.Literal(true, {
        description: text(
          "LeadAccepted.dry_run.description",
          "Present on a dry run only: this is what the post would answer; nothing was stored.",
        ),
      }),
    ),
  },
  {
    "x-component": "LeadAccepted",
    description: text("LeadAccepted.description", "The lead was accepted."),
  },
);

export type LeadAccepted = Static<typeof LeadAcceptedSchema>;
