// The call window against the spec's calling-rules table: a case per state, and properties across DST changes.
import { CALLING_RULES, type CallingRule, holidayCalendar, WEEKDAYS } from "@speed-to-lead/spec";
import { US_AREA_CODES, US_TERRITORY_AREA_CODES } from "@speed-to-lead/tests/arbitraries/nanp-phone";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROPERTY_RUNS } from "../../testing/property-runs.ts";
import { instantNearDst, US_ZONES } from "../../testing/zone-clock.ts";
import { geographicAreaCodes } from "../nanpa-area-codes.ts";
import { decideCall, placesAndRules } from "./call-decision.ts";
import { type CallingHours, callWindow, parseClockTime } from "./calling-hours.ts";
import { holidayOn } from "./holidays.ts";
import { buildPayload } from "./payload.ts";

const ACCOUNT_HOURS = { start: 0, end: 24 * 60 };
const at = (iso: string) => Date.parse(iso);

/** Wall clock of an instant in a zone: weekday and minutes after midnight. */
function wallClock(instant: number, zone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    weekday: "short",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    weekday: part("weekday").toLowerCase().slice(0, 3) as (typeof WEEKDAYS)[number],
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
    date: { year: Number(part("year")), month: Number(part("month")), day: Number(part("day")) },
  };
}

/** The oracle: may a call start at this instant, in every zone, under every rule and the account's hours? */
function permitted(
  instant: number,
  zones: readonly string[],
  rules: readonly CallingRule[],
  hours: CallingHours,
) {
  return zones.every((zone) => {
    const { weekday, minutes, date } = wallClock(instant, zone);
    if (minutes < hours.start || minutes >= hours.end) return false;
    return rules.every((rule) => {
      const allowed = rule.hours[weekday];
      if (rule.noCallHolidays.some((id) => holidayOn(holidayCalendar(id)!, date))) return false;
      return !!allowed && minutes >= parseClockTime(allowed.start) && minutes < parseClockTime(allowed.end);
    });
  });
}

/** The jurisdictions whose hours rules_applied lists, in order. */
const hourRules = (window: NonNullable<ReturnType<typeof callWindow>>) =>
  window.rules_applied.filter((rule) => rule.kind === "hours").map((rule) => rule.jurisdiction);

const ACCOUNT = { name: "Acme Realty", callsUnknownLocations: false };

/** The places and rules of a lead with this phone and zone, as the decision finds them. */
const planFor = (phone: string, timezone: string | null = null) =>
  placesAndRules({ phone, timezone, state: null, postal_code: null, consent: null }, ACCOUNT);

function windowFor(phone: string, now: number, timezone: string | null = null, hours = ACCOUNT_HOURS) {
  const { places, rules } = planFor(phone, timezone);
  const window = callWindow(now, places, hours, rules);
  return {
    window: window!,
    found: window,
    rules,
    zones: [...new Set(places.flatMap((place) => place.zones))],
  };
}

describe("the calling-rules table", () => {
  it("has one row per jurisdiction, each with a source, a checked date and valid hours", () => {
    expect(new Set(CALLING_RULES.map((rule) => rule.jurisdiction)).size).toBe(CALLING_RULES.length);
    for (const rule of CALLING_RULES) {
      expect(rule.source.length).toBeGreaterThan(10);
      expect(rule.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const day of WEEKDAYS) {
        const hours = rule.hours[day];
        if (hours) expect(parseClockTime(hours.start)).toBeLessThan(parseClockTime(hours.end));
      }
    }
  });
});

// 2026-07-01 is a Wednesday, 2026-07-05 a Sunday; all in daylight saving time.
const STATE_CASES = [
  {
    state: "federal only (California)",
    phone: "+14155550142",
    zone: "America/Los_Angeles",
    open: "08:00",
    close: "21:00",
    rules: ["US"],
  },
  {
    state: "Florida",
    phone: "+13055550142",
    zone: "America/New_York",
    open: "08:00",
    close: "20:00",
    rules: ["US", "US-FL"],
  },
  {
    state: "Oklahoma",
    phone: "+14055550142",
    zone: "America/Chicago",
    open: "09:00",
    close: "20:00",
    rules: ["US", "US-OK"],
  },
  {
    state: "Maryland",
    phone: "+14105550142",
    zone: "America/New_York",
    open: "08:00",
    close: "20:00",
    rules: ["US", "US-MD"],
  },
  {
    state: "Washington",
    phone: "+12065550142",
    zone: "America/Los_Angeles",
    open: "08:00",
    close: "20:00",
    rules: ["US", "US-WA"],
  },
  {
    state: "Connecticut",
    phone: "+12035550142",
    zone: "America/New_York",
    open: "09:00",
    close: "20:00",
    rules: ["US", "US-CT"],
  },
  {
    state: "Texas on a weekday",
    phone: "+12145550142",
    zone: "America/Chicago",
    open: "09:00",
    close: "21:00",
    rules: ["US", "US-TX"],
  },
  {
    state: "Texas on a Sunday",
    phone: "+12145550142",
    zone: "America/Chicago",
    open: "12:00",
    close: "21:00",
    rules: ["US", "US-TX"],
    sunday: true,
  },
];

describe.each(STATE_CASES)("$state", ({ phone, zone, open, close, rules, sunday }) => {
  const day = sunday ? "2026-07-05" : "2026-07-01";
  /** The instant the zone's clocks show `clock` on the case's day. */
  const localInstant = (clock: string) => {
    const minutes = parseClockTime(clock);
    const guess = at(`${day}T00:00:00Z`) + minutes * 60_000;
    const offset = wallClock(guess, zone).minutes - minutes;
    const dayShift = offset > 12 * 60 ? -24 * 60 : offset < -12 * 60 ? 24 * 60 : 0;
    return guess - (offset + dayShift) * 60_000;
  };

  it(`before ${open} local: the window opens at ${open} and closes at ${close}`, () => {
    const { window } = windowFor(phone, localInstant("06:30"));
    expect(window.earliest).toBe(new Date(localInstant(open)).toISOString());
    expect(window.latest).toBe(new Date(localInstant(close)).toISOString());
    expect(hourRules(window)).toEqual(rules);
  });

  it(`inside: from now until ${close}`, () => {
    const now = localInstant(open) + 30 * 60_000;
    const { window } = windowFor(phone, now);
    expect(window.earliest).toBe(new Date(now).toISOString());
    expect(window.latest).toBe(new Date(localInstant(close)).toISOString());
  });

  it(`at ${close} local: the next day's window`, () => {
    const { window } = windowFor(phone, localInstant(close));
    expect(Date.parse(window.earliest)).toBeGreaterThan(localInstant(close) + 10 * 3_600_000);
  });
});

describe("Texas day-of-week rules", () => {
  it("Saturday 21:30 in Dallas: the next window is Sunday 12:00–21:00, not 09:00", () => {
    const { window } = windowFor("+12145550142", at("2026-07-05T02:30:00Z")); // Sat 21:30 CDT
    expect(window.earliest).toBe("2026-07-05T17:00:00.000Z"); // Sun 12:00 CDT
    expect(window.latest).toBe("2026-07-06T02:00:00.000Z"); // Sun 21:00 CDT
    expect(window.rules_applied).toContainEqual(
      expect.objectContaining({ jurisdiction: "US-TX", local_start: "12:00", local_end: "21:00" }),
    );
  });

  it("the account's hours only narrow: 08:00–20:00 in Texas on a Sunday gives 12:00–20:00", () => {
    const { window } = windowFor("+12145550142", at("2026-07-05T14:00:00Z"), null, { start: 480, end: 1200 });
    expect([window.earliest, window.latest]).toEqual([
      "2026-07-05T17:00:00.000Z",
      "2026-07-06T01:00:00.000Z",
    ]);
  });

  it("El Paso (915) follows Texas's rule in Mountain time and, as NANPA zones the code, Central", () => {
    const { window, zones } = windowFor("+19155550142", at("2026-07-05T12:00:00Z")); // Sun 06:00 MDT
    expect(zones).toEqual(["America/Chicago", "America/Denver"]);
    expect(window.earliest).toBe("2026-07-05T18:00:00.000Z"); // Sun 12:00 MDT, the later of the two noons
  });
});

// Instants near the US DST changes of 2026 and 2027, and anywhere in between.
const instant = instantNearDst();
const phone = fc
  .tuple(
    fc.constantFrom(...US_AREA_CODES, ...US_TERRITORY_AREA_CODES, ...geographicAreaCodes()),
    fc.integer({ min: 2_000_000, max: 9_999_999 }),
  )
  .map(([code, line]) => `+1${code}${line}`);
const timezone = fc.option(fc.constantFrom(...US_ZONES), { freq: 2 });
/**
 * Account hours the configuration accepts, overlapping the narrowest rules (Saturday 08:00–12:00 in
 * Pennsylvania, Sunday 12:00–21:00 in Texas) by two hours or more.
 */
const accountHours = fc
  .tuple(fc.integer({ min: 0, max: 10 * 60 }), fc.integer({ min: 14 * 60, max: 24 * 60 }))
  .map(([start, end]) => ({ start, end }));

describe("the window obeys every applicable rule (property, across DST changes)", () => {
  it("is permitted from its first to its last minute, is the first such interval from now, and is maximal", () => {
    fc.assert(
      fc.property(phone, timezone, instant, accountHours, (e164, zone, now, hours) => {
        const { window, found, zones, rules } = windowFor(e164, now, zone, hours);
        if (!found) {
          // No common hour: none within the week the window looks at (sampled every 15 minutes).
          for (let t = now; t < now + 7 * 86_400_000; t += 15 * 60_000)
            expect(permitted(t, zones, rules, hours)).toBe(false);
          return;
        }
        const earliest = Date.parse(window.earliest);
        const latest = Date.parse(window.latest);
        expect(earliest).toBeGreaterThanOrEqual(now);
        expect(latest).toBeGreaterThan(earliest);
        expect(hourRules(window)).toEqual(rules.map((r) => r.jurisdiction));
        // Never starts before or ends after any rule, in any zone of the lead.
        expect(permitted(earliest, zones, rules, hours)).toBe(true);
        expect(permitted(latest - 60_000, zones, rules, hours)).toBe(true);
        // Nothing permitted was skipped before it, and it runs until the rules stop it.
        if (earliest > now) expect(permitted(earliest - 60_000, zones, rules, hours)).toBe(false);
        expect(permitted(latest, zones, rules, hours)).toBe(false);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("every minute inside the window is permitted (sampled)", () => {
    fc.assert(
      fc.property(
        phone,
        timezone,
        instant,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (e164, zone, now, where) => {
          const { window, found, zones, rules } = windowFor(e164, now, zone);
          if (!found) return;
          const earliest = Date.parse(window.earliest);
          const latest = Date.parse(window.latest);
          const inside = earliest + Math.floor(((latest - earliest) * where) / 60_000) * 60_000;
          if (inside < latest) expect(permitted(inside, zones, rules, ACCOUNT_HOURS)).toBe(true);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});

describe("the hand-off payload", () => {
  it("carries the window under the lead's rules and says which applied, keeping the earlier fields", async () => {
    const task = {
      task_id: "t1",
      attempts: 1,
      lead_id: "l1",
      account_id: "a1",
      account_slug: "acme",
      phone: "+12035550142",
      first_name: null,
      last_name: null,
      language: null,
      timezone: null,
      state: null,
      postal_code: null,
      property_ref: null,
      price: null,
      source: "form",
      context: null,
      consent: { source: "webform", reference: "r", captured_at: "2026-07-01T12:00:00Z" },
      test: false,
      received_at: "2026-07-01T12:00:00Z",
      respond_by: "2026-07-01T12:05:00Z",
      response_no: 1,
      email: null,
      response_reason: null,
    };
    // 08:30 in Connecticut: the federal rule would allow it, Connecticut's starts at 09:00.
    const decision = await decideCall(task, at("2026-07-01T12:30:00Z"), {
      account: ACCOUNT,
      callingHours: { start: 480, end: 1200 },
      holds: [],
      attemptsSince: async () => [],
    });
    const payload = buildPayload(task, decision, "0193f0c2-6a10-7b2c-8d4e-5f6a7b8c9d0e");
    expect(payload.data.call_window).toMatchObject({
      earliest: "2026-07-01T13:00:00.000Z",
      latest: "2026-07-02T00:00:00.000Z",
      time_zones: ["America/New_York"],
      time_zone_source: "area_code",
      local_start: "08:00",
      local_end: "20:00",
    });
    expect(payload.data.call_window?.rules_applied).toEqual([
      expect.objectContaining({ jurisdiction: "US", local_start: "08:00", local_end: "21:00" }),
      expect.objectContaining({ jurisdiction: "US-CT", local_start: "09:00", local_end: "20:00" }),
      expect.objectContaining({ kind: "place", place: "area_code", name: "203", decided: ["start", "end"] }),
    ]);
  });
});
