// A request to the assistant-events endpoint signed per Standard Webhooks, as the assistant sends it.
import { ASSISTANT_EVENTS_PATH } from "@speed-to-lead/spec";
import { Webhook } from "standardwebhooks";

export interface Signing {
  secret?: string;
  webhookId?: string;
  /** Unix seconds. */
  timestamp?: number;
  headers?: Record<string, string>;
}

/** @example await app.handle(signedEventRequest(JSON.stringify(event), assistant.secret)) */
export function signedEventRequest(
  body: string,
  defaultSecret: string,
  signing: Signing = {},
  path = ASSISTANT_EVENTS_PATH,
): Request {
  const webhookId = signing.webhookId ?? `msg_${crypto.randomUUID()}`;
  const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = new Webhook(signing.secret ?? defaultSecret).sign(
    webhookId,
    new Date(timestamp * 1000),
    body,
  );
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": webhookId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signature,
      ...signing.headers,
    },
    body,
  });
}
