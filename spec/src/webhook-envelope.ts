// The fields every webhook body the service sends shares: its version, when it was built, and the lead it is about.
import { Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { text } from "./text.ts";

/** `version` and `timestamp`, spread after a body's `type`. */
export const webhookEnvelope = <Version extends number>(version: Version) => ({
  version: Type.Literal(version, {
    description: text("HandoffPayload.version.description", "The payload's version."),
  }),
  timestamp: DateTimeWithZone(
    text("HandoffPayload.timestamp.description", "When this delivery attempt was built."),
  ),
});

/** A lead's id, as GET of a lead answers it. */
export const leadId = () =>
  Type.String({
    format: "uuid",
    description: text("LeadStatus.id.description", "The lead's id."),
  });
