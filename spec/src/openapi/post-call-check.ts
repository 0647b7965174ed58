// The OpenAPI path item of the phone assistant's signed pre-dial check (postCallCheck).
import { callCheckExample, callCheckRefusedExample } from "../examples.ts";
import { CALL_CHECKS_PER_HANDOFF, WEBHOOK_TOLERANCE_SECONDS } from "../limits.ts";
import { text } from "../text.ts";
import {
  type Json,
  problemResponse,
  requestIdHeader,
  retryHeaders,
  signedAssistantResponses,
  signedWebhookHeaders,
} from "./responses.ts";

export const postCallCheckPath = (): Json => ({
  post: {
    operationId: "postCallCheck",
    tags: ["assistant"],
    summary: text("postCallCheck.summary", "Ask before dialling"),
    description: text(
      "postCallCheck.description",
      `For the service's own phone assistant: before each call it asks whether it may dial the hand-off's number now. Signed like the assistant's events (Standard Webhooks, ASSISTANT_WEBHOOK_SECRET; a webhook-timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} seconds off, or a webhook-id already processed, is refused). The answer holds for that instant: the calling hours, days and holidays of the number's rules, its call caps counted from the attempts reported so far (lead.call_attempted), the holds, the do-not-call list and wrong-number reports, all read at the check. A refusal lists every reason, with when each ends where it does. Every check is recorded on the lead's timeline and evidence record, at most ${CALL_CHECKS_PER_HANDOFF} per hand-off. An allowed answer is not a reservation: report the call placed with lead.call_attempted, and ask again before the next one. The path answers 404 when the service has no assistant secret configured.`,
    ),
    security: [],
    parameters: [...signedWebhookHeaders, { $ref: "#/components/parameters/Accept-Language" }],
    requestBody: {
      required: true,
      description: text(
        "postCallCheck.requestBody.description",
        "The call about to be placed, as application/json.",
      ),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/CallCheck" },
          examples: {
            call: {
              summary: text("postCallCheck.requestBody.call.summary", "A call about to be placed"),
              value: callCheckExample as unknown as Json,
            },
          },
        },
      },
    },
    responses: signedAssistantResponses({
      "200": {
        description: text(
          "postCallCheck.200.description",
          "Whether the call may be placed now, and why not.",
        ),
        headers: { "X-Request-Id": requestIdHeader },
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/CallCheckAnswer" },
            examples: {
              cap_reached: {
                summary: text(
                  "postCallCheck.200.cap_reached.summary",
                  "A fourth call to a Florida number within 24 hours",
                ),
                value: callCheckRefusedExample as unknown as Json,
              },
            },
          },
        },
      },
      "404": problemResponse(
        text(
          "postCallCheck.404.description",
          "No such hand-off of this lead, or no assistant secret configured.",
        ),
        ["handoff_not_found", "not_found"],
      ),
      "409": problemResponse(
        text(
          "postCallCheck.409.description",
          "This webhook-id was already processed, or the hand-off used all its checks.",
        ),
        ["webhook_replayed", "call_checks_exhausted"],
      ),
      "422": problemResponse(text("postCallCheck.422.description", "The body is not a pre-dial check."), [
        "validation_failed",
      ]),
      "429": problemResponse(
        text("postCallCheck.429.description", "Too many checks at once."),
        ["rate_limited"],
        {
          ...retryHeaders,
        },
      ),
    }),
  },
});
