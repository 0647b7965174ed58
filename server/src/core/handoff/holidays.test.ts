// Each holiday calendar against the official calendars for 2026–2028, dates written out as published, not computed.
import { HOLIDAY_CALENDARS, holidayCalendar } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { easterSunday, holidayOn, holidaysIn } from "./holidays.ts";

const NY = "New Year's Day";
const MLK = "Martin Luther King Jr. Day";
const WASH = "Washington's Birthday";
const MEM = "Memorial Day";
const JUNE = "Juneteenth";
const IND = "Independence Day";
const LAB = "Labor Day";
const COL = "Columbus Day";
const VET = "Veterans Day";
const THX = "Thanksgiving Day";
const XMAS = "Christmas Day";
const MARDI = "Mardi Gras";
const GOOD = "Good Friday";
/** An observed day, as holidaysIn lists it. */
const obs = (name: string) => `${name} (observed)`;

/**
 * What each calendar lists, year by year: federal from OPM's published holiday schedules; the states
 * from the statutes' rules, laid on the printed calendars of each year, and from the states' own
 * published lists where we had them (Rhode Island's 2026 list, Alabama's Jefferson Davis' Birthday
 * on 2026-06-01). A date with "(observed)" is the weekday a weekend holiday is observed on.
 */
const EXPECTED: Record<string, Record<number, Record<string, string | string[]>>> = {
  US: {
    2026: {
      "01-01": NY,
      "01-19": MLK,
      "02-16": WASH,
      "05-25": MEM,
      "06-19": JUNE,
      "07-03": obs(IND),
      "07-04": IND,
      "09-07": LAB,
      "10-12": COL,
      "11-11": VET,
      "11-26": THX,
      "12-25": XMAS,
    },
    2027: {
      "01-01": NY,
      "01-18": MLK,
      "02-15": WASH,
      "05-31": MEM,
      "06-18": obs(JUNE),
      "06-19": JUNE,
      "07-04": IND,
      "07-05": obs(IND),
      "09-06": LAB,
      "10-11": COL,
      "11-11": VET,
      "11-25": THX,
      "12-24": obs(XMAS),
      "12-25": XMAS,
      "12-31": obs(NY),
    },
    2028: {
      "01-01": NY,
      "01-17": MLK,
      "02-21": WASH,
      "05-29": MEM,
      "06-19": JUNE,
      "07-04": IND,
      "09-04": LAB,
      "10-09": COL,
      "11-10": obs(VET),
      "11-11": VET,
      "11-23": THX,
      "12-25": XMAS,
    },
  },
  "US-RI": {
    2026: {
      "01-01": NY,
      "01-19": MLK,
      "02-16": WASH,
      "05-04": "Rhode Island Independence Day",
      "05-25": MEM,
      "07-04": IND,
      "07-06": obs(IND),
      "08-10": "Victory Day",
      "09-07": LAB,
      "10-12": COL,
      "11-03": "Election Day",
      "11-11": VET,
      "11-26": THX,
      "12-25": XMAS,
    },
    2027: {
      "01-01": NY,
      "01-18": MLK,
      "02-15": WASH,
      "05-04": "Rhode Island Independence Day",
      "05-31": MEM,
      "07-04": IND,
      "07-05": obs(IND),
      "08-09": "Victory Day",
      "09-06": LAB,
      "10-11": COL,
      "11-11": VET,
      "11-25": THX,
      "12-25": XMAS,
      "12-27": obs(XMAS),
    },
    2028: {
      "01-01": NY,
      "01-03": obs(NY),
      "01-17": MLK,
      "02-21": WASH,
      "05-04": "Rhode Island Independence Day",
      "05-29": MEM,
      "07-04": IND,
      "08-14": "Victory Day",
      "09-04": LAB,
      "10-09": COL,
      "11-07": "Election Day",
      "11-11": VET,
      "11-13": obs(VET),
      "11-23": THX,
      "12-25": XMAS,
    },
  },
  "US-AL": {
    2026: {
      "01-01": NY,
      "01-19": "Robert E. Lee / Martin Luther King Jr. Birthday",
      "02-16": "George Washington / Thomas Jefferson Birthday",
      "02-17": MARDI,
      "04-27": "Confederate Memorial Day",
      "05-25": MEM,
      "06-01": "Jefferson Davis' Birthday",
      "07-03": obs(IND),
      "07-04": IND,
      "09-07": LAB,
      "10-12": "Columbus Day / Fraternal Day / American Indian Heritage Day",
      "11-11": VET,
      "11-26": THX,
      "12-25": XMAS,
    },
    2027: {
      "01-01": NY,
      "01-18": "Robert E. Lee / Martin Luther King Jr. Birthday",
      "02-09": MARDI,
      "02-15": "George Washington / Thomas Jefferson Birthday",
      "04-26": "Confederate Memorial Day",
      "05-31": MEM,
      "06-07": "Jefferson Davis' Birthday",
      "07-04": IND,
      "07-05": obs(IND),
      "09-06": LAB,
      "10-11": "Columbus Day / Fraternal Day / American Indian Heritage Day",
      "11-11": VET,
      "11-25": THX,
      "12-24": obs(XMAS),
      "12-25": XMAS,
      "12-31": obs(NY),
    },
    2028: {
      "01-01": NY,
      "01-17": "Robert E. Lee / Martin Luther King Jr. Birthday",
      "02-21": "George Washington / Thomas Jefferson Birthday",
      "02-29": MARDI,
      "04-24": "Confederate Memorial Day",
      "05-29": MEM,
      "06-05": "Jefferson Davis' Birthday",
      "07-04": IND,
      "09-04": LAB,
      "10-09": "Columbus Day / Fraternal Day / American Indian Heritage Day",
      "11-10": obs(VET),
      "11-11": VET,
      "11-23": THX,
      "12-25": XMAS,
    },
  },
  "US-LA": {
    2026: {
      "01-01": NY,
      "01-08": "Battle of New Orleans",
      "01-19": [MLK, "Robert E. Lee Day"],
      "02-16": WASH,
      "02-17": MARDI,
      "04-03": GOOD,
      "05-25": MEM,
      "06-03": "Confederate Memorial Day",
      "07-03": obs(IND),
      "07-04": IND,
      "08-30": "Huey P. Long Day",
      "08-31": obs("Huey P. Long Day"),
      "09-07": LAB,
      "10-12": COL,
      "11-01": "All Saints' Day",
      "11-02": obs("All Saints' Day"),
      "11-03": "General Election Day",
      "11-11": VET,
      "11-26": THX,
      "12-25": XMAS,
    },
    2027: {
      "01-01": NY,
      "01-08": "Battle of New Orleans",
      "01-18": MLK,
      "01-19": "Robert E. Lee Day",
      "02-09": MARDI,
      "02-15": WASH,
      "03-26": GOOD,
      "05-31": MEM,
      "06-03": "Confederate Memorial Day",
      "07-04": IND,
      "07-05": obs(IND),
      "08-30": "Huey P. Long Day",
      "09-06": LAB,
      "10-11": COL,
      "11-01": "All Saints' Day",
      "11-11": VET,
      "11-25": THX,
      "12-24": obs(XMAS),
      "12-25": XMAS,
      "12-31": obs(NY),
    },
    2028: {
      "01-01": NY,
      "01-07": obs("Battle of New Orleans"),
      "01-08": "Battle of New Orleans",
      "01-17": MLK,
      "01-19": "Robert E. Lee Day",
      "02-21": WASH,
      "02-29": MARDI,
      "04-14": GOOD,
      "05-29": MEM,
      "06-02": obs("Confederate Memorial Day"),
      "06-03": "Confederate Memorial Day",
      "07-04": IND,
      "08-30": "Huey P. Long Day",
      "09-04": LAB,
      "10-09": COL,
      "11-01": "All Saints' Day",
      "11-07": "General Election Day",
      "11-10": obs(VET),
      "11-11": VET,
      "11-23": THX,
      "12-25": XMAS,
    },
  },
  "US-PA": {
    2026: {
      "01-01": NY,
      "01-19": MLK,
      "02-16": "Presidents' Day",
      "04-03": GOOD,
      "05-25": MEM,
      "06-14": "Flag Day",
      "06-15": obs("Flag Day"),
      "06-19": JUNE,
      "07-04": IND,
      "09-07": LAB,
      "10-12": COL,
      "11-03": "Election Day",
      "11-11": VET,
      "11-26": THX,
      "12-25": XMAS,
    },
    2027: {
      "01-01": NY,
      "01-18": MLK,
      "02-15": "Presidents' Day",
      "03-26": GOOD,
      "05-31": MEM,
      "06-14": "Flag Day",
      "06-19": JUNE,
      "07-04": IND,
      "07-05": obs(IND),
      "09-06": LAB,
      "10-11": COL,
      "11-02": "Election Day",
      "11-11": VET,
      "11-25": THX,
      "12-25": XMAS,
    },
    2028: {
      "01-01": NY,
      "01-17": MLK,
      "02-21": "Presidents' Day",
      "04-14": GOOD,
      "05-29": MEM,
      "06-14": "Flag Day",
      "06-19": JUNE,
      "07-04": IND,
      "09-04": LAB,
      "10-09": COL,
      "11-07": "Election Day",
      "11-11": VET,
      "11-23": THX,
      "12-25": XMAS,
    },
  },
  "US-UT": {
    2026: {
      "01-01": NY,
      "01-19": MLK,
      "02-16": "Washington and Lincoln Day",
      "05-25": MEM,
      "06-19": JUNE,
      "07-03": obs(IND),
      "07-04": IND,
      "07-24": "Pioneer Day",
      "09-07": LAB,
      "10-12": COL,
      "11-11": VET,
      "11-26": THX,
      "12-25": XMAS,
    },
    2027: {
      "01-01": NY,
      "01-18": MLK,
      "02-15": "Washington and Lincoln Day",
      "05-31": MEM,
      "06-18": obs(JUNE),
      "06-19": JUNE,
      "07-04": IND,
      "07-05": obs(IND),
      "07-23": obs("Pioneer Day"),
      "07-24": "Pioneer Day",
      "09-06": LAB,
      "10-11": COL,
      "11-11": VET,
      "11-25": THX,
      "12-24": obs(XMAS),
      "12-25": XMAS,
      "12-31": obs(NY),
    },
    2028: {
      "01-01": NY,
      "01-17": MLK,
      "02-21": "Washington and Lincoln Day",
      "05-29": MEM,
      "06-19": JUNE,
      "07-04": IND,
      "07-24": "Pioneer Day",
      "09-04": LAB,
      "10-09": COL,
      "11-10": obs(VET),
      "11-11": VET,
      "11-23": THX,
      "12-25": XMAS,
    },
  },
};

function expectedDays(calendar: string, year: number): string[] {
  return Object.entries(EXPECTED[calendar]![year]!)
    .flatMap(([date, names]) =>
      (Array.isArray(names) ? names : [names]).map((name) => `${year}-${date} ${name}`),
    )
    .sort();
}

describe("holiday calendars", () => {
  it("covers every calendar of the spec", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(HOLIDAY_CALENDARS.map((calendar) => calendar.id).sort());
  });

  for (const calendar of HOLIDAY_CALENDARS) {
    for (const year of [2026, 2027, 2028]) {
      it(`${calendar.id} ${year}: every holiday and observed day, and nothing else`, () => {
        const days = holidaysIn(calendar, year).map(
          (day) => `${day.date} ${day.observed ? obs(day.name) : day.name}`,
        );
        expect(days.sort()).toEqual(expectedDays(calendar.id, year));
      });
    }
  }

  it("finds Easter on its published dates", () => {
    const published = {
      2024: "3-31",
      2025: "4-20",
      2026: "4-5",
      2027: "3-28",
      2028: "4-16",
      2038: "4-25",
      2285: "3-22",
    };
    for (const [year, date] of Object.entries(published)) {
      const easter = easterSunday(Number(year));
      expect(`${easter.month}-${easter.day}`, year).toBe(date);
    }
  });

  it("answers a day's holiday, its own date before an observed one", () => {
    const ri = holidayCalendar("US-RI")!;
    expect(holidayOn(ri, { year: 2026, month: 12, day: 25 })).toEqual({
      date: "2026-12-25",
      name: XMAS,
      observed: false,
    });
    expect(holidayOn(ri, { year: 2027, month: 12, day: 27 })?.observed).toBe(true);
    expect(holidayOn(ri, { year: 2026, month: 12, day: 28 })).toBeUndefined();
    // A holiday of 2028 observed in 2027.
    expect(holidayOn(holidayCalendar("US")!, { year: 2027, month: 12, day: 31 })?.name).toBe(NY);
  });
});
