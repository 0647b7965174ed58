// The OpenAPI path item of the phone assistant's signed events (postAssistantEvent).
import { assistantEventExample } from "../examples.ts";
import { WEBHOOK_TOLERANCE_SECONDS } from "../limits.ts";
import { text } from "../text.ts";
import {
  type Json,
  problemResponse,
  requestIdHeader,
  retryHeaders,
  signedAssistantResponses,
  signedWebhookHeaders,
} from "./responses.ts";

export const postAssistantEventPath = (): Json => ({
  post: {
    operationId: "postAssistantEvent",
    tags: ["assistant"],
    summary: text("postAssistantEvent.summary", "Report an assistant event"),
    description: text(
      "postAssistantEvent.description",
      `For the service's own phone assistant, not for lead senders. Signed per Standard Webhooks with the secret the service signs its hand-offs with (ASSISTANT_WEBHOOK_SECRET): webhook-signature is v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">. A webhook-timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from the service's clock is refused, and so is a webhook-id already processed. lead.opted_out puts the number called on its account's do-not-call list: no lead of that account with that number is handed off again, pending and retrying hand-offs included (every hand-off checks the list in the same transaction that claims it: one claimed before the number went on the list may still arrive, and its lead then shows handed_off; none is claimed after). lead.wrong_number closes the number's pending hand-offs in that account: the consent given for it no longer counts; a later lead with a new consent may be called. Each event applies to the number called: the number the hand-off named by data.handoff_id offered, or data.phone (a number a hand-off of the lead offered), or else the number last offered to the assistant for the lead; never a phone the lead was given after the call. Events never create leads. The path answers 404 when the service has no assistant secret configured.`,
    ),
    security: [],
    parameters: [...signedWebhookHeaders, { $ref: "#/components/parameters/Accept-Language" }],
    requestBody: {
      required: true,
      description: text("postAssistantEvent.requestBody.description", "The event, as application/json."),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/AssistantEvent" },
          examples: {
            opted_out: {
              summary: text(
                "postAssistantEvent.requestBody.opted_out.summary",
                "The person asked not to be called",
              ),
              description: text(
                "postAssistantEvent.requestBody.opted_out.description",
                "The lead's number goes on the do-not-call list.",
              ),
              value: assistantEventExample as unknown as Json,
            },
          },
        },
      },
    },
    responses: signedAssistantResponses({
      "200": {
        description: text("postAssistantEvent.200.description", "The event was applied."),
        headers: { "X-Request-Id": requestIdHeader },
        content: {
          "application/json": { schema: { $ref: "#/components/schemas/AssistantEventReceived" } },
        },
      },
      "404": problemResponse(
        text(
          "postAssistantEvent.404.description",
          "No such lead, no such hand-off of that lead, or no assistant secret configured.",
        ),
        ["lead_not_found", "handoff_not_found", "not_found"],
      ),
      "409": problemResponse(
        text("postAssistantEvent.409.description", "This webhook-id was already processed."),
        ["webhook_replayed"],
      ),
      "422": problemResponse(
        text("postAssistantEvent.422.description", "The body is not an assistant event."),
        ["validation_failed"],
      ),
      "429": problemResponse(
        text("postAssistantEvent.429.description", "Too many events at once."),
        ["rate_limited"],
        {
          ...retryHeaders,
        },
      ),
    }),
  },
});
