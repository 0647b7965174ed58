// Numbers nothing places, through the real intake, dispatcher and database: held back, or called when the account says so.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../testing/eventually.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";

describe.each(BACKENDS)("unknown places on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(async () => {
    await fixture.reset();
    await setCallsUnknown(false);
  });
  afterAll(() => fixture?.close());

  const setCallsUnknown = (calls: boolean) =>
    fixture.db.query("update accounts set call_unknown_locations = $2 where id = $1", [
      fixture.accountId,
      calls,
    ]);
  const leadState = async (id: string) =>
    (
      await fixture.db.query<{ response_state: string; response_reason: string | null }>(
        "select response_state, response_reason from leads where id = $1",
        [id],
      )
    )[0];

  it("an 800 number with no state or ZIP is answered without its phone: email-only, or not called", async () => {
    const { post, assistant, startDispatcher } = fixture;
    startDispatcher();
    const withEmail = await post(eligibleLead({ phone: "(800) 555-0199", email: "ana@example.com" }));
    const withoutEmail = await post(eligibleLead({ phone: "(888) 555-0199" }));
    expect([withEmail.status, withoutEmail.status]).toEqual([201, 201]);
    await assistant.waitUntil(() => assistant.deliveries.length === 1, "the email-only hand-off");
    const { data } = assistant.deliveries[0]!.payload;
    expect(data.call).toEqual({ permitted: false, reason: "location_unknown" });
    expect([data.phone, data.call_window]).toEqual([undefined, undefined]);
    await fixture.waitUntilSettled();
    expect(await leadState(withEmail.body.id)).toEqual({
      response_state: "handed_off",
      response_reason: "location_unknown",
    });
    const refused = await eventually(
      () => leadState(withoutEmail.body.id),
      (lead) => lead?.response_state === "not_called",
    );
    expect(refused).toEqual({ response_state: "not_called", response_reason: "location_unknown" });
    expect(assistant.deliveries).toHaveLength(1);
  });

  it("an 800 number with a state is called under that state's rules", async () => {
    const { post, assistant, startDispatcher } = fixture;
    startDispatcher();
    await post(eligibleLead({ phone: "(800) 555-0198", state: "TX" }));
    await assistant.waitUntil(() => assistant.deliveries.length === 1, "the call hand-off");
    const { data } = assistant.deliveries[0]!.payload;
    expect(data.call).toEqual({ permitted: true });
    expect(data.state).toBe("TX");
    expect(
      data
        .call_window!.rules_applied.filter((rule) => rule.kind === "hours")
        .map((rule) => rule.jurisdiction),
    ).toEqual(["US", "US-TX"]);
  });

  it("an account that calls such numbers gets the window of every contiguous zone and state", async () => {
    await setCallsUnknown(true);
    const { post, assistant, startDispatcher } = fixture;
    startDispatcher();
    await post(eligibleLead({ phone: "(800) 555-0197" }));
    await assistant.waitUntil(() => assistant.deliveries.length === 1, "the call hand-off");
    const window = assistant.deliveries[0]!.payload.data.call_window!;
    expect(window.time_zone_source).toBe("contiguous_us");
    expect(window.time_zones).toEqual(
      expect.arrayContaining([
        "America/New_York",
        "America/Chicago",
        "America/Denver",
        "America/Los_Angeles",
      ]),
    );
    // Monday to Friday 13:00–17:00 in New York, whatever today is.
    const hours = (iso: string) =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        weekday: "short",
      }).format(new Date(iso));
    expect(hours(window.latest)).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 17:00$/);
  });
});
