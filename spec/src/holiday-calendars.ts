// Legal-holiday calendars by jurisdiction, as rules (fixed date, nth weekday, Easter-relative), never as typed dates.
// Days set only by proclamation are not computed (no rule gives them): an operator covers one with a holiday hold.
import type { Weekday } from "./calling-rules.ts";

/** How a holiday's date is found in a year. */
export type HolidayDate =
  /** The same month and day every year (month 1–12). */
  | { kind: "fixed"; month: number; day: number }
  /** The nth such weekday of the month (n 1–4), shifted by `plusDays` ("the Tuesday after the first Monday": mon, 1, +1). */
  | { kind: "nth_weekday"; month: number; weekday: Weekday; n: 1 | 2 | 3 | 4; plusDays?: number }
  /** The month's last such weekday (Memorial Day: last Monday of May). */
  | { kind: "last_weekday"; month: number; weekday: Weekday }
  /** Days from Western Easter Sunday (Mardi Gras −47, Good Friday −2). */
  | { kind: "easter"; offset: number };

export interface Holiday {
  name: string;
  date: HolidayDate;
  /** Only in even years (general elections); every year when absent. */
  years?: "even";
}

/**
 * Where a holiday that falls on a weekend is observed. The date itself stays a holiday too: calls are
 * refused on both days, the stricter reading where a statute moves the holiday and a calendar shows both.
 */
export interface WeekendObservance {
  saturday: "friday" | "monday" | null;
  sunday: "monday" | null;
}

export interface HolidayCalendar {
  /** "US" for the federal calendar; ISO 3166-2 (e.g. "US-AL") for a state's. */
  id: string;
  name: string;
  holidays: readonly Holiday[];
  observance: WeekendObservance;
  /** The statute that makes these days legal holidays. */
  source: string;
  /** When the source was last read for this calendar (YYYY-MM-DD). */
  checked: string;
  /** Where sources disagree, which reading the calendar takes and why. */
  note?: string;
}

const CHECKED = "2026-11-25";

const fixed = (month: number, day: number): HolidayDate => ({ kind: "fixed", month, day });
const nth = (n: 1 | 2 | 3 | 4, weekday: Weekday, month: number, plusDays?: number): HolidayDate =>
  plusDays
    ? { kind: "nth_weekday", month, weekday, n, plusDays }
    : { kind: "nth_weekday", month, weekday, n };
const last = (weekday: Weekday, month: number): HolidayDate => ({ kind: "last_weekday", month, weekday });
const easter = (offset: number): HolidayDate => ({ kind: "easter", offset });
/** The Tuesday next after the first Monday in November: general election day. */
const ELECTION_DAY = nth(1, "mon", 11, 1);

const NEW_YEAR = { name: "New Year's Day", date: fixed(1, 1) };
const MLK = { name: "Martin Luther King Jr. Day", date: nth(3, "mon", 1) };
const WASHINGTON = { name: "Washington's Birthday", date: nth(3, "mon", 2) };
const MEMORIAL = { name: "Memorial Day", date: last("mon", 5) };
const JUNETEENTH = { name: "Juneteenth", date: fixed(6, 19) };
const INDEPENDENCE = { name: "Independence Day", date: fixed(7, 4) };
const LABOR = { name: "Labor Day", date: nth(1, "mon", 9) };
const COLUMBUS = { name: "Columbus Day", date: nth(2, "mon", 10) };
const VETERANS = { name: "Veterans Day", date: fixed(11, 11) };
const THANKSGIVING = { name: "Thanksgiving Day", date: nth(4, "thu", 11) };
const CHRISTMAS = { name: "Christmas Day", date: fixed(12, 25) };
const MARDI_GRAS = { name: "Mardi Gras", date: easter(-47) };
const GOOD_FRIDAY = { name: "Good Friday", date: easter(-2) };

/** One calendar per jurisdiction whose calling rule refuses calls on holidays. */
export const HOLIDAY_CALENDARS: readonly HolidayCalendar[] = [
  {
    id: "US",
    name: "United States (federal)",
    holidays: [
      NEW_YEAR,
      MLK,
      WASHINGTON,
      MEMORIAL,
      JUNETEENTH,
      INDEPENDENCE,
      LABOR,
      COLUMBUS,
      VETERANS,
      THANKSGIVING,
      CHRISTMAS,
    ],
    observance: { saturday: "friday", sunday: "monday" },
    source: "5 U.S.C. § 6103(a); weekend observance: 5 U.S.C. § 6103(b), Executive Order 11582",
    checked: CHECKED,
  },
  {
    id: "US-RI",
    name: "Rhode Island",
    holidays: [
      NEW_YEAR,
      MLK,
      WASHINGTON,
      { name: "Rhode Island Independence Day", date: fixed(5, 4) },
      MEMORIAL,
      INDEPENDENCE,
      { name: "Victory Day", date: nth(2, "mon", 8) },
      LABOR,
      COLUMBUS,
      { name: "Election Day", date: ELECTION_DAY, years: "even" },
      VETERANS,
      THANKSGIVING,
      CHRISTMAS,
    ],
    observance: { saturday: "monday", sunday: "monday" },
    source: "R.I. Gen. Laws § 25-1-1",
    checked: CHECKED,
    note: "§ 25-1-1 moves a Sunday holiday to Monday for everyone and a Saturday or Sunday New Year's, Independence, Veterans' or Christmas Day to Monday for state employees: every holiday on a weekend is also observed the Monday after (stricter).",
  },
  {
    id: "US-AL",
    name: "Alabama",
    holidays: [
      NEW_YEAR,
      { name: "Robert E. Lee / Martin Luther King Jr. Birthday", date: nth(3, "mon", 1) },
      { name: "George Washington / Thomas Jefferson Birthday", date: nth(3, "mon", 2) },
      MARDI_GRAS,
      { name: "Confederate Memorial Day", date: nth(4, "mon", 4) },
      MEMORIAL,
      { name: "Jefferson Davis' Birthday", date: nth(1, "mon", 6) },
      INDEPENDENCE,
      LABOR,
      { name: "Columbus Day / Fraternal Day / American Indian Heritage Day", date: nth(2, "mon", 10) },
      VETERANS,
      THANKSGIVING,
      CHRISTMAS,
    ],
    observance: { saturday: "friday", sunday: "monday" },
    source: "Ala. Code § 1-3-8",
    checked: CHECKED,
    note: "Mardi Gras is a state holiday only in Baldwin and Mobile counties: kept statewide (stricter; area codes do not follow county lines). Juneteenth and the day after Thanksgiving are holidays only by the Governor's yearly proclamation: not computed; add a holiday hold for such a day (stl holds add --holiday).",
  },
  {
    id: "US-LA",
    name: "Louisiana",
    holidays: [
      NEW_YEAR,
      { name: "Battle of New Orleans", date: fixed(1, 8) },
      MLK,
      { name: "Robert E. Lee Day", date: fixed(1, 19) },
      WASHINGTON,
      MARDI_GRAS,
      GOOD_FRIDAY,
      MEMORIAL,
      { name: "Confederate Memorial Day", date: fixed(6, 3) },
      INDEPENDENCE,
      { name: "Huey P. Long Day", date: fixed(8, 30) },
      LABOR,
      COLUMBUS,
      { name: "All Saints' Day", date: fixed(11, 1) },
      { name: "General Election Day", date: ELECTION_DAY, years: "even" },
      VETERANS,
      THANKSGIVING,
      CHRISTMAS,
    ],
    observance: { saturday: "friday", sunday: "monday" },
    source: "La. R.S. 1:55",
    checked: CHECKED,
    note: "Robert E. Lee Day (January 19) and Confederate Memorial Day (June 3) appear in older texts of § 1:55(A) and still in its list of days banks may open: kept (stricter). Weekend observance as § 1:55(E) gives it for New Year's, Independence and Christmas Day, applied to every holiday (stricter). Inauguration Day (Baton Rouge only) and days the Governor declares are not computed: add a holiday hold (stl holds add --holiday).",
  },
  {
    id: "US-PA",
    name: "Pennsylvania",
    holidays: [
      NEW_YEAR,
      MLK,
      { name: "Presidents' Day", date: nth(3, "mon", 2) },
      GOOD_FRIDAY,
      MEMORIAL,
      { name: "Flag Day", date: fixed(6, 14) },
      JUNETEENTH,
      INDEPENDENCE,
      LABOR,
      COLUMBUS,
      { name: "Election Day", date: ELECTION_DAY },
      VETERANS,
      THANKSGIVING,
      CHRISTMAS,
    ],
    observance: { saturday: null, sunday: "monday" },
    source: "44 P.S. § 11",
    checked: CHECKED,
    note: "Election Day every year: Pennsylvania holds a general (municipal) election in odd years too.",
  },
  {
    id: "US-UT",
    name: "Utah",
    holidays: [
      NEW_YEAR,
      MLK,
      { name: "Washington and Lincoln Day", date: nth(3, "mon", 2) },
      MEMORIAL,
      JUNETEENTH,
      INDEPENDENCE,
      { name: "Pioneer Day", date: fixed(7, 24) },
      LABOR,
      COLUMBUS,
      VETERANS,
      THANKSGIVING,
      CHRISTMAS,
    ],
    observance: { saturday: "friday", sunday: "monday" },
    source: "Utah Code § 63G-1-301",
    checked: CHECKED,
  },
];

/** The calendar of a jurisdiction ("US", "US-AL"), or undefined when it has none here. */
export function holidayCalendar(id: string): HolidayCalendar | undefined {
  return HOLIDAY_CALENDARS.find((calendar) => calendar.id === id);
}
