// Hand-offs as Standard Webhooks: a signed JSON POST, 2xx means the assistant has it.
import { postSignedWebhook, webhookSigner } from "../../http/signed-webhook.ts";
import type { Assistant } from "./assistant.ts";

export interface WebhookAssistantOptions {
  url: string;
  /** "whsec_" + base64 key, as Standard Webhooks defines it. */
  secret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * Each attempt is signed anew under the task's stable webhook-id: the assistant only has to say 2xx.
 *
 * @example createWebhookAssistant({ url, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", timeoutMs: 10_000 })
 */
export function createWebhookAssistant(options: WebhookAssistantOptions): Assistant {
  const sign = webhookSigner(options.secret, "ASSISTANT_WEBHOOK_SECRET");
  return {
    kind: "webhook",
    async deliver(webhookId, payload) {
      const result = await postSignedWebhook({
        url: options.url,
        webhookId,
        body: JSON.stringify(payload),
        sign,
        userAgent: "speed-to-lead-handoff/1",
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (result.ok || result.status === undefined) return result;
      return { ok: false, status: result.status, error: `assistant ${result.error}` };
    },
  };
}
