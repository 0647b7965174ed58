// What the phone assistant reports back about a lead it was handed: the person opted out, it is a wrong number, or a call was attempted.
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { E164_US_PATTERN } from "./handoff-payload.ts";
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
        "lead.opted_out: the person asked not to be called; the number called goes on its account's do-not-call list. lead.wrong_number: the person at the number is not the lead; the consent given for that number no longer counts. lead.call_attempted: the assistant tried to call the number at data.attempted_at (answered or not); attempts are counted per account and number against the call caps of the calling rules (Florida, Oklahoma, Maryland: 3 in a rolling 24 hours).",
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
            "The lead_id of the hand-off. The account is the lead's.",
          ),
        }),
        handoff_id: Type.Optional(
          Type.String({
            format: "uuid",
            description: text(
              "AssistantEvent.data.handoff_id.description",
              "The data.handoff_id of the hand-off whose number was called: the event applies to the number that hand-off offered, whatever the lead's phone is now. It must be a hand-off of lead_id.",
            ),
          }),
        ),
        phone: Type.Optional(
          Type.String({
            pattern: E164_US_PATTERN,
            description: text(
              "AssistantEvent.data.phone.description",
              "Without handoff_id: the number called, in E.164; it must be a number a hand-off of lead_id offered, or the lead's phone. With neither, the event applies to the number last offered to the assistant for that lead (the lead's current phone only when none was ever offered).",
            ),
          }),
        ),
        attempted_at: Type.Optional(
          DateTimeWithZone(
            text(
              "AssistantEvent.data.attempted_at.description",
              "lead.call_attempted only, and required there: when the call was placed. At most 300 seconds ahead of the server's clock.",
            ),
          ),
        ),
      },
      {
        description: text(
          "AssistantEvent.data.description",
          "The lead the event is about, and which of its numbers.",
        ),
      },
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
    phone: Type.Union([Type.String(), Type.Null()], {
      description: text(
        "AssistantEventReceived.phone.description",
        "The number the event was applied to (E.164); null when the lead has none.",
      ),
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
