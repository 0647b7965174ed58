// createWebhookReceiver: typed handlers by `type`, each webhook-id handled once (a failed handler lets the
// redelivery run it again), and a fetch handler answering 204, 400 or 401.
import { describe, expect, expectTypeOf, it } from "vitest";
import { signature, signedBytes } from "../src/webhook-signature";
import {
  createWebhookReceiver,
  type LeadMissedEvent,
  signWebhook,
  WebhookSecretError,
} from "../src/webhooks";

import { keyOf, missed, secret } from "./webhook-fixture";

const handedOff = { ...missed, type: "lead.handed_off" };
const request = (signed: ReturnType<typeof signWebhook>, body = signed.body) =>
  new Request("http://localhost/hooks", { method: "POST", body, headers: signed.headers });

describe("createWebhookReceiver", () => {
  it("dispatches by type to typed handlers, with the delivery's id and time", async () => {
    const seen: string[] = [];
    const receiver = createWebhookReceiver({ secret })
      .on("lead.missed", (event, { id }) => {
        expectTypeOf(event).toEqualTypeOf<LeadMissedEvent>();
        seen.push(`missed ${event.data.lead_id} ${id}`);
      })
      .on("lead.handed_off", (event) => {
        seen.push(`handed off ${event.data.lead_id}`);
      });
    const first = await receiver.receive(request(signWebhook(missed, secret, { id: "msg_1" })));
    const second = await receiver.receiveBody(
      ...((s) => [s.body, s.headers] as const)(signWebhook(handedOff, secret, { id: "msg_2" })),
    );
    expect([first.outcome, second.outcome]).toEqual(["handled", "handled"]);
    expect(seen).toEqual([`missed ${missed.data.lead_id} msg_1`, `handed off ${missed.data.lead_id}`]);
    const unknown = await receiver.receive(
      request(signWebhook({ ...missed, type: "lead.not_called" }, secret)),
    );
    expect(unknown.outcome).toBe("unhandled");
  });

  it("runs a webhook-id once: a redelivery is a duplicate, also when both arrive at once", async () => {
    let runs = 0;
    const receiver = createWebhookReceiver({ secret }).on("lead.missed", async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const signed = signWebhook(missed, secret, { id: "msg_once" });
    const outcomes = await Promise.all([
      receiver.receive(request(signed)),
      receiver.receive(request(signed)),
    ]);
    const again = await receiver.receive(request(signWebhook(missed, secret, { id: "msg_once" })));
    expect(runs).toBe(1);
    expect([...outcomes.map((o) => o.outcome), again.outcome].sort()).toEqual([
      "duplicate",
      "duplicate",
      "handled",
    ]);
  });

  it("a handler that throws leaves the id unrecorded: the redelivery runs it again", async () => {
    let runs = 0;
    const receiver = createWebhookReceiver({ secret }).on("lead.missed", () => {
      runs++;
      if (runs === 1) throw new Error("database down");
    });
    const signed = signWebhook(missed, secret, { id: "msg_retry" });
    await expect(receiver.receive(request(signed))).rejects.toThrow("database down");
    await expect(receiver.receive(request(signed))).resolves.toMatchObject({ outcome: "handled" });
    expect(runs).toBe(2);
  });

  it("takes a store of processed ids shared by processes (here, a Set behind async calls)", async () => {
    const ids = new Set(["msg_elsewhere"]);
    const seen = { has: async (id: string) => ids.has(id), add: async (id: string) => void ids.add(id) };
    const receiver = createWebhookReceiver({ secret, seen }).on("lead.missed", () => {});
    const done = await receiver.receive(request(signWebhook(missed, secret, { id: "msg_elsewhere" })));
    expect(done.outcome).toBe("duplicate");
    await receiver.receive(request(signWebhook(missed, secret, { id: "msg_new" })));
    expect(ids.has("msg_new")).toBe(true);
  });

  it("fetch answers 204 handled, 401 forged, 400 unparsable; an unusable secret is thrown", async () => {
    const receiver = createWebhookReceiver({ secret }).on("lead.missed", () => {});
    const signed = signWebhook(missed, secret);
    expect((await receiver.fetch(request(signed))).status).toBe(204);
    expect(
      (await receiver.fetch(request(signed, signed.body.replace("lead.missed", "lead.handed_off")))).status,
    ).toBe(401);
    // A genuine signature over a body that is not JSON: readable, verified, unusable.
    const key = keyOf(secret);
    const at = signed.headers["webhook-timestamp"];
    const notJson = {
      body: "not json",
      headers: {
        ...signed.headers,
        "webhook-id": "msg_text",
        "webhook-signature": signature(
          key,
          signedBytes("msg_text", Number(at), new TextEncoder().encode("not json")),
        ),
      },
    };
    expect((await receiver.fetch(request(notJson))).status).toBe(400);
    const misconfigured = createWebhookReceiver({ secret: "" });
    await expect(misconfigured.fetch(request(signed))).rejects.toBeInstanceOf(WebhookSecretError);
  });
});
