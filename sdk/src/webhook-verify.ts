// Verifying and signing webhooks per Standard Webhooks: the checks, their typed errors, the event types.
import { SpeedToLeadError } from "./base-error";
import { randomKey } from "./idempotency";
import type { components, HandoffPayload, StatusCallback } from "./types";
import {
  sameSignature,
  secretKeys,
  signature,
  signatureAsync,
  signedBytes,
  type WebhookSecret,
} from "./webhook-signature";

/** How far webhook-timestamp may be from this clock, either way, by default (the service's own allowance). */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Why a webhook was refused. The first three are the codes the service answers an assistant's unverified
 * event with (answer 401); `webhook_body_unreadable` (the body was already read, or is not the raw bytes)
 * and `webhook_payload_invalid` (a genuine signature over a body that is not a JSON object) are the
 * receiver's own, answered 400.
 */
export type WebhookVerificationErrorCode =
  | "webhook_headers_missing"
  | "webhook_signature_invalid"
  | "webhook_timestamp_invalid"
  | "webhook_body_unreadable"
  | "webhook_payload_invalid";

/**
 * The request is not a genuine, fresh, readable webhook: a header is missing, no signature verifies,
 * webhook-timestamp is outside the tolerance, or the body cannot be read or parsed. Drop it (`code` says
 * why).
 */
export class WebhookVerificationError extends SpeedToLeadError {
  /** Which check failed, for programs and logs. */
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  static override readonly kind: string = "WebhookVerificationError";
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

/**
 * Headers as any Fetch-like `Headers` (the global one, undici's, node-fetch's: anything with `get`), or a
 * plain object such as Node's `IncomingHttpHeaders` (names in any case, arrays joined).
 */
export type WebhookHeaders =
  | { get(name: string): string | null | undefined }
  | Record<string, string | readonly string[] | undefined>;

/** A webhook that verified: its payload, and the delivery's id and time. */
export interface VerifiedWebhook<Event = WebhookEvent> {
  /** The parsed payload. */
  event: Event;
  /** webhook-id: the same on every delivery of one message; drop one you have processed (delivery is at least once). */
  id: string;
  /** webhook-timestamp: when this delivery was signed. */
  timestamp: Date;
}

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

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers?.get === "function")
    return (headers.get as (name: string) => string | null)(name) ?? undefined;
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(" ") : (value as string);
  }
  return undefined;
}

const refuse = (code: WebhookVerificationErrorCode, why: string) =>
  new WebhookVerificationError(code, `Webhook not verified: ${why}.`);

/** The body's bytes exactly as received: a string is UTF-8 encoded, bytes are taken as they are. */
function bodyBytes(body: unknown): Uint8Array {
  if (typeof body === "string") return new TextEncoder().encode(body);
  // Also an ArrayBuffer of another realm (a vm context, a worker), which instanceof does not see.
  if (Object.prototype.toString.call(body) === "[object ArrayBuffer]")
    return new Uint8Array(body as ArrayBuffer);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw refuse(
    "webhook_body_unreadable",
    "the body must be the raw string or bytes (express.raw(), not express.json())",
  );
}

/** The checks before any signature: keys, headers, timestamp; what to sign and how to judge it after. */
function prepare<Event>(
  body: unknown,
  headers: WebhookHeaders,
  secret: WebhookSecret,
  options: VerifyWebhookOptions,
) {
  const keys = secretKeys(secret);
  const bytes = bodyBytes(body);
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw refuse(
      "webhook_headers_missing",
      "webhook-id, webhook-timestamp and webhook-signature are all required",
    );
  }
  const { toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS, now = Date.now() } = options;
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(now / 1000 - seconds) <= toleranceSeconds)) {
    throw refuse(
      "webhook_timestamp_invalid",
      `webhook-timestamp is not within ${toleranceSeconds} seconds of this clock`,
    );
  }
  const signed = signedBytes(id, seconds, bytes);
  const sent = signatures.split(" ");
  /** Any sent signature equal to any secret's: several are sent while the service rolls its secret. */
  const judge = (expected: string[]): VerifiedWebhook<Event> => {
    if (!sent.some((one) => expected.some((mine) => sameSignature(one, mine)))) {
      throw refuse("webhook_signature_invalid", "no webhook-signature matches the body with this secret");
    }
    let event: unknown;
    try {
      event = JSON.parse(new TextDecoder().decode(bytes));
    } catch {}
    if (typeof event !== "object" || event === null) {
      throw refuse("webhook_payload_invalid", "the signed body is not a JSON object");
    }
    return { event: event as Event, id, timestamp: new Date(seconds * 1000) };
  };
  return { keys, signed, judge };
}

/**
 * Checks a webhook from its raw body and headers (Express's `express.raw()`, Fastify's rawBody, Node's
 * http) and returns its payload with its webhook-id and timestamp; synchronous. The bytes are hashed
 * exactly as received (a BOM, any byte). `secret` may be several secrets while one is rotated. Throws
 * WebhookVerificationError (`code` says which check failed) and WebhookSecretError when a secret is
 * unusable; nothing else. Delivery is at least once: drop webhook-ids already processed
 * (createWebhookReceiver does).
 *
 * @example
 * app.post("/hooks/stl", express.raw({ type: "application/json" }), (req, res) => {
 *   const { event } = verifyWebhookBody(req.body, req.headers, process.env.STL_CALLBACK_SECRET!);
 *   if (event.type === "lead.missed") alertSales(event.data.lead_id);
 *   res.sendStatus(204);
 * });
 */
export function verifyWebhookBody<Event = WebhookEvent>(
  body: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: WebhookSecret,
  options: VerifyWebhookOptions = {},
): VerifiedWebhook<Event> {
  const { keys, signed, judge } = prepare<Event>(body, headers, secret, options);
  return judge(keys.map((key) => signature(key, signed)));
}

/**
 * Reads a Fetch Request's body as bytes and checks it as verifyWebhookBody does, through WebCrypto, so
 * it runs on edge runtimes too (Cloudflare Workers, Deno Deploy, Vercel Edge) as in Bun.serve, Deno,
 * Hono and Next.js route handlers. A body already read is a WebhookVerificationError
 * (`webhook_body_unreadable`).
 *
 * @example
 * const { event, id } = await verifyWebhook(request, process.env.ASSISTANT_WEBHOOK_SECRET!);
 * if (event.type === "lead.handoff" && event.data.call.permitted) dial(event.data.phone!);
 */
export async function verifyWebhook<Event = WebhookEvent>(
  request: Request,
  secret: WebhookSecret,
  options: VerifyWebhookOptions = {},
): Promise<VerifiedWebhook<Event>> {
  secretKeys(secret);
  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch (cause) {
    throw new WebhookVerificationError(
      "webhook_body_unreadable",
      "Webhook not verified: its body cannot be read (already read by a body parser?).",
      { cause },
    );
  }
  const { keys, signed, judge } = prepare<Event>(body, request.headers, secret, options);
  return judge(await Promise.all(keys.map((key) => signatureAsync(key, signed))));
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
  const [key] = secretKeys(secret) as [Uint8Array];
  const body = JSON.stringify(payload);
  const id = options.id ?? `msg_${randomKey().replaceAll("-", "")}`;
  const seconds = Math.floor((options.timestamp ?? new Date()).getTime() / 1000);
  return {
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(seconds),
      "webhook-signature": signature(key, signedBytes(id, seconds, new TextEncoder().encode(body))),
    },
  };
}

export type { HandoffPayload, StatusCallback };
