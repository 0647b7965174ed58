// The success body: 201 for a new lead, 200 for a repeat of (platform, external_lead_id).
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { StoredLeadSchema } from "./stored-lead.ts";

/**
 * An idempotent replay returns this body unchanged, byte for byte, with `Idempotent-Replayed: true`.
 *
 * @example { "id": "0193f0c2-…", "created": true, "test": false, "call_eligible": true, … }
 */
export const LeadAcceptedSchema = Type.Object(
  {
    id: Type.String({ format: "uuid", description: "The lead's id: the same for every repeat of the lead." }),
    created: Type.Boolean({
      description:
        "true when this request created the lead (201); false when it matched an existing lead by (platform, external_lead_id) (200).",
    }),
    test: Type.Boolean({ description: "Whether the lead is a test lead." }),
    call_eligible: Type.Boolean({
      description:
        "Whether the assistant may call the lead: a complete consent block, not a test lead, a phone, and that number neither on the account's do-not-call list nor reported as a wrong number.",
    }),
    received_at: DateTimeWithZone("When the service first received the lead (UTC)."),
    respond_by: DateTimeWithZone(
      "received_at plus five minutes: the deadline of the five-minute response. A repeat never gets a second one.",
    ),
    lead: StoredLeadSchema,
    ignored_fields: Type.Array(Type.String(), {
      description:
        "Top-level names in the request that the contract does not define: ignored and not stored.",
    }),
    dry_run: Type.Optional(
      Type.Literal(true, {
        description: "Present on a dry run only: this is what the post would answer; nothing was stored.",
      }),
    ),
  },
  { "x-component": "LeadAccepted", description: "The lead was accepted." },
);

export type LeadAccepted = Static<typeof LeadAcceptedSchema>;
