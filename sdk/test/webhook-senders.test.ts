// Webhooks as other senders and frameworks hand them over: bytes hashed as received (a BOM), undici's Headers,
// rotated secrets, WebCrypto and the synchronous path agreeing, and every failure a typed error.

// The packages' files, not "undici" and "node-fetch": Bun answers those names with its own modules, which hand
// back the global Headers.
import NodeFetchHeaders from "node-fetch/src/headers.js";
import { Webhook } from "standardwebhooks";
import { Headers as UndiciHeaders } from "undici/index.js";
import { describe, expect, it } from "vitest";
import { signature, signatureAsync, signedBytes } from "../src/webhook-signature";
import {
  signWebhook,
  verifyWebhook,
  verifyWebhookBody,
  WebhookSecretError,
  WebhookVerificationError,
} from "../src/webhooks";
import { thrown } from "./thrown";
import { keyOf, missed, now, previous, secret } from "./webhook-fixture";

const event = missed;
const seconds = String(now / 1000);

/** Signs bytes as a sender that hashes what it sends would (the SDK's own signer, checked against the reference below). */
function signedBody(bytes: Uint8Array, key = secret) {
  const keyBytes = keyOf(key);
  return {
    "webhook-id": "msg_bytes",
    "webhook-timestamp": seconds,
    "webhook-signature": signature(keyBytes, signedBytes("msg_bytes", now / 1000, bytes)),
  };
}

describe("the body's bytes, exactly as received", () => {
  it("a body with a BOM verifies as sent (the BOM is hashed, not stripped), then parses", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(JSON.stringify(event))]);
    const verified = verifyWebhookBody(bytes, signedBody(bytes), secret, { now });
    expect(verified.event).toEqual(event);
    // The same body without its BOM is another body: its signature does not match.
    expect(
      thrown(() => verifyWebhookBody(bytes.subarray(3), signedBody(bytes), secret, { now })),
    ).toMatchObject({
      code: "webhook_signature_invalid",
    });
  });

  it("the synchronous signature equals the reference library's and WebCrypto's", async () => {
    const body = JSON.stringify(event);
    const key = keyOf(secret);
    const bytes = signedBytes("msg_1", now / 1000, new TextEncoder().encode(body));
    const reference = new Webhook(secret).sign("msg_1", new Date(now), body);
    expect(signature(key, bytes)).toBe(reference);
    expect(await signatureAsync(key, bytes)).toBe(reference);
  });
});

describe("headers from any Fetch implementation", () => {
  it("undici's own Headers class (not the global one) is read, not taken as empty", () => {
    const body = JSON.stringify(event);
    const signed = signWebhook(event, secret, { id: "msg_u", timestamp: new Date(now) });
    const headers = new UndiciHeaders(signed.headers);
    expect(headers).not.toBeInstanceOf(Headers);
    expect(verifyWebhookBody(signed.body, headers, secret, { now })).toMatchObject({ event, id: "msg_u" });
    expect(body).toBe(signed.body);
  });

  it("node-fetch's Headers (a URLSearchParams underneath), any object with get(), arrays in a plain object", () => {
    const signed = signWebhook(event, secret, { id: "msg_g", timestamp: new Date(now) });
    const nodeFetch = new NodeFetchHeaders(signed.headers);
    expect(nodeFetch).not.toBeInstanceOf(Headers);
    expect(verifyWebhookBody(signed.body, nodeFetch, secret, { now }).id).toBe("msg_g");
    const lookup = new Map(Object.entries(signed.headers));
    const like = { get: (name: string) => lookup.get(name) ?? null };
    expect(verifyWebhookBody(signed.body, like, secret, { now }).id).toBe("msg_g");
    const arrays = {
      ...signed.headers,
      "webhook-signature": [`v1,${btoa("x".repeat(32))}`, signed.headers["webhook-signature"]],
    };
    expect(verifyWebhookBody(signed.body, arrays, secret, { now }).id).toBe("msg_g");
  });
});

describe("rotated secrets", () => {
  it("secret: [new, old] verifies a message signed with either, and returns its id and time", () => {
    for (const signer of [secret, previous]) {
      const signed = signWebhook(event, signer, { id: "msg_r", timestamp: new Date(now) });
      expect(verifyWebhookBody(signed.body, signed.headers, [secret, previous], { now })).toEqual({
        event,
        id: "msg_r",
        timestamp: new Date(now),
      });
    }
    const stranger = signWebhook(event, `whsec_${btoa("another secret of 32 bytes here!")}`, {
      timestamp: new Date(now),
    });
    expect(
      thrown(() => verifyWebhookBody(stranger.body, stranger.headers, [secret, previous], { now })),
    ).toMatchObject({
      code: "webhook_signature_invalid",
    });
  });

  it("an empty list or one unusable secret in it is a WebhookSecretError", () => {
    const signed = signWebhook(event, secret, { timestamp: new Date(now) });
    expect(thrown(() => verifyWebhookBody(signed.body, signed.headers, [], { now }))).toBeInstanceOf(
      WebhookSecretError,
    );
    expect(
      thrown(() => verifyWebhookBody(signed.body, signed.headers, [secret, ""], { now })),
    ).toBeInstanceOf(WebhookSecretError);
  });
});

describe("every failure is a typed error", () => {
  it("a Request whose body was already read: webhook_body_unreadable, not a raw TypeError", async () => {
    const signed = signWebhook(event, secret, { timestamp: new Date(now) });
    const request = new Request("http://localhost/hook", {
      method: "POST",
      body: signed.body,
      headers: signed.headers,
    });
    await request.text();
    const error = await verifyWebhook(request, secret, { now }).catch((e) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.code).toBe("webhook_body_unreadable");
  });

  it("a signed body that is not a JSON object: webhook_payload_invalid, not a SyntaxError", async () => {
    for (const text of ["not json", "42", "null"]) {
      const signed = signWebhook(event, secret, { timestamp: new Date(now) });
      const headers = signedBody(new TextEncoder().encode(text));
      const error = thrown(() => verifyWebhookBody(text, headers, secret, { now }));
      expect(error).toBeInstanceOf(WebhookVerificationError);
      expect((error as WebhookVerificationError).code).toBe("webhook_payload_invalid");
      expect(signed.body).not.toBe(text);
    }
  });

  it("a parsed body (express.json() in front) is webhook_body_unreadable, saying to pass the raw body", () => {
    const signed = signWebhook(event, secret, { timestamp: new Date(now) });
    const error = thrown(() => verifyWebhookBody(event as never, signed.headers, secret, { now }));
    expect(error).toMatchObject({ name: "WebhookVerificationError", code: "webhook_body_unreadable" });
    expect(String(error)).toMatch(/express\.raw/);
  });

  it("verifyWebhook checks through WebCrypto what verifyWebhookBody checks synchronously", async () => {
    const signed = signWebhook(event, previous, { id: "msg_w", timestamp: new Date(now) });
    const request = new Request("http://localhost/hook", {
      method: "POST",
      body: signed.body,
      headers: signed.headers,
    });
    await expect(verifyWebhook(request, [secret, previous], { now })).resolves.toMatchObject({
      id: "msg_w",
      event,
    });
  });
});

describe("bodies from another realm", () => {
  it("an ArrayBuffer made in another realm (node:vm) verifies as its bytes", async () => {
    const { runInNewContext } = await import("node:vm");
    const signed = signWebhook(event, secret, { id: "msg_realm", timestamp: new Date(now) });
    const foreign = runInNewContext("new Uint8Array(bytes).buffer", {
      bytes: [...new TextEncoder().encode(signed.body)],
    }) as ArrayBuffer;
    expect(foreign instanceof ArrayBuffer).toBe(false);
    expect(verifyWebhookBody(foreign, signed.headers, secret, { now }).id).toBe("msg_realm");
  });
});
