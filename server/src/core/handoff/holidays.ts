// The days of a holiday calendar in a year, computed from its rules: dates, weekdays, Easter and weekend observance.
import { type Holiday, type HolidayCalendar, type HolidayDate, WEEKDAYS } from "@speed-to-lead/spec";

/** A calendar day, month 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** One no-call day: the holiday's name, and whether this is the weekday it is observed on rather than its date. */
export interface HolidayDay {
  /** YYYY-MM-DD */
  date: string;
  name: string;
  observed: boolean;
}

const DAY_MS = 86_400_000;
const utc = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);

function toDate(instant: number): CalendarDate {
  const d = new Date(instant);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "2026-12-25" */
export function isoDate(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/**
 * Western (Gregorian) Easter Sunday: the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
 *
 * @example easterSunday(2027) // { year: 2027, month: 3, day: 28 }
 */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

function dateInstant(rule: HolidayDate, year: number): number {
  switch (rule.kind) {
    case "fixed":
      return utc(year, rule.month, rule.day);
    case "nth_weekday": {
      const first = utc(year, rule.month, 1);
      const shift = (WEEKDAYS.indexOf(rule.weekday) - new Date(first).getUTCDay() + 7) % 7;
      return first + (shift + 7 * (rule.n - 1) + (rule.plusDays ?? 0)) * DAY_MS;
    }
    case "last_weekday": {
      const lastDay = utc(year, rule.month + 1, 0);
      const back = (new Date(lastDay).getUTCDay() - WEEKDAYS.indexOf(rule.weekday) + 7) % 7;
      return lastDay - back * DAY_MS;
    }
    case "easter": {
      const sunday = easterSunday(year);
      return utc(year, sunday.month, sunday.day) + rule.offset * DAY_MS;
    }
  }
}

/** The holiday's date in `year`, or undefined in a year it is not held (an even-years-only holiday in an odd year). */
export function holidayDate(holiday: Holiday, year: number): CalendarDate | undefined {
  if (holiday.years === "even" && year % 2 !== 0) return undefined;
  return toDate(dateInstant(holiday.date, year));
}

/** The weekday the calendar observes a weekend holiday on, or undefined when it falls on a weekday or is not moved. */
function observedInstant(instant: number, calendar: HolidayCalendar): number | undefined {
  const weekday = new Date(instant).getUTCDay();
  if (weekday === 6 && calendar.observance.saturday)
    return instant + (calendar.observance.saturday === "friday" ? -1 : 2) * DAY_MS;
  if (weekday === 0 && calendar.observance.sunday === "monday") return instant + DAY_MS;
  return undefined;
}

/**
 * Every no-call day of the calendar in `year`, sorted: each holiday's own date and, when it falls on
 * a weekend, the day it is observed on. A holiday of the next or previous year may be observed in
 * this one (New Year's Day on a Saturday is observed on the Friday before, in December).
 *
 * @example holidaysIn(holidayCalendar("US")!, 2027).find((day) => day.date === "2027-12-31")
 * // { date: "2027-12-31", name: "New Year's Day", observed: true }
 */
export function holidaysIn(calendar: HolidayCalendar, year: number): HolidayDay[] {
  const days: HolidayDay[] = [];
  for (const holidayYear of [year - 1, year, year + 1]) {
    for (const holiday of calendar.holidays) {
      const date = holidayDate(holiday, holidayYear);
      if (!date) continue;
      const instant = utc(date.year, date.month, date.day);
      const observed = observedInstant(instant, calendar);
      if (date.year === year) days.push({ date: isoDate(date), name: holiday.name, observed: false });
      if (observed !== undefined && toDate(observed).year === year)
        days.push({ date: isoDate(toDate(observed)), name: holiday.name, observed: true });
    }
  }
  return days.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || Number(a.observed) - Number(b.observed) || a.name.localeCompare(b.name),
  );
}

/** No-call days by calendar and year: a window asks for the same few years over and over. */
const daysByCalendarYear = new Map<string, ReadonlyMap<string, HolidayDay>>();

/**
 * The calendar's holiday on this day (a holiday's own date before an observed one when two share it), or undefined.
 *
 * @example holidayOn(holidayCalendar("US-RI")!, { year: 2026, month: 12, day: 25 })?.name // "Christmas Day"
 */
export function holidayOn(calendar: HolidayCalendar, date: CalendarDate): HolidayDay | undefined {
  const key = `${calendar.id}|${date.year}`;
  let days = daysByCalendarYear.get(key);
  if (!days) {
    const byDate = new Map<string, HolidayDay>();
    for (const day of holidaysIn(calendar, date.year)) if (!byDate.has(day.date)) byDate.set(day.date, day);
    // Few calendars times few years: bounded in practice, but never let it grow without end.
    if (daysByCalendarYear.size > 200) daysByCalendarYear.clear();
    daysByCalendarYear.set(key, byDate);
    days = byDate;
  }
  return days.get(isoDate(date));
}
