// The assistant's events apply to the number called, not to the lead's phone of the moment (PGlite and PostgreSQL).
import { ASSISTANT_EVENTS_PATH, LEADS_PATH } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listChanges } from "../../core/dnc/dnc-repository.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { signedEventRequest } from "../../testing/signed-event.ts";

describe.each(BACKENDS)("events bound to the number called on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture?.close());

  async function send(type: string, data: Record<string, unknown>) {
    const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
    const response = await fixture.app.handle(
      signedEventRequest(body, fixture.assistant.secret, {}, ASSISTANT_EVENTS_PATH),
    );
    return { status: response.status, body: await response.json() };
  }

  /** A lead handed off with its first number, then a repeat that changes the phone, handed off again. */
  async function leadWhosePhoneChanged(first: string, second: string) {
    fixture.startDispatcher();
    const lead = eligibleLead({ phone: first, platform: "crm", external_lead_id: crypto.randomUUID() });
    const posted = await fixture.post(lead);
    await fixture.waitUntilSettled();
    const called = fixture.assistant.deliveries.find((d) => d.payload.data.lead_id === posted.body.id)!
      .payload.data;
    expect((await fixture.post({ ...lead, phone: second })).status).toBe(200);
    await fixture.waitUntilSettled();
    const handoffs = fixture.assistant.deliveries
      .map((d) => d.payload.data)
      .filter((data) => data.lead_id === posted.body.id);
    expect(handoffs.map((data) => [data.response_no, data.phone])).toEqual([
      [1, called.phone],
      [2, `+1${second.replace(/\D/g, "")}`],
    ]);
    return { leadId: posted.body.id, called: handoffs[0]!, next: handoffs[1]! };
  }

  async function listed(phone: string) {
    const rows = await fixture.db.query("select 1 from dnc_numbers where account_id = $1 and phone = $2", [
      fixture.accountId,
      phone,
    ]);
    return rows.length > 0;
  }

  it("an opt-out naming the hand-off after a phone change lists the number called, not the new phone", async () => {
    const { leadId, called } = await leadWhosePhoneChanged("(305) 555-0301", "(305) 555-0302");
    const { status, body } = await send("lead.opted_out", { lead_id: leadId, handoff_id: called.handoff_id });
    expect([status, body.phone]).toEqual([200, "+13055550301"]);
    expect([await listed("+13055550301"), await listed("+13055550302")]).toEqual([true, false]);
    // The evidence record keeps both offers and the opt-out of the number called, though the lead's phone changed.
    const response = await fixture.app.handle(
      new Request(`http://localhost${LEADS_PATH}/${leadId}/evidence`, {
        headers: { authorization: `Bearer ${fixture.token}` },
      }),
    );
    const record = await response.json();
    expect(schemaErrors("EvidenceRecord", record)).toEqual([]);
    expect(record.lead.phone).toBe("+13055550302");
    expect(record.decisions.offers.map((offer: { phone: string }) => offer.phone)).toEqual([
      "+13055550301",
      "+13055550302",
    ]);
    expect(record.assistant_events.do_not_call).toEqual([
      expect.objectContaining({ phone: "+13055550301", action: "add", via: "assistant" }),
    ]);
  });

  it("an event without a hand-off applies to the number last offered for the lead, not to a new phone not yet offered", async () => {
    fixture.startDispatcher();
    const lead = eligibleLead({
      phone: "(305) 555-0303",
      platform: "crm",
      external_lead_id: crypto.randomUUID(),
    });
    const posted = await fixture.post(lead);
    await fixture.waitUntilSettled();
    // No dispatcher: the repeat's new number stays pending, never offered.
    await fixture.reset();
    expect((await fixture.post({ ...lead, phone: "(305) 555-0304" })).status).toBe(200);
    const { body } = await send("lead.call_attempted", {
      lead_id: posted.body.id,
      attempted_at: new Date().toISOString(),
    });
    expect(body.phone).toBe("+13055550303");
    const attempts = await fixture.db.query<{ phone: string }>(
      "select phone from call_attempts where lead_id = $1",
      [posted.body.id],
    );
    expect([...attempts]).toEqual([{ phone: "+13055550303" }]);
  });

  it("a wrong number named by phone applies to that offered number; a number never offered is 422, another lead's hand-off 404", async () => {
    const { leadId, next } = await leadWhosePhoneChanged("(305) 555-0305", "(305) 555-0306");
    const wrong = await send("lead.wrong_number", { lead_id: leadId, phone: "+13055550305" });
    expect([wrong.status, wrong.body.phone]).toEqual([200, "+13055550305"]);
    const changes = await listChanges(fixture.db, fixture.accountId, "+13055550305");
    expect([...changes].map((change) => change.action)).toEqual(["wrong_number"]);

    const never = await send("lead.opted_out", { lead_id: leadId, phone: "+13055550399" });
    expect([never.status, never.body.code, never.body.errors[0]]).toMatchObject([
      422,
      "validation_failed",
      { pointer: "/data/phone", code: "phone_not_offered" },
    ]);
    const other = await fixture.post(eligibleLead({ phone: "(305) 555-0307" }));
    const crossed = await send("lead.opted_out", { lead_id: other.body.id, handoff_id: next.handoff_id });
    expect([crossed.status, crossed.body.code]).toEqual([404, "handoff_not_found"]);
    expect(await listed("+13055550307")).toBe(false);
  });
});
