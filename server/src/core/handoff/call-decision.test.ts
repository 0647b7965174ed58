// The call decision as one value: location from every source (the stricter of them), unknown places, refusals, caps
// and holds, and the property that no window opens before 08:00 or closes after 21:00 anywhere the person may be.
import { US_STATE_CODES } from "@speed-to-lead/spec";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROPERTY_RUNS } from "../../testing/property-runs.ts";
import { instantNearDst, localMinutes, US_ZONES } from "../../testing/zone-clock.ts";
import { geographicAreaCodes } from "../nanpa-area-codes.ts";
import { type CallDecision, type DecisionContext, type DecisionLead, decideCall } from "./call-decision.ts";
import type { CallHold } from "./call-holds.ts";

const at = (iso: string) => Date.parse(iso);
const HOURS = { start: 8 * 60, end: 20 * 60 };
const CONSENT = { source: "webform", reference: "r", captured_at: "2026-11-01T00:00:00Z" };

function leadOf(fields: Partial<DecisionLead>): DecisionLead {
  return {
    phone: null,
    timezone: null,
    state: null,
    postal_code: null,
    test: false,
    consent: CONSENT,
    response_reason: null,
    respond_by: "2030-01-01T00:00:00Z",
    ...fields,
  };
}

function contextOf(overrides: Partial<DecisionContext> = {}): DecisionContext {
  return {
    account: { name: "Acme Realty", callsUnknownLocations: false },
    callingHours: HOURS,
    holds: [],
    attemptsSince: async () => [],
    ...overrides,
  };
}

const decide = (fields: Partial<DecisionLead>, now: string, context?: Partial<DecisionContext>) =>
  decideCall(leadOf(fields), at(now), contextOf(context));

const span = (decision: CallDecision) => [decision.call_window?.earliest, decision.call_window?.latest];
const placeRows = (decision: CallDecision) =>
  decision
    .call_window!.rules_applied.filter((rule) => rule.kind === "place")
    .map((rule) => [rule.place, rule.name, rule.decided]);

describe("location from every source: the window is the hours permitted in every place", () => {
  it("UTC on a Miami number: 08:00 UTC is 03:00 in Miami, so Miami's 08:00 opens it and UTC's 20:00 ends it", async () => {
    const decision = await decide({ phone: "+13055550123", timezone: "UTC" }, "2026-11-25T06:00:00Z");
    expect(decision.call).toEqual({ permitted: true });
    expect(span(decision)).toEqual(["2026-11-25T13:00:00.000Z", "2026-11-25T20:00:00.000Z"]);
    expect(decision.call_window!.time_zone_source).toBe("area_code");
    expect(placeRows(decision)).toEqual([
      ["area_code", "305", ["start"]],
      ["timezone", "UTC", ["end"]],
    ]);
    expect(decision.rules).toEqual(["US", "US-FL"]);
  });

  it("Asia/Kolkata on a New York number: the 90 minutes both allow", async () => {
    const decision = await decide(
      { phone: "+12125550123", timezone: "Asia/Kolkata" },
      "2026-11-25T06:00:00Z",
    );
    // New York 08:00 EST = 13:00Z; Kolkata 20:00 IST = 14:30Z.
    expect(span(decision)).toEqual(["2026-11-25T13:00:00.000Z", "2026-11-25T14:30:00.000Z"]);
  });

  it("a state the area code does not lie in narrows too, with its own rules (305 and California)", async () => {
    const decision = await decide({ phone: "+13055550123", state: "CA" }, "2026-11-25T06:00:00Z");
    // 08:00 in Los Angeles (16:00Z) to 20:00 in Miami (01:00Z).
    expect(span(decision)).toEqual(["2026-11-25T16:00:00.000Z", "2026-11-26T01:00:00.000Z"]);
    expect(decision.places.map((place) => [place.source, place.states])).toEqual([
      ["area_code", ["FL"]],
      ["state", ["CA"]],
    ]);
    expect(decision.call_window!.time_zone_source).toBe("state");
  });

  it("a ZIP places the person in its state and zone (19104, Philadelphia: Pennsylvania's Saturday)", async () => {
    // A Los Angeles number, a Philadelphia ZIP, Saturday 2026-11-28 09:00 PST (12:00 EST).
    const decision = await decide({ phone: "+12135550123", postal_code: "19104" }, "2026-11-28T17:00:00Z");
    expect(decision.rules).toEqual(["US", "US-PA"]);
    // Pennsylvania's Saturday ended at 12:00 EST; Sunday opens at 08:00 PST (16:00Z), closes 20:00 EST (01:00Z).
    expect(span(decision)).toEqual(["2026-11-29T16:00:00.000Z", "2026-11-30T01:00:00.000Z"]);
    expect(decision.places[1]).toMatchObject({
      source: "postal_code",
      value: "19104",
      zones: ["America/New_York"],
      states: ["PA"],
    });
  });

  it("a ZIP the data set does not know places nothing and narrows nothing", async () => {
    const decision = await decide({ phone: "+12135550123", postal_code: "00000" }, "2026-11-25T06:00:00Z");
    expect(decision.places.map((place) => place.source)).toEqual(["area_code"]);
  });

  it("places that share no hour in a week: refused no_common_hours (Maine's weekdays 09–17 in Tokyo and Maine)", async () => {
    const decision = await decide({ phone: "+12075550123", timezone: "Asia/Tokyo" }, "2026-11-25T06:00:00Z");
    expect(decision.call).toEqual({ permitted: false, reason: "no_common_hours" });
    expect(decision.call_window).toBeNull();
  });
});

describe("unknown places are held back, not guessed", () => {
  it("an 800 number with no state or ZIP: location_unknown, even with a stated zone", async () => {
    for (const timezone of [null, "America/New_York"]) {
      const decision = await decide({ phone: "+18005550123", timezone }, "2026-11-25T15:00:00Z");
      expect(decision.call).toEqual({ permitted: false, reason: "location_unknown" });
    }
  });

  it("an 800 number with a state: that state's rules and zones", async () => {
    const decision = await decide({ phone: "+18005550123", state: "TX" }, "2026-11-29T15:00:00Z");
    expect(decision.rules).toEqual(["US", "US-TX"]);
    // Sunday in Texas: 12:00 in El Paso (Denver, 19:00Z) to the account's 20:00 in Chicago (02:00Z).
    expect(span(decision)).toEqual(["2026-11-29T19:00:00.000Z", "2026-11-30T02:00:00.000Z"]);
  });

  it("an account that calls such numbers: Monday to Friday 13:00–17:00 Eastern, legal in every contiguous state", async () => {
    const calls = { account: { name: "Acme Realty", callsUnknownLocations: true } };
    const wednesday = await decide({ phone: "+18885550123" }, "2026-11-25T12:00:00Z", calls);
    expect(span(wednesday)).toEqual(["2026-11-25T18:00:00.000Z", "2026-11-25T22:00:00.000Z"]);
    expect(wednesday.places.map((place) => place.source)).toEqual(["contiguous_us"]);
    expect(wednesday.rules.length).toBeGreaterThan(15);
    // Thanksgiving (a federal and several states' holiday) and the weekend are skipped: Monday.
    const thursday = await decide({ phone: "+18885550123" }, "2026-11-26T15:00:00Z", calls);
    expect(span(thursday)).toEqual(["2026-11-27T18:00:00.000Z", "2026-11-27T22:00:00.000Z"]);
    const saturday = await decide({ phone: "+18885550123" }, "2026-11-28T15:00:00Z", calls);
    expect(span(saturday)).toEqual(["2026-11-30T18:00:00.000Z", "2026-11-30T22:00:00.000Z"]);
  });
});

describe("refusals, caps and holds in the one value", () => {
  it("keeps the lead's own reason first", async () => {
    const decision = await decide(
      { phone: "+13055550123", response_reason: "opted_out" },
      "2026-11-25T15:00:00Z",
    );
    expect(decision.call).toEqual({ permitted: false, reason: "opted_out" });
    const noConsent = await decide({ phone: "+18005550123", consent: null }, "2026-11-25T15:00:00Z");
    expect(noConsent.call).toEqual({ permitted: false, reason: "no_consent" });
  });

  it("counts a capped number's attempts and says how many remain", async () => {
    const attempts = [at("2026-11-25T10:00:00Z"), at("2026-11-25T12:00:00Z")];
    const decision = await decide({ phone: "+13055550123" }, "2026-11-25T15:00:00Z", {
      attemptsSince: async () => attempts,
    });
    expect(decision.caps).toEqual([
      {
        jurisdiction: "US-FL",
        calls: 3,
        hours: 24,
        counted: 2,
        remaining: 1,
        until: null,
        next_release: "2026-11-26T10:00:00.000Z",
      },
    ]);
    const reached = await decide({ phone: "+13055550123" }, "2026-11-25T15:00:00Z", {
      attemptsSince: async () => [at("2026-11-25T09:00:00Z"), ...attempts],
    });
    expect(reached.caps[0]).toMatchObject({
      counted: 3,
      remaining: 0,
      until: "2026-11-26T09:00:00.000Z",
      next_release: "2026-11-26T09:00:00.000Z",
    });
    expect(reached.call_window!.earliest).toBe("2026-11-26T13:00:00.000Z");
  });

  it("an emergency hold past respond_by refuses the call (held); a shorter one moves the window", async () => {
    const hold = (ends: string): CallHold => ({
      id: "h1",
      kind: "emergency",
      state: "FL",
      area_codes: ["305"],
      starts_at: new Date("2026-11-25T00:00:00Z"),
      ends_at: new Date(ends),
      reason: "hurricane",
      created_by: "ops",
      created_at: new Date("2026-11-24T00:00:00Z"),
      removed_at: null,
      removed_by: null,
    });
    const lead = { phone: "+13055550123", respond_by: "2026-11-25T15:05:00Z" };
    const held = await decide(lead, "2026-11-25T15:00:00Z", { holds: [hold("2026-11-27T00:00:00Z")] });
    expect(held.call).toEqual({ permitted: false, reason: "held" });
    expect(held.holds).toEqual([expect.objectContaining({ id: "h1", effect: "refuses" })]);
    const moved = await decide(lead, "2026-11-25T15:00:00Z", { holds: [hold("2026-11-25T15:03:00Z")] });
    expect(moved.call_window!.earliest).toBe("2026-11-25T15:03:00.000Z");
    expect(moved.holds[0]!.effect).toBe("moves");
  });
});

const ZONES = [
  ...US_ZONES,
  "UTC",
  "Europe/London",
  "Asia/Kolkata",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Kiritimati",
  "America/Sao_Paulo",
];
const ZIPS = [
  "19104",
  "10001",
  "33101",
  "60601",
  "80202",
  "85001",
  "90210",
  "99501",
  "96813",
  "00601",
  "57701",
];

describe("the window never opens before 08:00 or closes after 21:00 local in any zone the number or fields allow (property)", () => {
  it("holds for any phone, timezone, state and ZIP, across DST changes", async () => {
    const phone = fc
      .tuple(
        fc.constantFrom(...geographicAreaCodes(), "800", "888", "500"),
        fc.integer({ min: 2_000_000, max: 9_999_999 }),
      )
      .map(([code, line]) => `+1${code}${line}`);
    const instant = instantNearDst(2);
    await fc.assert(
      fc.asyncProperty(
        phone,
        fc.option(fc.constantFrom(...ZONES)),
        fc.option(fc.constantFrom(...US_STATE_CODES)),
        fc.option(fc.constantFrom(...ZIPS)),
        fc.boolean(),
        instant,
        async (e164, timezone, state, postal_code, callsUnknownLocations, now) => {
          const decision = await decideCall(
            leadOf({ phone: e164, timezone, state, postal_code }),
            now,
            contextOf({
              account: { name: "Acme Realty", callsUnknownLocations },
              callingHours: { start: 0, end: 1440 },
            }),
          );
          if (!decision.call.permitted) {
            expect(["location_unknown", "no_common_hours"]).toContain(decision.call.reason);
            return;
          }
          const earliest = Date.parse(decision.call_window!.earliest);
          const lastMinute = Date.parse(decision.call_window!.latest) - 60_000;
          expect(earliest).toBeGreaterThanOrEqual(now);
          for (const zone of decision.places.flatMap((place) => place.zones)) {
            expect(localMinutes(earliest, zone), zone).toBeGreaterThanOrEqual(8 * 60);
            expect(localMinutes(lastMinute, zone), zone).toBeLessThan(21 * 60);
            expect(localMinutes(lastMinute, zone), zone).toBeGreaterThanOrEqual(8 * 60);
          }
        },
      ),
      { numRuns: Math.min(PROPERTY_RUNS, 400) },
    );
  }, 120_000);
});
