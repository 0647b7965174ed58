// Late consent on PGlite and PostgreSQL: a repeat that permits the call after respond_by starts a new response.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, type HandoffFixture, openHandoffFixtureOn } from "../../testing/handoff-fixture.ts";
import { webhookIdOf } from "./payload.ts";

const consent = { source: "webform:/contact", reference: "sub_9", captured_at: "2026-01-02T03:04:05Z" };

describe.each(BACKENDS)("late consent on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture?.close());

  /** The five-minute response of the lead ran out ten minutes ago. */
  async function ageLead(leadId: string) {
    await fixture.db.query(
      `update leads set received_at = received_at - interval '10 minutes',
         respond_by = respond_by - interval '10 minutes' where id = $1`,
      [leadId],
    );
    await fixture.db.query(
      "update handoff_queue set due_at = due_at - interval '10 minutes' where lead_id = $1",
      [leadId],
    );
  }

  it("after an email-only hand-off, a late consent gets a call hand-off from the moment it arrived", async () => {
    fixture.startDispatcher();
    const ids = { platform: "crm", external_lead_id: `late-${backend}` };
    const first = await fixture.post({ ...ids, phone: "(415) 555-0142", email: "ana@example.com" });
    expect(first.body).toMatchObject({ call_eligible: false, lead: { response: { reason: "no_consent" } } });
    await fixture.waitUntilSettled();
    await ageLead(first.body.id);

    const before = Date.now();
    const late = await fixture.post({ ...ids, email: "ana@example.com", consent });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({
      id: first.body.id,
      call_eligible: true,
      lead: { response: { state: "pending" } },
    });
    const respondBy = Date.parse(late.body.respond_by);
    expect(respondBy).toBeGreaterThanOrEqual(before + 300_000 - 1_000);
    expect(Date.parse(late.body.received_at)).toBeLessThan(before - 590_000);
    await fixture.waitUntilSettled();

    const [task] = await fixture.db.query<{ id: string; response_no: number; status: string }>(
      "select id::text, response_no, status from response_tasks where lead_id = $1",
      [first.body.id],
    );
    expect(task).toMatchObject({ response_no: 2, status: "delivered" });
    const deliveries = fixture.assistant.deliveries.filter((d) => d.payload.data.lead_id === first.body.id);
    expect(deliveries.map((d) => d.webhookId)).toEqual([webhookIdOf(task!.id), webhookIdOf(task!.id, 2)]);
    expect(deliveries.map((d) => d.payload.data.phone)).toEqual([undefined, "+14155550142"]);
    expect(deliveries[1]!.payload.data).toMatchObject({
      call: { permitted: true },
      consent,
      respond_by: new Date(respondBy).toISOString(),
    });
    // The consent as received, with both requests' times.
    const [lead] = await fixture.db.query<{
      received_at: Date;
      consent_received_at: Date;
      response_state: string;
    }>("select received_at, consent_received_at, response_state, consent from leads where id = $1", [
      first.body.id,
    ]);
    expect(lead).toMatchObject({ response_state: "handed_off", consent });
    expect(lead!.consent_received_at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(lead!.received_at.getTime()).toBeLessThan(before - 590_000);
  });

  it("a not_called lead past respond_by is called, not marked missed", async () => {
    const ids = { platform: "crm", external_lead_id: `late-nc-${backend}` };
    const first = await fixture.post({ ...ids, phone: "(415) 555-0143" });
    expect(first.body.lead.response).toEqual({ state: "not_called", reason: "no_consent" });
    await ageLead(first.body.id);
    const late = await fixture.post({ ...ids, phone: "(415) 555-0143", consent });
    expect(late.status).toBe(200);
    expect(Date.parse(late.body.respond_by)).toBeGreaterThan(Date.now() + 240_000);
    fixture.startDispatcher();
    await fixture.waitUntilSettled();
    const [lead] = await fixture.db.query<{ response_state: string }>(
      "select response_state from leads where id = $1",
      [first.body.id],
    );
    expect(lead!.response_state).toBe("handed_off");
    const delivered = fixture.assistant.deliveries.filter((d) => d.payload.data.lead_id === first.body.id);
    expect(delivered.map((d) => d.payload.data.phone)).toEqual(["+14155550143"]);
  });

  it("a consent arriving while the email-only hand-off is in flight still gets its call hand-off", async () => {
    fixture.assistant.setDelay(400);
    fixture.startDispatcher();
    const ids = { platform: "crm", external_lead_id: `late-fly-${backend}` };
    const first = await fixture.post({ ...ids, phone: "(415) 555-0144", email: "fly@example.com" });
    await fixture.assistant.waitUntil(
      () => fixture.assistant.maxInFlight === 1,
      "the email hand-off in flight",
    );
    const late = await fixture.post({ ...ids, email: "fly@example.com", consent });
    expect(late.body.call_eligible).toBe(true);
    await fixture.waitUntilSettled();
    const received = fixture.assistant.deliveries.filter((d) => d.payload.data.lead_id === first.body.id);
    expect(received.map((d) => d.payload.data.call.permitted)).toEqual([false, true]);
    expect(received[1]!.payload.data.phone).toBe("+14155550144");
    const [lead] = await fixture.db.query<{ response_state: string }>(
      "select response_state from leads where id = $1",
      [first.body.id],
    );
    expect(lead!.response_state).toBe("handed_off");
  });
});
