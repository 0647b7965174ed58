// What the phone assistant reports back about a lead it was handed: the person opted out, it is a wrong number, or a call was attempted.
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { literalUnion } from "./literal-union.ts";
import { text } from "./text.ts";

export const ASSISTANT_EVENT_TYPES = ["lead.opted_out", "lead.wrong_number", "lead.call_attempted"] as const;
export type AssistantEventType = (typeof ASSISTANT_EVENT_TYPES)[number];

/**
 * The Standard Webhooks envelope, like the hand-off the assistant receives.
 *
 * @example { "type": "lead.opted_out", "timestamp": "2026-11-20T20:12:00Z", "data": { "lead_id": "0193f0c2-…" } }
 */
export const AssistantEventSchema = Type.Object(
  {
    type: literalUnion(ASSISTANT_EVENT_TYPES, {
      description: text(
        "AssistantEvent.type.description",
        "lead.opted_out: the person asked not to be called; the lead's number goes on its account's do-not-call list. lead.wrong_number: the person at the number is not the lead; the consent given for that number no longer counts. lead.call_attempted: the assistant tried to call the lead's number at data.attempted_at (answered or not); attempts are counted per account and number against the call caps of the calling rules (Florida, Oklahoma, Maryland: 3 in a rolling 24 hours).",
      ),
    }),
    timestamp: DateTimeWithZone(
      text("AssistantEvent.timestamp.description", "When the assistant recorded the event."),
    ),
    data: Type.Object(
      {
        lead_id: Type.String({
          format: "uuid",
          description: text(
            "AssistantEvent.data.lead_id.description",
            "The lead_id of the hand-off. The number and the account are the lead's.",
          ),
        }),
        attempted_at: Type.Optional(
          DateTimeWithZone(
            text(
              "AssistantEvent.data.attempted_at.description",
              "lead.call_attempted only, and required there: when the call was placed. At most 300 seconds ahead of the server's clock.",
            ),
          ),
        ),
      },
      { description: text("AssistantEvent.data.description", "The lead the event is about.") },
    ),
  },
  {
    "x-component": "AssistantEvent",
    description: text("AssistantEvent.description", "An event the phone assistant reports about a lead."),
  },
);

export const AssistantEventReceivedSchema = Type.Object(
  {
    type: literalUnion(ASSISTANT_EVENT_TYPES, {
      description: text("AssistantEventReceived.type.description", "The event's type."),
    }),
    lead_id: Type.String({
      format: "uuid",
      description: text("AssistantEventReceived.lead_id.description", "The lead the event was about."),
    }),
    handoffs_cancelled: Type.Integer({
      minimum: 0,
      description: text(
        "AssistantEventReceived.handoffs_cancelled.description",
        "Pending or retrying hand-offs of that number in the account that will not be delivered.",
      ),
    }),
  },
  {
    "x-component": "AssistantEventReceived",
    additionalProperties: false,
    description: text("postAssistantEvent.200.description", "The event was applied."),
  },
);

export type AssistantEvent = Static<typeof AssistantEventSchema>;
export type AssistantEventReceived = Static<typeof AssistantEventReceivedSchema>;
