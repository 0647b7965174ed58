// @speed-to-lead/sdk/webhooks: verify what the service sends (hand-offs, status callbacks) per Standard Webhooks, and sign test payloads.
import { Webhook } from "standardwebhooks";
import { SpeedToLeadError } from "./base-error";
import { randomKey } from "./idempotency";
import type { components, HandoffPayload, StatusCallback } from "./types";

/** How far webhook-timestamp may be from this clock, either way, by default (the service's own allowance). */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Why a webhook did not verify; the same codes the service answers an assistant's unverified event with. */
export type WebhookVerificationErrorCode =
  | "webhook_headers_missing"
  | "webhook_signature_invalid"
  | "webhook_timestamp_invalid";

/**
 * The request is not a genuine, fresh webhook: a header is missing, the signature does not verify, or
 * webhook-timestamp is outside the tolerance. Answer 401 and drop it.
 */
export class WebhookVerificationError extends SpeedToLeadError {
  /** Which check failed, for programs and logs. */
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  override get name() {
    return "WebhookVerificationError";
  }
}

/**
 * The secret itself is unusable (missing, empty, not `whsec_` + base64): a configuration error of the
 * receiver, not a bad request. Answer 500 and fix the configuration; no request can verify until then.
 */
export class WebhookSecretError extends SpeedToLeadError {
  override get name() {
    return "WebhookSecretError";
  }
}

/** What the assistant receives for each response of a lead: the spec's lead.handoff webhook. */
export type HandoffEvent = HandoffPayload;
/** A sender's status callback: the assistant acknowledged a response of the lead. */
export type LeadHandedOffEvent = StatusCallback & { type: "lead.handed_off" };
/** A sender's status callback: a response's respond_by passed unacknowledged. */
export type LeadMissedEvent = StatusCallback & { type: "lead.missed" };
/** A sender's status callback: the lead gets no response at all (a test lead, or no permitted way to answer it). */
export type LeadNotCalledEvent = StatusCallback & { type: "lead.not_called" };
/** Every webhook the service sends, told apart by `type`. */
export type WebhookEvent = HandoffEvent | LeadHandedOffEvent | LeadMissedEvent | LeadNotCalledEvent;
/**
 * What the phone assistant reports back to the service (POST /api/speed-to-lead/assistant-events,
 * signed with signWebhook): lead.opted_out, lead.wrong_number or lead.call_attempted (with data.attempted_at).
 */
export type AssistantEvent = components["schemas"]["AssistantEvent"];
/**
 * What the phone assistant asks before each call (POST /api/speed-to-lead/call-checks, signed with
 * signWebhook): the hand-off's id, its lead and the number about to be dialled.
 */
export type CallCheck = components["schemas"]["CallCheck"];
/** The answer to a pre-dial check: whether the call may be placed now, with every reason it may not. */
export type CallCheckAnswer = components["schemas"]["CallCheckAnswer"];

/** Headers as a Fetch `Headers`, or a plain object such as Node's `IncomingHttpHeaders` (any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** Options of verifyWebhook and verifyWebhookBody. */
export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from this clock, either way, in seconds (default 300). */
  toleranceSeconds?: number | undefined;
  /** The clock to compare against, in ms since the epoch (default `Date.now()`). For tests. */
  now?: number | undefined;
}

/** Options of signWebhook. */
export interface SignWebhookOptions {
  /** The webhook-id (default: a random `msg_…`): the same id on every delivery of one message. */
  id?: string | undefined;
  /** When the message is sent (default: now). */
  timestamp?: Date | undefined;
}

/** A signed message: send `body` as is, with these three headers. */
export interface SignedWebhook {
  /** The exact bytes that were signed (JSON text). */
  body: string;
  /** webhook-id, webhook-timestamp and webhook-signature. */
  headers: { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };
}

/** The Standard Webhooks signer for `secret`, or a WebhookSecretError naming what is wrong with it. */
function signer(secret: string): Webhook {
  try {
    return new Webhook(secret);
  } catch (cause) {
    throw new WebhookSecretError(
      `The webhook secret is unusable (${(cause as Error).message}): expected "whsec_" followed by base64.`,
      { cause },
    );
  }
}

/** Constant-time comparison of a sent signature with the expected one (whose length is no secret). */
function sameSignature(sent: string, expected: string): boolean {
  if (sent.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < sent.length; i++) difference |= sent.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(" ") : value;
  }
  return undefined;
}

/**
 * Checks a webhook from its raw body and headers (Express's `express.raw()`, Fastify's rawBody, a
 * framework without Fetch Requests) and returns the parsed payload. Throws WebhookVerificationError for
 * a missing header, a signature that does not verify or a timestamp outside the tolerance, and
 * WebhookSecretError when `secret` is unusable. Pass the body exactly as received: parsed and
 * re-serialised JSON no longer matches its signature. Delivery is at least once: drop webhook-ids
 * already processed.
 *
 * @example
 * app.post("/hooks/stl", express.raw({ type: "application/json" }), (req, res) => {
 *   const event = verifyWebhookBody(req.body, req.headers, process.env.STL_CALLBACK_SECRET!);
 *   if (event.type === "lead.missed") alertSales(event.data.lead_id);
 *   res.sendStatus(204);
 * });
 */
export function verifyWebhookBody<Payload = WebhookEvent>(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Payload {
  const webhook = signer(secret);
  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      "webhook_headers_missing",
      "Webhook not verified: webhook-id, webhook-timestamp and webhook-signature are all required.",
    );
  }
  const { toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS, now = Date.now() } = options;
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(now / 1000 - seconds) <= toleranceSeconds)) {
    throw new WebhookVerificationError(
      "webhook_timestamp_invalid",
      `Webhook not verified: webhook-timestamp is not within ${toleranceSeconds} seconds of this clock.`,
    );
  }
  const expected = webhook.sign(id, new Date(seconds * 1000), text);
  // Several space-separated signatures may be sent while a secret is rolled: any one v1 match verifies.
  if (!signatures.split(" ").some((signature) => sameSignature(signature, expected))) {
    throw new WebhookVerificationError(
      "webhook_signature_invalid",
      "Webhook not verified: no webhook-signature matches the body with this secret.",
    );
  }
  return JSON.parse(text) as Payload;
}

/**
 * Reads a Fetch Request's body and checks it as verifyWebhookBody does (Bun.serve, Deno, Hono,
 * Next.js route handlers, Cloudflare Workers).
 *
 * @example
 * const event = await verifyWebhook(request, process.env.ASSISTANT_WEBHOOK_SECRET!);
 * if (event.type === "lead.handoff" && event.data.call.permitted) dial(event.data.phone!);
 */
export async function verifyWebhook<Payload = WebhookEvent>(
  request: Request,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<Payload> {
  signer(secret);
  return verifyWebhookBody<Payload>(await request.text(), request.headers, secret, options);
}

/**
 * Signs a payload as the service signs its webhooks: for testing a receiver (post a signed hand-off
 * or status callback to it), and for an assistant that reports events to the service.
 *
 * @example
 * const { body, headers } = signWebhook(sampleStatusCallback, secret);
 * await fetch("http://localhost:8080/hooks/stl", { method: "POST", body, headers });
 */
export function signWebhook(
  payload: WebhookEvent | AssistantEvent | Record<string, unknown>,
  secret: string,
  options: SignWebhookOptions = {},
): SignedWebhook {
  const webhook = signer(secret);
  const body = JSON.stringify(payload);
  const id = options.id ?? `msg_${randomKey().replaceAll("-", "")}`;
  const at = options.timestamp ?? new Date();
  return {
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": webhook.sign(id, at, body),
    },
  };
}

export type { HandoffPayload, StatusCallback };
