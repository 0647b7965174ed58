// @speed-to-lead/sdk/webhooks: verify what the service sends (hand-offs, status callbacks) per Standard Webhooks,
// receive it once per webhook-id with typed handlers, and sign test payloads.
export {
  createWebhookReceiver,
  type WebhookHandler,
  type WebhookIdStore,
  type WebhookReceipt,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from "./webhook-receiver";
export { type WebhookSecret, WebhookSecretError } from "./webhook-signature";
export * from "./webhook-verify";
