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
    const states = "FL OK MD WA CT TX RI AL LA MS UT PA KY MI MN NM NV MA SD ME".split(" ");
    expect(CALLING_RULES.map((rule) => rule.jurisdiction).sort()).toEqual(
      ["US", ...states.map((state) => `US-${state}`)].sort(),
    );
  });

  it("gives every row a source, the date it was read and hours that make sense", () => {
    for (const rule of CALLING_RULES) {
      expect(rule.source.length, rule.jurisdiction).toBeGreaterThan(10);
      expect(["2026-11-25", "2026-11-28"], rule.jurisdiction).toContain(rule.checked);
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

  it("caps Florida, Oklahoma and Maryland at 3 calls in 24 hours, Maine at 1 in 8, and no one else", () => {
    const caps = Object.fromEntries(
      CALLING_RULES.filter((rule) => rule.callCap).map((rule) => [rule.jurisdiction, rule.callCap]),
    );
    const three = { calls: 3, hours: 24 };
    expect(caps).toEqual({ "US-FL": three, "US-MD": three, "US-OK": three, "US-ME": { calls: 1, hours: 8 } });
  });

  it("says why a row may not bind (Utah: consent to the named seller exempts the call)", () => {
    const exempt = CALLING_RULES.filter((rule) => rule.exemptWhen);
    expect(exempt.map((rule) => [rule.jurisdiction, rule.exemptWhen])).toEqual([["US-UT", "seller_named"]]);
    expect(exempt[0]!.note).toMatch(/sellers names the account/);
  });

  it("reads the statutes checked on 2026-11-28 as the stricter rows", () => {
    const row = (state: string) => CALLING_RULES.find((rule) => rule.jurisdiction === `US-${state}`)!;
    expect(row("PA").hours.sat).toEqual({ start: "08:00", end: "12:00" });
    expect(row("PA").source).toContain("44 P.S. § 11");
    expect(row("SD").hours).toMatchObject({ mon: { start: "09:00", end: "21:00" }, sat: null, sun: null });
    expect(row("SD").source).toContain("SDCL 37-30-28");
    expect(row("ME").hours).toMatchObject({ fri: { start: "09:00", end: "17:00" }, sat: null, sun: null });
    expect(row("ME").source).toContain("10 M.R.S. § 1498(3)");
    expect(row("OK").hours.mon).toEqual({ start: "09:00", end: "20:00" });
    expect(row("OK").source).toContain("15 O.S. § 755.1(C)(2)");
    expect(row("WA").source).toMatch(/^RCW 19\.158\.040\(2\)/);
    expect(row("MD").source).toContain("Com. Law § 14-4502");
    for (const state of ["PA", "SD", "ME", "OK", "UT", "WA", "MD"])
      expect(row(state).checked).toBe("2026-11-28");
  });

  it("refuses Sundays where the states say so, and keeps Texas's Sunday afternoon", () => {
    const sundayless = CALLING_RULES.filter((rule) => rule.hours.sun === null).map(
      (rule) => rule.jurisdiction,
    );
    expect(sundayless.sort()).toEqual(["US-AL", "US-LA", "US-ME", "US-MS", "US-RI", "US-SD", "US-UT"]);
    expect(CALLING_RULES.find((rule) => rule.jurisdiction === "US-TX")!.hours.sun).toEqual({
      start: "12:00",
      end: "21:00",
    });
  });
});
