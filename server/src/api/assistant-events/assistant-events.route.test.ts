// POST /api/speed-to-lead/assistant-events through the real app and database (PGlite and PostgreSQL).
import { ASSISTANT_EVENTS_PATH } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { listChanges } from "../../core/dnc/dnc-repository.ts";
import { createRateLimiter } from "../../http/token-bucket.ts";
import { generateWebhookSecret } from "../../testing/fake-assistant.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { type Signing, signedEventRequest } from "../../testing/signed-event.ts";

describe.each(BACKENDS)("assistant events on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture?.close());

  function signedRequest(body: string, signing: Signing = {}, path = ASSISTANT_EVENTS_PATH) {
    return signedEventRequest(body, fixture.assistant.secret, signing, path);
  }

  async function send(event: unknown, signing: Signing = {}, app = fixture.app) {
    const body = typeof event === "string" ? event : JSON.stringify(event);
    const response = await app.handle(signedRequest(body, signing));
    const json = await response.json();
    if (response.status !== 200) {
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(schemaErrors("Problem", json)).toEqual([]);
    }
    return { status: response.status, body: json };
  }

  const event = (type: string, leadId: string) => ({
    type,
    timestamp: new Date().toISOString(),
    data: { lead_id: leadId },
  });

  async function leadState(leadId: string) {
    const [row] = await fixture.db.query<{
      response_state: string;
      response_reason: string | null;
      status: string;
    }>(
      "select l.response_state, l.response_reason, t.status from leads l join response_tasks t on t.lead_id = l.id where l.id = $1",
      [leadId],
    );
    return row;
  }

  it("lead.opted_out puts the lead's number on its account's list, cancels its hand-off and logs the webhook-id", async () => {
    const { body: lead } = await fixture.post(eligibleLead({ phone: "(305) 555-0110" }));
    const webhookId = `msg_${crypto.randomUUID()}`;
    const { status, body } = await send(event("lead.opted_out", lead.id), { webhookId });
    expect(status).toBe(200);
    expect(body).toEqual({
      type: "lead.opted_out",
      lead_id: lead.id,
      phone: "+13055550110",
      handoffs_cancelled: 1,
    });
    expect(await leadState(lead.id)).toEqual({
      response_state: "not_called",
      response_reason: "opted_out",
      status: "cancelled",
    });
    const changes = await listChanges(fixture.db, fixture.accountId, "+13055550110");
    expect([...changes]).toMatchObject([{ action: "add", via: "assistant", actor: webhookId }]);
    // Later leads of that number, in another spelling, are not called.
    const later = await fixture.post(eligibleLead({ phone: "+1 305-555-0110" }));
    expect(later.body.lead.response).toEqual({ state: "not_called", reason: "opted_out" });
  });

  it("lead.wrong_number voids the consent given for the number: no hand-off, and a repeat does not bring it back", async () => {
    const lead = eligibleLead({
      phone: "(305) 555-0111",
      platform: "crm",
      external_lead_id: crypto.randomUUID(),
    });
    const { body: first } = await fixture.post(lead);
    const { status, body } = await send(event("lead.wrong_number", first.id));
    expect([status, body.handoffs_cancelled]).toEqual([200, 1]);
    expect(await leadState(first.id)).toEqual({
      response_state: "not_called",
      response_reason: "wrong_number",
      status: "cancelled",
    });
    const repeat = await fixture.post(lead);
    expect(repeat.status).toBe(200);
    expect(repeat.body.call_eligible).toBe(false);
    expect(repeat.body.lead.response).toEqual({ state: "not_called", reason: "wrong_number" });
    // The number is not on the list: a new lead with its own consent may be called.
    const fresh = await fixture.post(eligibleLead({ phone: "(305) 555-0111" }));
    expect(fresh.body.call_eligible).toBe(true);
    expect((await listChanges(fixture.db, fixture.accountId, "+13055550111")).map((c) => c.action)).toEqual([
      "wrong_number",
    ]);
  });

  it("refuses a bad signature, a wrong secret and missing headers with 401 webhook_signature_invalid, changing nothing", async () => {
    const { body: lead } = await fixture.post(eligibleLead({ phone: "(305) 555-0112" }));
    const valid = JSON.stringify(event("lead.opted_out", lead.id));
    const signedValid = signedRequest(valid);
    const tampered = await fixture.app.handle(
      new Request(signedValid.url, {
        method: "POST",
        headers: signedValid.headers,
        body: valid.replace("opted_out", "wrong_number"),
      }),
    );
    const forged = await send(valid, { secret: generateWebhookSecret() });
    const unsigned = await send(valid, { headers: { "webhook-signature": "" } });
    const noId = await send(valid, { headers: { "webhook-id": "" } });
    const oldScheme = await send(valid, { headers: { "webhook-signature": "v0,abc" } });
    expect(tampered.status).toBe(401);
    for (const refused of [forged, unsigned, noId, oldScheme]) {
      expect([refused.status, refused.body.code]).toEqual([401, "webhook_signature_invalid"]);
    }
    expect((await leadState(lead.id))?.status).toBe("pending");
    expect(await listChanges(fixture.db, fixture.accountId, "+13055550112")).toHaveLength(0);
  });

  it("refuses a timestamp more than five minutes off, either way, with webhook_timestamp_invalid", async () => {
    const { body: lead } = await fixture.post(eligibleLead({ phone: "(305) 555-0113" }));
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 301 - 5, now + 301 + 5]) {
      const refused = await send(event("lead.opted_out", lead.id), { timestamp });
      expect([refused.status, refused.body.code]).toEqual([401, "webhook_timestamp_invalid"]);
    }
    const recent = await send(event("lead.opted_out", lead.id), { timestamp: now - 240 });
    expect(recent.status).toBe(200);
  });

  it("refuses a replayed webhook-id with 409 webhook_replayed and does nothing again", async () => {
    const { body: lead } = await fixture.post(eligibleLead({ phone: "(305) 555-0114" }));
    const webhookId = `msg_${crypto.randomUUID()}`;
    expect((await send(event("lead.opted_out", lead.id), { webhookId })).status).toBe(200);
    const replay = await send(event("lead.opted_out", lead.id), { webhookId });
    expect([replay.status, replay.body.code]).toEqual([409, "webhook_replayed"]);
    expect(await listChanges(fixture.db, fixture.accountId, "+13055550114")).toHaveLength(1);
  });

  it("never creates a lead: an unknown lead_id is 404 lead_not_found, and its webhook-id is not used up", async () => {
    const [before] = await fixture.db.query<{ n: number }>("select count(*)::int as n from leads");
    const webhookId = `msg_${crypto.randomUUID()}`;
    const unknown = await send(event("lead.opted_out", crypto.randomUUID()), { webhookId });
    expect([unknown.status, unknown.body.code]).toEqual([404, "lead_not_found"]);
    const [after] = await fixture.db.query<{ n: number }>("select count(*)::int as n from leads");
    expect(after!.n).toBe(before!.n);
    const { body: lead } = await fixture.post(eligibleLead({ phone: "(305) 555-0115" }));
    expect((await send(event("lead.opted_out", lead.id), { webhookId })).status).toBe(200);
  });

  it("answers problem+json on bad input: 400 not JSON, 422 not an event, 415 not JSON media type, 405 other methods", async () => {
    const notJson = await send("{not json");
    expect([notJson.status, notJson.body.code]).toEqual([400, "invalid_json"]);
    const notEvent = await send({ type: "lead.created", data: { lead_id: "x" } });
    expect([notEvent.status, notEvent.body.code]).toEqual([422, "validation_failed"]);
    expect(notEvent.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/data/lead_id",
      "/timestamp",
      "/type",
    ]);
    const text = await send(JSON.stringify(event("lead.opted_out", crypto.randomUUID())), {
      headers: { "content-type": "text/plain" },
    });
    expect([text.status, text.body.code]).toEqual([415, "unsupported_media_type"]);
    const get = await fixture.app.handle(new Request(`http://localhost${ASSISTANT_EVENTS_PATH}`));
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
  });

  it("rate-limits validly signed events only: forgeries never use up their budget", async () => {
    const app = createApp({
      db: fixture.db,
      assistantSecret: fixture.assistant.secret,
      rateLimiter: createRateLimiter({ ratePerSecond: 1, burst: 3 }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await send("{}", { secret: generateWebhookSecret() }, app)).status);
    for (let i = 0; i < 5; i++) statuses.push((await send("{}", {}, app)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 422, 422, 422, 429, 429]);
  });

  it("does not exist without an assistant secret", async () => {
    const app = createApp({ db: fixture.db });
    const response = await send(event("lead.opted_out", crypto.randomUUID()), {}, app);
    expect([response.status, response.body.code]).toEqual([404, "not_found"]);
  });
});
