// The OpenAPI webhooks: what the service sends, signed per Standard Webhooks (hand-offs and status callbacks).
import { text } from "../text.ts";
import { type Json, signedWebhookPost } from "./responses.ts";

export const webhooks = (): Json => ({
  "lead.handoff": signedWebhookPost(
    {
      operationId: "leadHandoff",
      tags: ["assistant"],
      summary: text("webhook.leadHandoff.summary", "A lead handed to the assistant"),
      description: text(
        "webhook.leadHandoff.description",
        "Sent to ASSISTANT_WEBHOOK_URL for every response of every lead that is not a test lead and has a permitted way to be answered, within five minutes (by respond_by). A call is permitted only with a complete consent block and a phone whose number is neither on the account's do-not-call list nor reported as a wrong number; otherwise call.permitted is false with the reason, the payload carries no phone and no call window, and the assistant may answer by email. A lead with neither is not handed off.",
      ),
    },
    "HandoffPayload",
  ),
  ...Object.fromEntries(
    (
      [
        ["lead.handed_off", "leadHandedOff", text("webhook.leadHandedOff.summary", "A lead was handed off")],
        ["lead.missed", "leadMissed", text("webhook.leadMissed.summary", "A lead's response was missed")],
        [
          "lead.not_called",
          "leadNotCalled",
          text("webhook.leadNotCalled.summary", "A lead gets no response"),
        ],
      ] as const
    ).map(([type, operationId, summary]) => [
      type,
      signedWebhookPost(
        {
          operationId,
          tags: ["leads"],
          summary,
          description: text(
            "webhook.leadHandedOff.description",
            "A status callback to the sender of the lead: sent when a channel token has a callback URL. Verify it with verifyWebhook from @speed-to-lead/sdk/webhooks and drop webhook-ids already seen.",
          ),
        },
        "StatusCallback",
      ),
    ]),
  ),
});
