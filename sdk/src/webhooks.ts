// @speed-to-lead/sdk/webhooks: verify what the service sends (hand-offs, status callbacks) per Standard Webhooks.
import { Webhook } from "standardwebhooks";
import { SpeedToLeadError } from "./base-error";
import type { HandoffPayload, StatusCallback } from "./types";

/** The signature, its timestamp or its headers do not verify: answer 401 and drop the request. */
export class WebhookVerificationError extends SpeedToLeadError {
  override get name() {
    return "WebhookVerificationError";
  }
}

/**
 * Reads the request's body and checks its webhook-id, webhook-timestamp (within 5 minutes) and
 * webhook-signature against `secret` (`whsec_…`). Returns the parsed payload; throws
 * WebhookVerificationError otherwise. Drop a payload whose webhook-id you already processed: delivery
 * is at least once.
 *
 * @example
 * const payload = await verifyWebhook<HandoffPayload>(request, process.env.ASSISTANT_WEBHOOK_SECRET!);
 * if (payload.data.call.permitted) dial(payload.data.phone!);
 * const callback = await verifyWebhook<StatusCallback>(request, tokenCallbackSecret);
 */
export async function verifyWebhook<Payload = HandoffPayload | StatusCallback>(
  request: Request,
  secret: string,
): Promise<Payload> {
  const body = await request.text();
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  try {
    return new Webhook(secret).verify(body, headers) as Payload;
  } catch (cause) {
    throw new WebhookVerificationError(`Webhook not verified: ${(cause as Error).message}`, { cause });
  }
}

export type { HandoffPayload, StatusCallback };
