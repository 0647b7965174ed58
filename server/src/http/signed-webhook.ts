// Standard Webhooks, said once: signing and posting what the server sends (hand-offs, status callbacks) and
// verifying what it receives (the assistant's events).
import { createHmac, timingSafeEqual } from "node:crypto";
import { WEBHOOK_TOLERANCE_SECONDS } from "@speed-to-lead/spec";
import { Webhook } from "standardwebhooks";

export type SignatureCheck =
  | { ok: true; webhookId: string }
  | { ok: false; code: "webhook_signature_invalid" | "webhook_timestamp_invalid" };

/**
 * The timestamp is checked before the signature so an old message is named as such; the signature
 * covers "<id>.<timestamp>.<body>" as the hand-offs do (same library, same secret), compared in
 * constant time against every `v1,` entry of the header.
 *
 * @example const verify = createSignatureVerifier("whsec_…"); verify(headers, bodyText, Date.now())
 */
export function createSignatureVerifier(secret: string) {
  const signer = new Webhook(secret);
  return (headers: Headers, body: string, now: number): SignatureCheck => {
    const webhookId = headers.get("webhook-id") ?? "";
    const timestamp = headers.get("webhook-timestamp") ?? "";
    const signatures = headers.get("webhook-signature") ?? "";
    if (!webhookId || webhookId.length > 255 || !/^\d{1,12}$/.test(timestamp) || !signatures) {
      return { ok: false, code: "webhook_signature_invalid" };
    }
    const seconds = Number(timestamp);
    if (Math.abs(now / 1000 - seconds) > WEBHOOK_TOLERANCE_SECONDS) {
      return { ok: false, code: "webhook_timestamp_invalid" };
    }
    const expected = Buffer.from(signer.sign(webhookId, new Date(seconds * 1000), body).split(",")[1] ?? "");
    const matches = signatures.split(" ").some((entry) => {
      const [version, value = ""] = entry.split(",", 2);
      const given = Buffer.from(value);
      return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
    });
    return matches ? { ok: true, webhookId } : { ok: false, code: "webhook_signature_invalid" };
  };
}

/**
 * Standard Webhooks' v1 signature: HMAC-SHA256 over "id.timestamp.body" with the secret's key, in
 * base64. The same bytes as the library's `sign`, through the runtime's native HMAC (the library's is
 * JavaScript); the library still judges the secret, so both accept exactly the same ones.
 *
 * @example webhookSigner(secret)("msg_1", new Date(), "{}") // "v1," + base64 HMAC, as new Webhook(secret).sign(…)
 */
export function webhookSigner(
  secret: string,
  settingName = "a webhook secret",
): (webhookId: string, at: Date, body: string) => string {
  try {
    new Webhook(secret);
  } catch {
    throw new Error(`${settingName} must be "whsec_" followed by a base64 key`);
  }
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  return (webhookId, at, body) =>
    `v1,${createHmac("sha256", key)
      .update(`${webhookId}.${Math.floor(at.getTime() / 1000)}.${body}`)
      .digest("base64")}`;
}

export interface SignedPost {
  url: string;
  webhookId: string;
  body: string;
  sign: ReturnType<typeof webhookSigner>;
  /** Names the sender in the receiver's logs. */
  userAgent: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The result carries the answer's first characters (the status callbacks' delivery log). */
  keepAnswerHead?: boolean;
}

/** `answerHead`: the first ANSWER_HEAD_CHARS of the receiver's answer, for the delivery log. */
export type SignedPostResult =
  | { ok: true; status: number; answerHead?: string }
  | { ok: false; status?: number; error: string; answerHead?: string };

/** Characters of an answer kept for the delivery log (control characters replaced). */
const ANSWER_HEAD_CHARS = 200;

/** What is read of a receiver's answer before the body is cancelled: its content never matters, only its status. */
const ANSWER_READ_LIMIT_BYTES = 4_096;

/**
 * One signed POST, signed anew (fresh webhook-timestamp) under a stable webhook-id; 2xx means the receiver
 * has it. A receiver that streams an endless answer costs at most ANSWER_READ_LIMIT_BYTES.
 *
 * @example await postSignedWebhook({ url, webhookId: "msg_1", body: "{}", sign: webhookSigner(secret), userAgent: "x/1", timeoutMs: 10_000 })
 */
export async function postSignedWebhook(post: SignedPost): Promise<SignedPostResult> {
  const now = new Date();
  try {
    const response = await (post.fetch ?? fetch)(post.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": post.userAgent,
        "webhook-id": post.webhookId,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": post.sign(post.webhookId, now, post.body),
      },
      body: post.body,
      signal: AbortSignal.timeout(post.timeoutMs),
      redirect: "manual",
    });
    const head = await discardAnswer(response);
    const kept = post.keepAnswerHead && head !== undefined ? { answerHead: head } : {};
    if (response.status >= 200 && response.status < 300)
      return { ok: true, status: response.status, ...kept };
    return { ok: false, status: response.status, error: `answered ${response.status}`, ...kept };
  } catch (error) {
    const name = (error as Error)?.name;
    const reason = name === "TimeoutError" ? `no answer within ${post.timeoutMs} ms` : String(error);
    return { ok: false, error: reason.slice(0, 300) };
  }
}

/** Reads a short answer to its end (the connection can be reused), cancels a long one; returns its first characters. */
async function discardAnswer(response: Response): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return undefined;
  const head: Uint8Array[] = [];
  let read = 0;
  const text = () =>
    new TextDecoder()
      .decode(Buffer.concat(head).subarray(0, ANSWER_HEAD_CHARS * 4))
      .slice(0, ANSWER_HEAD_CHARS)
      .replace(/[\u0000-\u001f\u007f]/g, " ");
  try {
    while (read <= ANSWER_READ_LIMIT_BYTES) {
      const chunk = await reader.read();
      if (chunk.done) return text();
      if (read < ANSWER_HEAD_CHARS * 4) head.push(chunk.value);
      read += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A receiver that breaks its own answer: its status is what counts.
  }
  return text();
}
