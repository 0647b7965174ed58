// The calling-rules table as data: every named state, a source and date per row, holidays and caps that resolve.
import { describe, expect, it } from "vitest";
import { CALLING_RULES, WEEKDAYS } from "./calling-rules.ts";
import { HOLIDAY_CALENDARS } from "./holiday-calendars.ts";

const clock = (value: string) => {
  const [hours, minutes] = value.split(":").map(Number);
  return hours! * 60 + minutes!;
};

describe("the calling-rules table", () => {
  it("has a row for the federal rule and every state with a stricter rule, once each", () => {
    const states = "FL OK MD WA CT TX RI AL LA MS UT PA KY MI MN NM NV MA".split(" ");
    expect(CALLING_RULES.map((rule) => rule.jurisdiction).sort()).toEqual(
      ["US", ...states.map((state) => `US-${state}`)].sort(),
    );
  });

  it("gives every row a source, the date it was read and hours that make sense", () => {
    for (const rule of CALLING_RULES) {
      expect(rule.source.length, rule.jurisdiction).toBeGreaterThan(10);
      expect(rule.checked, rule.jurisdiction).toBe("2026-11-25");
      for (const day of WEEKDAYS) {
        const hours = rule.hours[day];
        if (hours) expect(clock(hours.start), `${rule.jurisdiction} ${day}`).toBeLessThan(clock(hours.end));
      }
    }
  });

  it("names only holiday calendars that exist, and every calendar is used", () => {
    const ids = new Set(HOLIDAY_CALENDARS.map((calendar) => calendar.id));
    const used = new Set(CALLING_RULES.flatMap((rule) => rule.noCallHolidays));
    for (const id of used) expect(ids.has(id), id).toBe(true);
    expect([...ids].sort()).toEqual([...used].sort());
  });

  it("caps Florida, Oklahoma and Maryland at 3 calls in a rolling 24 hours, and no one else", () => {
    const capped = CALLING_RULES.filter((rule) => rule.callCap).map((rule) => rule.jurisdiction);
    expect(capped.sort()).toEqual(["US-FL", "US-MD", "US-OK"]);
    for (const rule of CALLING_RULES) if (rule.callCap) expect(rule.callCap).toEqual({ calls: 3, hours: 24 });
  });

  it("says why a row does not narrow (Utah: consented calls are exempt)", () => {
    const exempt = CALLING_RULES.filter((rule) => !rule.bindsConsentedCalls);
    expect(exempt.map((rule) => rule.jurisdiction)).toEqual(["US-UT"]);
    expect(exempt[0]!.note).toMatch(/prior express consent/);
  });

  it("refuses Sundays where the states say so, and keeps Texas's Sunday afternoon", () => {
    const sundayless = CALLING_RULES.filter((rule) => rule.hours.sun === null).map(
      (rule) => rule.jurisdiction,
    );
    expect(sundayless.sort()).toEqual(["US-AL", "US-LA", "US-MS", "US-RI", "US-UT"]);
    expect(CALLING_RULES.find((rule) => rule.jurisdiction === "US-TX")!.hours.sun).toEqual({
      start: "12:00",
      end: "21:00",
    });
  });
});
