// When the assistant may call a lead: the hours permitted in every zone of every place the person may be.
import {
  CALLING_RULES,
  type CallingRule,
  FEDERAL_CALLING_RULE,
  type HandoffPayloadBody,
  holidayCalendar,
  WEEKDAYS,
} from "@speed-to-lead/spec";
import { boundedCache } from "../../bounded-cache.ts";
import { NANPA_LIST_READ } from "../nanpa-area-codes.ts";
import type { CallPlace, PlaceSource } from "./call-location.ts";
import { type HolidayDay, holidayOn, isoDate } from "./holidays.ts";
import { POSTAL_CODE_DATA, POSTAL_CODE_DATA_DATE } from "./postal-codes.ts";
import { addDays, instantAt, type LocalDate, localDate, wallClock } from "./zoned-time.ts";

/** Local calling hours as minutes after midnight; calls are allowed from `start` up to (not after) `end`. */
export interface CallingHours {
  start: number;
  end: number;
}

/** The window sent with each hand-off, as the spec documents it: instants in UTC, how the zone was chosen, the rules applied. */
export type CallWindow = NonNullable<HandoffPayloadBody["data"]["call_window"]>;

/** A rule's hours on the window's local day; null on a day the rule permits no call (the window is then later). */
export type AppliedRule = CallWindow["rules_applied"][number];

export type ZoneSource = CallWindow["time_zone_source"];

/** "08:00" → 480. Throws on anything that is not a 24-hour HH:MM clock time (24:00 allowed as an end). */
export function parseClockTime(value: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value.trim());
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  if (!match || Number(match[2]) > 59 || !(minutes >= 0 && minutes <= 24 * 60)) {
    throw new Error(`expected a time as HH:MM (00:00–24:00), got "${value}"`);
  }
  return minutes;
}

export function formatClockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The jurisdictions in which these account hours leave no time on some weekday: such hours would make
 * those leads uncallable, so the configuration refuses them.
 *
 * @example rulesOutsideHours({ start: 480, end: 540 }) // ["US-CT", "US-TX"] (08:00–09:00)
 */
export function rulesOutsideHours(hours: CallingHours): string[] {
  return CALLING_RULES.filter((rule) =>
    WEEKDAYS.some((day) => {
      const allowed = rule.hours[day];
      return (
        allowed &&
        Math.max(hours.start, parseClockTime(allowed.start)) >=
          Math.min(hours.end, parseClockTime(allowed.end))
      );
    }),
  ).map((rule) => rule.jurisdiction);
}

type Interval = [start: number, end: number];

/**
 * A period in which no call may start, whatever the hours say: an emergency hold, or a call cap
 * reached until its oldest counted attempt leaves the period. `applied` is its rules_applied entry.
 */
export interface CallBlock {
  start: number;
  end: number;
  applied: AppliedRule;
}

const weekdayOf = (day: LocalDate) =>
  WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()]!;

/** The holiday on which one of the rule's calendars refuses calls on this local day, if any. */
function noCallHoliday(rule: CallingRule, day: LocalDate): HolidayDay | undefined {
  for (const id of rule.noCallHolidays) {
    const holiday = holidayOn(holidayCalendar(id)!, day);
    if (holiday) return holiday;
  }
  return undefined;
}

/** The hours allowed on a local day by the account's hours and every rule; undefined when none are. */
function hoursOn(
  day: LocalDate,
  hours: CallingHours,
  rules: readonly CallingRule[],
): CallingHours | undefined {
  let { start, end } = hours;
  for (const rule of rules) {
    const allowed = rule.hours[weekdayOf(day)];
    if (!allowed || noCallHoliday(rule, day)) return undefined;
    start = Math.max(start, parseClockTime(allowed.start));
    end = Math.min(end, parseClockTime(allowed.end));
  }
  return start < end ? { start, end } : undefined;
}

/**
 * Windows already worked out, by zone, local day, hours and rules: every hand-off of a day in a zone
 * shares them, and working them out takes some forty time-zone conversions. Cleared when full.
 */
const windowCache = boundedCache<readonly Interval[]>(2_000);

/** The zone's calling windows on the days around `now` (a week ahead: rules may skip days), as UTC instants. */
function windowsAround(
  now: number,
  zone: string,
  hours: CallingHours,
  rules: readonly CallingRule[],
): readonly Interval[] {
  const today = localDate(now, zone);
  let key = `${zone}|${today.year}-${today.month}-${today.day}|${hours.start}-${hours.end}`;
  for (const rule of rules) key += `|${rule.jurisdiction}`;
  return windowCache.remember(key, () => computeWindows(today, zone, hours, rules));
}

function computeWindows(
  today: LocalDate,
  zone: string,
  hours: CallingHours,
  rules: readonly CallingRule[],
): Interval[] {
  const windows: Interval[] = [];
  for (let offset = -1; offset <= 8; offset++) {
    const day = addDays(today, offset);
    const allowed = hoursOn(day, hours, rules);
    if (allowed) windows.push([instantAt(day, allowed.start, zone), instantAt(day, allowed.end, zone)]);
  }
  return windows;
}

/** The current or next interval permitted in every zone, within about a week; undefined when they share none. */
function nextInterval(
  now: number,
  zones: readonly string[],
  hours: CallingHours,
  rules: readonly CallingRule[],
): Interval | undefined {
  const [first, ...rest] = zones;
  let windows = windowsAround(now, first!, hours, rules);
  for (const zone of rest) windows = intersect(windows, windowsAround(now, zone, hours, rules));
  return windows.find(([, end]) => end > now);
}

/** The days and holidays, from `now`'s local day up to the window's, on which a rule refused every call. */
function skippedDays(now: number, start: number, zone: string, rules: readonly CallingRule[]): AppliedRule[] {
  const skipped: AppliedRule[] = [];
  const last = isoDate(localDate(start, zone));
  for (let day = localDate(now, zone); isoDate(day) < last; day = addDays(day, 1)) {
    for (const rule of rules) {
      const holiday = noCallHoliday(rule, day);
      if (!holiday && rule.hours[weekdayOf(day)]) continue;
      skipped.push({
        kind: holiday ? "holiday" : "day",
        jurisdiction: rule.jurisdiction,
        name: rule.name,
        local_start: null,
        local_end: null,
        source: rule.source,
        checked: rule.checked,
        date: isoDate(day),
        ...(holiday ? { holiday: holiday.observed ? `${holiday.name} (observed)` : holiday.name } : {}),
      });
    }
  }
  return skipped;
}

function appliedRules(instant: number, zone: string, rules: readonly CallingRule[]): AppliedRule[] {
  const weekday = weekdayOf(localDate(instant, zone));
  return rules.map((rule) => {
    const allowed = rule.hours[weekday];
    return {
      kind: "hours",
      jurisdiction: rule.jurisdiction,
      name: rule.name,
      local_start: allowed?.start ?? null,
      local_end: allowed?.end ?? null,
      source: rule.source,
      checked: rule.checked,
    };
  });
}

function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const result: Interval[] = [];
  for (const [aStart, aEnd] of a) {
    for (const [bStart, bEnd] of b) {
      const start = Math.max(aStart, bStart);
      const end = Math.min(aEnd, bEnd);
      if (start < end) result.push([start, end]);
    }
  }
  return result.sort((x, y) => x[0] - y[0]);
}

/** The local clock time of an instant in a zone, "HH:MM" (midnight as "00:00"). */
function clockIn(instant: number, zone: string): string {
  const { hour, minute } = wallClock(instant, zone);
  return formatClockTime((hour % 24) * 60 + minute);
}

/** Where each kind of place comes from, as its rules_applied entry names it. */
const PLACE_DATA: Record<PlaceSource, string> = {
  area_code: "NANPA geographic area codes (area code → state, zones)",
  timezone: "the lead's timezone",
  state: "the lead's state (its zones: those of its area codes)",
  postal_code: `the lead's postal_code: ${POSTAL_CODE_DATA}`,
  contiguous_us:
    "every zone and state rule of the 48 contiguous states and DC (the account calls numbers of unknown place)",
};

/**
 * One `place` entry per place: the window in its own zone's clock, and whether the place's own
 * interval set the window's start or end (the place that decided the window).
 */
function placesApplied(
  from: number,
  window: Interval,
  places: readonly CallPlace[],
  hours: CallingHours,
  rules: readonly CallingRule[],
): AppliedRule[] {
  return places.map((place) => {
    const own = nextInterval(from, place.zones, hours, rules);
    const decided: ("start" | "end")[] = [];
    if (own && own[0] === window[0] && window[0] > from) decided.push("start");
    if (own && own[1] === window[1]) decided.push("end");
    return {
      kind: "place",
      jurisdiction: place.states.length === 1 ? `US-${place.states[0]}` : "US",
      name: place.value,
      local_start: clockIn(window[0], place.zones[0]!),
      local_end: clockIn(window[1], place.zones[0]!),
      source: PLACE_DATA[place.source],
      checked:
        place.source === "postal_code"
          ? POSTAL_CODE_DATA_DATE
          : place.source === "timezone"
            ? isoDate(localDate(from, "UTC"))
            : NANPA_LIST_READ,
      place: place.source,
      time_zones: [...place.zones],
      decided,
    } as AppliedRule;
  });
}

/**
 * The current or next single interval in which the account's hours, every rule and no block allow a
 * call in every zone of every place the person may be: the narrowest common window. A rule's weekday
 * hours, days and holidays are those of the local day in each zone. Undefined when the zones share no
 * permitted hour within about a week (places too far apart, or rules that leave nothing in common).
 * rules_applied lists every rule's hours on the window's day, then each day and holiday skipped to
 * reach it, then each block that moved or cut it, then each place with the window in its clock.
 *
 * @example callWindow(Date.parse("2026-07-01T23:30:00Z"), [newYork], { start: 480, end: 1200 })
 * // 19:30 in New York: { earliest: "2026-07-01T23:30:00.000Z", latest: "2026-07-02T00:00:00.000Z", … }
 */
export function callWindow(
  now: number,
  places: readonly CallPlace[],
  hours: CallingHours,
  rules: readonly CallingRule[] = [FEDERAL_CALLING_RULE],
  blocks: readonly CallBlock[] = [],
): CallWindow | undefined {
  const zones = [...new Set(places.flatMap((place) => place.zones))];
  const zone = zones[0]!;
  const applied: AppliedRule[] = [];
  let from = now;
  let start = now;
  let end = now;
  // Each pass moves past one block: a block starting inside the window cuts it, one covering its start moves it.
  for (let pass = 0; pass <= blocks.length; pass++) {
    const interval = nextInterval(from, zones, hours, rules);
    if (!interval) return undefined;
    [start, end] = interval;
    start = Math.max(start, from);
    const block = blocks
      .filter((candidate) => candidate.start < end && candidate.end > start)
      .sort((a, b) => a.start - b.start)[0];
    if (!block) break;
    applied.push(block.applied);
    if (block.start > start) {
      end = block.start;
      break;
    }
    from = block.end;
  }
  const placeRows = placesApplied(from, [start, end], places, hours, rules);
  const decider =
    placeRows.find((row) => row.decided?.includes("start")) ??
    placeRows.find((row) => row.decided?.includes("end")) ??
    placeRows[0];
  return {
    earliest: new Date(start).toISOString(),
    latest: new Date(end).toISOString(),
    time_zones: zones,
    time_zone_source: (decider?.place ?? "area_code") as ZoneSource,
    local_start: formatClockTime(hours.start),
    local_end: formatClockTime(hours.end),
    rules_applied: [
      ...appliedRules(start, zone, rules),
      ...skippedDays(now, start, zone, rules),
      ...applied,
      ...placeRows,
    ],
  };
}
