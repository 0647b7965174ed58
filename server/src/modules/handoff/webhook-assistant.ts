// Hand-offs as Standard Webhooks: a signed JSON POST, 2xx means the assistant has it.
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
  let signer: Webhook;
  try {
    signer = new Webhook(options.secret);
  } catch {
    throw new Error('ASSISTANT_WEBHOOK_SECRET must be "whsec_" followed by a base64 key');
  }
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
            "webhook-signature": signer.sign(webhookId, now, body),
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
