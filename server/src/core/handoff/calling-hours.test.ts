import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../testing/property-runs.ts";
import { localMinutes } from "../../testing/zone-clock.ts";
import { areaCodeTable } from "./area-codes.ts";
import type { CallPlace } from "./call-location.ts";
import { formatClockTime, parseClockTime, callWindow as windowOrNone } from "./calling-hours.ts";

const HOURS = { start: 8 * 60, end: 20 * 60 };
const at = (iso: string) => Date.parse(iso);
const one = (zone: string): CallPlace[] => [{ source: "timezone", value: zone, zones: [zone], states: [] }];
const callWindow = (...args: Parameters<typeof windowOrNone>) => windowOrNone(...args)!;

describe("callWindow", () => {
  it("inside the window: from now to today's 20:00 local", () => {
    const window = callWindow(at("2026-07-01T23:30:00Z"), one("America/New_York"), HOURS); // 19:30 EDT
    expect(window.earliest).toBe("2026-07-01T23:30:00.000Z");
    expect(window.latest).toBe("2026-07-02T00:00:00.000Z");
    expect(window).toMatchObject({
      time_zones: ["America/New_York"],
      local_start: "08:00",
      local_end: "20:00",
    });
  });

  it("before 08:00: from today's 08:00", () => {
    const window = callWindow(at("2026-07-01T10:00:00Z"), one("America/New_York"), HOURS); // 06:00 EDT
    expect(window.earliest).toBe("2026-07-01T12:00:00.000Z");
    expect(window.latest).toBe("2026-07-02T00:00:00.000Z");
  });

  it("after 20:00: from tomorrow's 08:00", () => {
    const window = callWindow(at("2026-07-02T01:00:00Z"), one("America/New_York"), HOURS); // 21:00 EDT
    expect(window.earliest).toBe("2026-07-02T12:00:00.000Z");
    expect(window.latest).toBe("2026-07-03T00:00:00.000Z");
  });

  it("exactly 20:00 is closed", () => {
    const window = callWindow(at("2026-07-02T00:00:00Z"), one("America/New_York"), HOURS);
    expect(window.earliest).toBe("2026-07-02T12:00:00.000Z");
  });

  it("follows standard time in winter and the DST change overnight", () => {
    expect(callWindow(at("2026-01-15T05:00:00Z"), one("America/New_York"), HOURS).earliest).toBe(
      "2026-01-15T13:00:00.000Z",
    );
    // 2026-03-08 is the US spring-forward day: 08:00 that morning is already EDT.
    const window = callWindow(at("2026-03-08T05:00:00Z"), one("America/New_York"), HOURS);
    expect(window.earliest).toBe("2026-03-08T12:00:00.000Z");
    expect(window.latest).toBe("2026-03-09T00:00:00.000Z");
  });

  it("an area code spanning two zones gets the narrowest common window", () => {
    // 13:30Z in July: 08:30 in Chicago, 07:30 in Denver.
    const window = callWindow(
      at("2026-07-01T13:30:00Z"),
      [{ source: "area_code", value: "701", zones: ["America/Chicago", "America/Denver"], states: ["ND"] }],
      HOURS,
    );
    expect(window.earliest).toBe("2026-07-01T14:00:00.000Z"); // 08:00 in Denver
    expect(window.latest).toBe("2026-07-02T01:00:00.000Z"); // 20:00 in Chicago
    expect(window.time_zones).toEqual(["America/Chicago", "America/Denver"]);
  });

  it("uses configured hours", () => {
    const window = callWindow(at("2026-07-01T12:00:00Z"), one("America/Los_Angeles"), {
      start: 540,
      end: 1260,
    });
    expect(window.earliest).toBe("2026-07-01T16:00:00.000Z"); // 09:00 PDT
    expect(window.latest).toBe("2026-07-02T04:00:00.000Z"); // 21:00 PDT
    expect(window.local_start).toBe("09:00");
  });

  it("for any instant and any zone set of the table: a window now or next, inside calling hours everywhere", () => {
    const zoneSets = [...new Set([...areaCodeTable().values()])];
    const instants = fc.integer({ min: at("2025-01-01T00:00:00Z"), max: at("2028-12-31T00:00:00Z") });
    fc.assert(
      fc.property(instants, fc.constantFrom(...zoneSets), (now, zones) => {
        const window = callWindow(now, [{ source: "area_code", value: "", zones, states: [] }], HOURS);
        const earliest = Date.parse(window.earliest);
        const latest = Date.parse(window.latest);
        expect(earliest).toBeGreaterThanOrEqual(now);
        expect(latest).toBeGreaterThan(earliest);
        // The next window opens within a day and a bit (the longest gap is a night plus a zone shift).
        expect(earliest - now).toBeLessThanOrEqual(26 * 3_600_000);
        for (const zone of zones) {
          expect(localMinutes(earliest, zone)).toBeGreaterThanOrEqual(HOURS.start);
          expect(localMinutes(latest - 60_000, zone)).toBeLessThan(HOURS.end);
        }
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe("clock times", () => {
  it("parses and formats HH:MM", () => {
    expect(parseClockTime("08:00")).toBe(480);
    expect(parseClockTime("24:00")).toBe(1440);
    expect(formatClockTime(1230)).toBe("20:30");
    for (const bad of ["8:00", "25:00", "08:60", "noon", ""]) expect(() => parseClockTime(bad)).toThrow();
  });
});
