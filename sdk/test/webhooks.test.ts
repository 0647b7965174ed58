// @speed-to-lead/sdk/webhooks: verify from a Request or from a raw body and headers, tolerance, secret vs
// signature errors, and signWebhook, checked against the standardwebhooks reference signer.
import { Webhook } from "standardwebhooks";
import { describe, expect, expectTypeOf, it } from "vitest";
import { isSpeedToLeadError, SpeedToLeadError } from "../src/index";
import {
  type AssistantEvent,
  signWebhook,
  verifyWebhook,
  verifyWebhookBody,
  type WebhookEvent,
  WebhookSecretError,
  WebhookVerificationError,
} from "../src/webhooks";
import { thrown } from "./thrown";
import { missed, now, secret } from "./webhook-fixture";

const event = missed;

/** A message signed by the reference library, as the service signs it. */
function referenceSigned(body: string, at = new Date(now)) {
  return {
    "webhook-id": "msg_1",
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign("msg_1", at, body),
  };
}

const failure = (run: () => unknown) => thrown(run) as WebhookVerificationError;

describe("verifyWebhookBody: raw body and headers", () => {
  const body = JSON.stringify(event);

  it("verifies a string or bytes with plain-object headers in any case (Node's IncomingHttpHeaders)", () => {
    const headers = referenceSigned(body);
    expect(verifyWebhookBody(body, headers, secret, { now }).event).toEqual(event);
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhookBody(new TextEncoder().encode(body), shouted, secret, { now }).event).toEqual(event);
    expect(verifyWebhookBody(body, new Headers(headers), secret, { now }).event).toEqual(event);
  });

  it("accepts any one of several signatures (a secret being rolled)", () => {
    const headers = referenceSigned(body);
    headers["webhook-signature"] = `v1,${btoa("x".repeat(32))} ${headers["webhook-signature"]}`;
    expect(verifyWebhookBody(body, headers, secret, { now }).event).toEqual(event);
  });

  it("refuses a changed body, a missing header and a stale timestamp, each with its code", () => {
    const headers = referenceSigned(body);
    expect(
      failure(() => verifyWebhookBody(body.replace("missed", "handed_off"), headers, secret, { now })),
    ).toMatchObject({
      name: "WebhookVerificationError",
      code: "webhook_signature_invalid",
    });
    const { "webhook-id": _, ...noId } = headers;
    expect(failure(() => verifyWebhookBody(body, noId, secret, { now })).code).toBe(
      "webhook_headers_missing",
    );
    const old = referenceSigned(body, new Date(now - 301_000));
    expect(failure(() => verifyWebhookBody(body, old, secret, { now })).code).toBe(
      "webhook_timestamp_invalid",
    );
    const ahead = referenceSigned(body, new Date(now + 301_000));
    expect(failure(() => verifyWebhookBody(body, ahead, secret, { now })).code).toBe(
      "webhook_timestamp_invalid",
    );
    const error = failure(() => verifyWebhookBody(body, old, secret, { now }));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toBeInstanceOf(SpeedToLeadError);
    expect(error).not.toBeInstanceOf(WebhookSecretError);
  });

  it("takes a tolerance of its own, both ways", () => {
    const old = referenceSigned(body, new Date(now - 600_000));
    expect(verifyWebhookBody(body, old, secret, { now, toleranceSeconds: 900 }).event).toEqual(event);
    const recent = referenceSigned(body, new Date(now - 20_000));
    expect(failure(() => verifyWebhookBody(body, recent, secret, { now, toleranceSeconds: 10 })).code).toBe(
      "webhook_timestamp_invalid",
    );
  });

  it.each([
    ["empty", ""],
    ["only the prefix", "whsec_"],
    ["not base64", "whsec_!!!!"],
    ["undefined (an unset environment variable)", undefined],
  ])("a secret that is %s is a WebhookSecretError (configuration), not a bad signature", (_what, bad) => {
    const error = failure(() => verifyWebhookBody(body, referenceSigned(body), bad as never, { now }));
    expect(error).toBeInstanceOf(WebhookSecretError);
    expect(error).not.toBeInstanceOf(WebhookVerificationError);
    expect(isSpeedToLeadError(error)).toBe(true);
  });
});

describe("verifyWebhook: a Fetch Request", () => {
  it("verifies the request's body and headers, with the same options", async () => {
    const body = JSON.stringify(event);
    const request = new Request("http://localhost/hook", {
      method: "POST",
      body,
      headers: referenceSigned(body),
    });
    await expect(verifyWebhook(request, secret, { now })).resolves.toEqual({
      event,
      id: "msg_1",
      timestamp: new Date(now),
    });
  });

  it("a bad secret fails before the body is read", async () => {
    const request = new Request("http://localhost/hook", { method: "POST", body: "{}" });
    await expect(verifyWebhook(request, "", { now })).rejects.toBeInstanceOf(WebhookSecretError);
    expect(request.bodyUsed).toBe(false);
  });
});

describe("signWebhook: a signed test message", () => {
  it("signs as the reference library verifies, and verifyWebhookBody takes it", () => {
    const at = new Date(now);
    const { body, headers } = signWebhook(event as WebhookEvent, secret, { id: "msg_test", timestamp: at });
    expect(headers["webhook-id"]).toBe("msg_test");
    expect(headers["webhook-timestamp"]).toBe(String(now / 1000));
    expect(new Webhook(secret).sign("msg_test", at, body)).toBe(headers["webhook-signature"]);
    expect(verifyWebhookBody(body, headers, secret, { now }).event).toEqual(event);
  });

  it("makes a fresh id and the current time by default", () => {
    const first = signWebhook(event, secret);
    const second = signWebhook(event, secret);
    expect(first.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(first.headers["webhook-id"]).not.toBe(second.headers["webhook-id"]);
    expect(verifyWebhookBody(first.body, first.headers, secret).event).toEqual(event);
  });

  it("signs an assistant's event for the service", () => {
    const opted: AssistantEvent = {
      type: "lead.opted_out",
      timestamp: "2026-11-20T20:00:00Z",
      data: { lead_id: "0193f0c2-6b1e-7a52-9c1d-5e0b7d2a4f10" },
    };
    const { body } = signWebhook(opted, secret);
    expect(JSON.parse(body)).toEqual(opted);
  });
});

describe("event types", () => {
  it("narrow on type: a hand-off has the call, a status callback the response", () => {
    const handle = (received: WebhookEvent) => {
      if (received.type === "lead.handoff") return received.data.call.permitted;
      expectTypeOf(received.type).toEqualTypeOf<"lead.handed_off" | "lead.missed" | "lead.not_called">();
      return received.data.response.state;
    };
    expectTypeOf(handle).returns.toEqualTypeOf<
      boolean | "pending" | "handed_off" | "missed" | "not_called"
    >();
  });
});
