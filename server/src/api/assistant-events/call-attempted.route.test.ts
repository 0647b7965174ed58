// lead.call_attempted through the real app on PGlite and PostgreSQL: signed attempts cap calls in FL, OK and MD.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectCappedWindow } from "../../testing/capped-window.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { signedEventRequest } from "../../testing/signed-event.ts";

const HOUR = 3_600_000;

describe.each(BACKENDS)("call attempts on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture?.close());

  async function attempt(leadId: string, attemptedAt: number | string | undefined) {
    const data =
      attemptedAt === undefined
        ? { lead_id: leadId }
        : {
            lead_id: leadId,
            attempted_at: typeof attemptedAt === "number" ? new Date(attemptedAt).toISOString() : attemptedAt,
          };
    const event = { type: "lead.call_attempted", timestamp: new Date().toISOString(), data };
    const response = await fixture.app.handle(
      signedEventRequest(JSON.stringify(event), fixture.assistant.secret),
    );
    return { status: response.status, body: await response.json() };
  }

  async function windowOf(leadId: string) {
    await fixture.waitUntilSettled();
    const delivery = fixture.assistant.deliveries.findLast((d) => d.payload.data.lead_id === leadId);
    return delivery!.payload.data.call_window!;
  }

  it("three attempts in 24 hours to a Florida number: the next hand-off's window starts when the oldest leaves the 24 hours", async () => {
    fixture.startDispatcher();
    const phone = `(305) 555-${String(1000 + Math.floor(Math.random() * 8000))}`;
    const first = await fixture.post(eligibleLead({ phone }));
    await fixture.waitUntilSettled();
    const now = Date.now();
    const oldest = now - 3 * HOUR;
    for (const at of [oldest, now - 2 * HOUR, now - HOUR]) {
      expect(await attempt(first.body.id, at)).toEqual({
        status: 200,
        body: {
          type: "lead.call_attempted",
          lead_id: first.body.id,
          phone: `+1${phone.replace(/\D/g, "")}`,
          handoffs_cancelled: 0,
        },
      });
    }
    const rows = await fixture.db.query<{ n: number }>(
      "select count(*)::int as n from call_attempts where account_id = $1",
      [fixture.accountId],
    );
    expect(rows[0]!.n).toBe(3);

    // A new lead of the same number, from the same account.
    const again = await fixture.post(eligibleLead({ phone }));
    expectCappedWindow(await windowOf(again.body.id), oldest, "US-FL");
  });

  it("two attempts do not reach the cap, and a California number has none", async () => {
    fixture.startDispatcher();
    const florida = await fixture.post(eligibleLead({ phone: "(305) 555-0911" }));
    const california = await fixture.post(eligibleLead({ phone: "(415) 555-0911" }));
    await fixture.waitUntilSettled();
    for (const lead of [florida, california]) {
      for (const hoursAgo of [1, 2, ...(lead === california ? [3, 4] : [])]) {
        expect((await attempt(lead.body.id, Date.now() - hoursAgo * HOUR)).status).toBe(200);
      }
    }
    for (const phone of ["(305) 555-0911", "(415) 555-0911"]) {
      const again = await fixture.post(eligibleLead({ phone }));
      const window = await windowOf(again.body.id);
      expect(window.rules_applied.filter((rule) => rule.kind === "cap")).toEqual([]);
    }
  });

  it("refuses an attempt without its time or from the future, 422 with the field", async () => {
    const lead = await fixture.post(eligibleLead({ phone: "(305) 555-0912" }));
    for (const at of [undefined, Date.now() + HOUR, "yesterday"]) {
      const refused = await attempt(lead.body.id, at);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: "/data/attempted_at" })]);
    }
  });
});
