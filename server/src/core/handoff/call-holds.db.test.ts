// Holds on PGlite and PostgreSQL: an emergency hold past respond_by answers the lead without its phone, a holiday hold moves it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { addHold, listHolds, removeHold } from "./call-holds.ts";

const farFuture = new Date("2099-01-01T00:00:00Z");

describe.each(BACKENDS)("emergency holds on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(async () => {
    await fixture.reset();
    await fixture.db.query(
      "update call_holds set removed_at = now(), removed_by = 'test' where removed_at is null",
    );
  });
  afterAll(() => fixture?.close());

  const leadState = async (id: string) =>
    (
      await fixture.db.query<{ response_state: string; response_reason: string | null }>(
        "select response_state, response_reason from leads where id = $1",
        [id],
      )
    )[0];

  it("a Louisiana hold past respond_by: a lead with an email gets an email-only hand-off, reason held", async () => {
    const added = await addHold(fixture.db, {
      state: "la",
      startsAt: new Date(Date.now() - 60_000),
      endsAt: farFuture,
      reason: "declared emergency",
      createdBy: "ops",
    });
    expect(added).toMatchObject({
      ok: true,
      hold: { state: "LA", area_codes: ["225", "318", "337", "457", "504", "985"] },
    });
    fixture.startDispatcher();
    const held = await fixture.post(eligibleLead({ phone: "(504) 555-0142", email: "ana@example.com" }));
    const other = await fixture.post(eligibleLead({ phone: "(415) 555-0142" }));
    await fixture.waitUntilSettled();

    const deliveries = fixture.assistant.deliveries;
    const heldPayload = deliveries.find((d) => d.payload.data.lead_id === held.body.id)!.payload.data;
    expect(heldPayload.call).toEqual({ permitted: false, reason: "held" });
    expect(heldPayload.phone).toBeUndefined();
    expect(heldPayload.call_window).toBeUndefined();
    expect(await leadState(held.body.id)).toEqual({ response_state: "handed_off", response_reason: "held" });
    // Elsewhere calls go on.
    const otherPayload = deliveries.find((d) => d.payload.data.lead_id === other.body.id)!.payload.data;
    expect(otherPayload.call).toEqual({ permitted: true });
  });

  it("a lead without an email under a hold is not called, reason held; removing the hold lets the next lead be called", async () => {
    const added = await addHold(fixture.db, {
      areaCodes: ["504"],
      startsAt: new Date(Date.now() - 60_000),
      endsAt: farFuture,
      reason: "storm",
      createdBy: "ops",
    });
    fixture.startDispatcher();
    const held = await fixture.post(eligibleLead({ phone: "(504) 555-0143" }));
    await fixture.waitUntilSettled();
    expect(await leadState(held.body.id)).toEqual({ response_state: "not_called", response_reason: "held" });
    expect(fixture.assistant.deliveries.some((d) => d.payload.data.lead_id === held.body.id)).toBe(false);

    expect(await removeHold(fixture.db, added.ok ? added.hold.id : "", "ops")).toBe(true);
    expect((await listHolds(fixture.db)).map((hold) => hold.reason)).toEqual([]);
    // Dispatchers read the holds at most once a second: a new one reads them now.
    await fixture.reset();
    fixture.startDispatcher();
    const after = await fixture.post(eligibleLead({ phone: "(504) 555-0144" }));
    await fixture.waitUntilSettled();
    const payload = fixture.assistant.deliveries.find(
      (d) => d.payload.data.lead_id === after.body.id,
    )!.payload;
    expect(payload.data.call).toEqual({ permitted: true });
  });

  it("a holiday hold in force past respond_by never answers a lead without its phone: the window moves past it", async () => {
    // 30 hours from now covers the next permitted start of a California number (every day, 08:00–20:00 local),
    // whatever the day: the hold is what moves the window.
    const endsAt = new Date(Date.now() + 30 * 3_600_000);
    const added = await addHold(fixture.db, {
      kind: "holiday",
      areaCodes: ["619"],
      startsAt: new Date(Date.now() - 60_000),
      endsAt,
      reason: "governor's proclamation",
      createdBy: "ops",
    });
    expect(added).toMatchObject({ ok: true, hold: { kind: "holiday", area_codes: ["619"] } });
    fixture.startDispatcher();
    const lead = await fixture.post(eligibleLead({ phone: "(619) 555-0146" }));
    await fixture.waitUntilSettled();
    const data = fixture.assistant.deliveries.find((d) => d.payload.data.lead_id === lead.body.id)!.payload
      .data;
    expect([data.call, data.phone]).toEqual([{ permitted: true }, "+16195550146"]);
    expect(Date.parse(data.call_window!.earliest)).toBeGreaterThanOrEqual(endsAt.getTime());
    expect(data.call_window!.rules_applied).toContainEqual(
      expect.objectContaining({
        kind: "hold",
        name: "Holiday by proclamation (area codes 619)",
        until: endsAt.toISOString(),
      }),
    );
    expect((await leadState(lead.body.id))!.response_reason).toBeNull();
  });

  it("a hold that is not in force yet only cuts or moves the window, and rules_applied names it", async () => {
    const startsAt = new Date(Date.now() + 60_000);
    await addHold(fixture.db, {
      areaCodes: ["504"],
      startsAt,
      endsAt: farFuture,
      reason: "forecast",
      createdBy: "ops",
    });
    fixture.startDispatcher();
    const lead = await fixture.post(eligibleLead({ phone: "(504) 555-0145" }));
    await fixture.waitUntilSettled();
    const window = fixture.assistant.deliveries.find((d) => d.payload.data.lead_id === lead.body.id)!.payload
      .data.call_window!;
    // Cut at the hold's start when Louisiana's hours are open now; otherwise moved past its end.
    const cut = Date.parse(window.latest) === startsAt.getTime();
    const moved = Date.parse(window.earliest) >= farFuture.getTime();
    expect(cut || moved, JSON.stringify(window)).toBe(true);
    expect(window.rules_applied).toContainEqual(
      expect.objectContaining({ kind: "hold", source: "forecast", until: farFuture.toISOString() }),
    );
  });

  it("refuses a state it has no area codes for, bad codes and an empty period", async () => {
    const base = { startsAt: new Date(), endsAt: farFuture, reason: "x", createdBy: "ops" };
    expect(await addHold(fixture.db, { ...base, state: "ZZ" })).toEqual({ ok: false, code: "state_unknown" });
    expect(await addHold(fixture.db, { ...base, areaCodes: ["04"] })).toEqual({
      ok: false,
      code: "area_code_invalid",
    });
    expect(await addHold(fixture.db, { ...base, state: "LA", endsAt: base.startsAt })).toEqual({
      ok: false,
      code: "period_invalid",
    });
    expect(await removeHold(fixture.db, "not-an-id", "ops")).toBe(false);
  });
});
