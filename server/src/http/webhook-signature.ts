// Checks an incoming Standard Webhooks signature: the headers, the timestamp's age, then the HMAC.
import { timingSafeEqual } from "node:crypto";
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
