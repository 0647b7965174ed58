// Standard Webhooks' v1 signature over the bytes exactly as received: HMAC-SHA256 of `id.timestamp.body`, in
// base64, with each secret of a rotation; synchronous (fast-sha256) for Node handlers, WebCrypto for edge runtimes.
import { hmac } from "fast-sha256";
import { SpeedToLeadError } from "./base-error";

/**
 * The secret itself is unusable (missing, empty, not `whsec_` + base64): a configuration error of the
 * receiver, not a bad request. Answer 500 and fix the configuration; no request can verify until then.
 */
export class WebhookSecretError extends SpeedToLeadError {
  static override readonly kind: string = "WebhookSecretError";
}

/** One secret, or several while one is rotated (any of them verifies). Each is `whsec_` + base64. */
export type WebhookSecret = string | readonly string[];

/** The key bytes of each secret; a WebhookSecretError names what is wrong with one. */
export function secretKeys(secret: WebhookSecret): Uint8Array[] {
  const secrets = typeof secret === "string" ? [secret] : secret;
  if (!Array.isArray(secrets) || secrets.length === 0) {
    throw new WebhookSecretError('The webhook secret is unset: expected "whsec_" followed by base64.');
  }
  return secrets.map((one: unknown) => {
    try {
      const key = Uint8Array.from(atob(String(one).replace(/^whsec_/, "")), (c) => c.charCodeAt(0));
      if (typeof one === "string" && key.length > 0) return key;
    } catch {}
    throw new WebhookSecretError('A webhook secret is unusable: expected "whsec_" followed by base64.');
  });
}

/** What is signed: `<id>.<timestamp>.` and the body's bytes, untouched (a BOM, any byte, stays). */
export function signedBytes(id: string, timestamp: number, body: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(`${id}.${timestamp}.`);
  const bytes = new Uint8Array(head.length + body.length);
  bytes.set(head);
  bytes.set(body, head.length);
  return bytes;
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** The `v1,<base64>` signature of `bytes` with `key`, synchronously. */
export function signature(key: Uint8Array, bytes: Uint8Array): string {
  return `v1,${base64(hmac(key, bytes))}`;
}

/** The same signature through WebCrypto (Workers, Deno Deploy, browsers), which has no synchronous HMAC. */
export async function signatureAsync(key: Uint8Array, bytes: Uint8Array): Promise<string> {
  // Both are plain ArrayBuffer-backed arrays (made here): the casts only satisfy TypeScript's newer lib.
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    key as BufferSource,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return `v1,${base64(new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, bytes as BufferSource)))}`;
}

/** Constant-time comparison of a sent signature with an expected one (whose length is no secret). */
export function sameSignature(sent: string, expected: string): boolean {
  if (sent.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < sent.length; i++) difference |= sent.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}
