// What a sender hears about its leads: the OpenAPI `webhooks` lead.handed_off, lead.missed and lead.not_called.
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { literalUnion } from "./literal-union.ts";
import { ResponseStateSchema } from "./response-state.ts";
import { text } from "./text.ts";
import { leadId, webhookEnvelope } from "./webhook-envelope.ts";

export const STATUS_CALLBACK_TYPES = ["lead.handed_off", "lead.missed", "lead.not_called"] as const;
/** The status callbacks' payload version. */
export const STATUS_CALLBACK_VERSION = 1;

export const StatusCallbackSchema = Type.Object(
  {
    type: literalUnion(STATUS_CALLBACK_TYPES, {
      description: text(
        "StatusCallback.type.description",
        "lead.handed_off: the assistant acknowledged a response of the lead. lead.missed: a response's respond_by passed unacknowledged. lead.not_called: the lead gets no response at all (a test lead, or no permitted way to answer it).",
      ),
    }),
    ...webhookEnvelope(STATUS_CALLBACK_VERSION),
    data: Type.Object(
      {
        lead_id: leadId(),
        platform: Type.Union([Type.String(), Type.Null()], {
          description: text("StatusCallback.data.platform.description", "As posted; null when not sent."),
        }),
        external_lead_id: Type.Union([Type.String(), Type.Null()], {
          description: text("StatusCallback.data.platform.description", "As posted; null when not sent."),
        }),
        test: Type.Boolean({
          description: text("LeadAccepted.test.description", "Whether the lead is a test lead."),
        }),
        response: ResponseStateSchema,
        received_at: DateTimeWithZone(
          text("HandoffPayload.data.received_at.description", "When the service first received the lead."),
        ),
        respond_by: DateTimeWithZone(
          text(
            "LeadStatus.respond_by.description",
            "The deadline of the lead's current five-minute response.",
          ),
        ),
      },
      {
        description: text(
          "StatusCallback.data.description",
          "The lead's state when the callback was sent; never its contact details.",
        ),
      },
    ),
  },
  {
    "x-component": "StatusCallback",
    description: text(
      "StatusCallback.description",
      "Sent to the URL set for the channel token that posted the lead (bun run stl tokens callback), signed per Standard Webhooks with that token's callback secret. Queued in the same transaction as the change it reports, delivered at least once with a stable webhook-id, retried with backoff on anything but 2xx. An owner may send a callback again from the console (one, or every one of a period): it comes under the same webhook-id, so deduplicate by it. When a token's callbacks fail for 24 hours without one delivery, the token is paused: nothing more is sent, new callbacks are kept, its owners are told, and they arrive once an owner resumes it.",
    ),
  },
);

export type StatusCallback = Static<typeof StatusCallbackSchema>;
