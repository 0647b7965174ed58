// Hand-offs as Standard Webhooks: a signed JSON POST, 2xx means the assistant has it.
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { Assistant } from "./assistant.ts";

export interface WebhookAssistantOptions {
  url: string;
  /** "whsec_" + base64 key, as Standard Webhooks defines it. */
  secret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * Each attempt is signed anew (fresh webhook-timestamp) under the task's stable webhook-id. The
 * response body is never read beyond its status: the assistant only has to say 2xx.
 *
 * @example createWebhookAssistant({ url, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", timeoutMs: 10_000 })
 */
export function createWebhookAssistant(options: WebhookAssistantOptions): Assistant {
  const sign = webhookSigner(options.secret);
  const send = options.fetch ?? fetch;
  return {
    kind: "webhook",
    async deliver(webhookId, payload) {
      const body = JSON.stringify(payload);
      const now = new Date();
      try {
        const response = await send(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "speed-to-lead-handoff/1",
            "webhook-id": webhookId,
            "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
            "webhook-signature": sign(webhookId, now, body),
          },
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: "manual",
        });
        // Drain so the connection can be reused; the content does not matter.
        await response.arrayBuffer().catch(() => undefined);
        if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
        return { ok: false, status: response.status, error: `assistant answered ${response.status}` };
      } catch (error) {
        const name = (error as Error)?.name;
        const reason = name === "TimeoutError" ? `no answer within ${options.timeoutMs} ms` : String(error);
        return { ok: false, error: reason.slice(0, 300) };
      }
    },
  };
}

/**
 * Standard Webhooks' v1 signature: HMAC-SHA256 over "id.timestamp.body" with the secret's key, in
 * base64. The same bytes as the library's `sign`, through the runtime's native HMAC (the library's is
 * JavaScript); the library still judges the secret, so both accept exactly the same ones.
 *
 * @example webhookSigner(secret)("msg_1", new Date(), "{}") // "v1," + base64 HMAC, as new Webhook(secret).sign(…)
 */
export function webhookSigner(secret: string): (webhookId: string, at: Date, body: string) => string {
  try {
    new Webhook(secret);
  } catch {
    throw new Error('ASSISTANT_WEBHOOK_SECRET must be "whsec_" followed by a base64 key');
  }
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  return (webhookId, at, body) =>
    `v1,${createHmac("sha256", key)
      .update(`${webhookId}.${Math.floor(at.getTime() / 1000)}.${body}`)
      .digest("base64")}`;
}
