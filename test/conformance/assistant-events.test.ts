// The assistant's events endpoint against the real server on both databases: every answer judged by the spec,
// and an opt-out seen by a lead sender through the SDK.
import { createLeadClient } from "@speed-to-lead/sdk";
import { createApiClient } from "@speed-to-lead/sdk/api";
import { signWebhook } from "@speed-to-lead/sdk/webhooks";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { BACKENDS } from "../harness/database-backend.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";
import { schemaErrors } from "../harness/spec-ajv.ts";

const SECRET = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;

describe.each(BACKENDS)("assistant events on %s", (backend) => {
  const server = useLeadServer(backend, {
    tokens: { main: "acme" },
    env: { ASSISTANT_WEBHOOK_SECRET: SECRET, LOG_LEVEL: "warn" },
  });

  function sendEvent(body: string, options: { secret?: string; webhookId?: string; seconds?: number } = {}) {
    const webhookId = options.webhookId ?? `msg_${crypto.randomUUID()}`;
    const seconds = options.seconds ?? Math.floor(Date.now() / 1000);
    return fetch(`${server.baseUrl}/api/speed-to-lead/assistant-events`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": webhookId,
        "webhook-timestamp": String(seconds),
        "webhook-signature": new Webhook(options.secret ?? SECRET).sign(
          webhookId,
          new Date(seconds * 1000),
          body,
        ),
      },
      body,
    });
  }
  const optedOut = (leadId: string) =>
    JSON.stringify({
      type: "lead.opted_out",
      timestamp: new Date().toISOString(),
      data: { lead_id: leadId },
    });
  const consent = () => ({
    source: "webform:/contact",
    reference: crypto.randomUUID(),
    captured_at: new Date().toISOString(),
  });

  it("an opt-out is answered as documented, and later leads of the number are opted_out for the SDK", async () => {
    const client = createLeadClient({ baseUrl: server.baseUrl, token: server.tokens.main.token });
    const first = await client.postLead({ phone: "(214) 555-0133", consent: consent() });
    expect(first.callEligible).toBe(true);
    const webhookId = `msg_${crypto.randomUUID()}`;
    const applied = await expectConformant(
      await sendEvent(optedOut(first.id), { webhookId }),
      "postAssistantEvent",
    );
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      type: "lead.opted_out",
      lead_id: first.id,
      phone: "+12145550133",
      handoffs_cancelled: expect.any(Number),
    });

    const later = await client.postLead({ phone: "+1 214.555.0133", consent: consent() });
    expect(later.callEligible).toBe(false);
    expect(later.lead.response).toEqual({ state: "not_called", reason: "opted_out" });

    const replay = await expectConformant(
      await sendEvent(optedOut(first.id), { webhookId }),
      "postAssistantEvent",
    );
    expect([replay.status, replay.body.code]).toEqual([409, "webhook_replayed"]);
  });

  it("an event signed with the SDK's signWebhook and sent through its /api client is applied", async () => {
    const client = createLeadClient({ baseUrl: server.baseUrl, token: server.tokens.main.token });
    const lead = await client.postLead({ phone: "(214) 555-0144", consent: consent() });
    const { body, headers } = signWebhook(
      { type: "lead.wrong_number", timestamp: new Date().toISOString(), data: { lead_id: lead.id } },
      SECRET,
    );
    // The signed text is sent as is: a body re-serialised by openapi-fetch could differ from what was signed.
    const { data, response } = await createApiClient(client).POST("/api/speed-to-lead/assistant-events", {
      params: { header: headers },
      body: JSON.parse(body),
      bodySerializer: () => body,
    });
    expect(response.status).toBe(200);
    expect(schemaErrors("AssistantEventReceived", data)).toEqual([]);
    expect(data).toMatchObject({ type: "lead.wrong_number", lead_id: lead.id });
  });

  it("refuses forgeries, old messages, unknown leads and bad bodies with documented problems", async () => {
    const cases: [Response, number, string][] = [
      [
        await sendEvent(optedOut(crypto.randomUUID()), {
          secret: `whsec_${btoa("another secret, 32 bytes long!!!")}`,
        }),
        401,
        "webhook_signature_invalid",
      ],
      [
        await sendEvent(optedOut(crypto.randomUUID()), { seconds: Math.floor(Date.now() / 1000) - 3_600 }),
        401,
        "webhook_timestamp_invalid",
      ],
      [await sendEvent(optedOut(crypto.randomUUID())), 404, "lead_not_found"],
      [await sendEvent("[1, 2"), 400, "invalid_json"],
      [await sendEvent(JSON.stringify({ type: "lead.opted_out" })), 422, "validation_failed"],
    ];
    for (const [response, status, code] of cases) {
      const checked = await expectConformant(response, "postAssistantEvent");
      expect([checked.status, checked.body.code]).toEqual([status, code]);
    }
  });
});
