// When the assistant may call a lead: its local calling hours, from its time zone, area code or a default.
import {
  CALLING_RULES,
  type CallingRule,
  FEDERAL_CALLING_RULE,
  type HandoffPayloadBody,
  WEEKDAYS,
} from "@speed-to-lead/spec";
import { boundedCache } from "../../bounded-cache.ts";
import { isKnownZone } from "../time-zone.ts";
import { zonesOfPhone } from "./area-codes.ts";
import { addDays, instantAt, type LocalDate, localDate } from "./zoned-time.ts";

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

export interface CallZones {
  zones: readonly string[];
  source: ZoneSource;
}

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
 * The lead's `timezone` when the runtime knows it; else the zones of its phone's area code; else the
 * configured default.
 *
 * @example callZones({ timezone: null, phone: "+13125550100" }, "America/New_York")
 * // { zones: ["America/Chicago"], source: "area_code" }
 */
export function callZones(
  lead: { timezone: string | null; phone: string | null },
  defaultZone: string,
): CallZones {
  if (lead.timezone && isKnownZone(lead.timezone)) return { zones: [lead.timezone], source: "timezone" };
  const fromAreaCode = lead.phone ? zonesOfPhone(lead.phone) : undefined;
  if (fromAreaCode) return { zones: fromAreaCode, source: "area_code" };
  return { zones: [defaultZone], source: "default" };
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

const weekdayOf = (day: LocalDate) =>
  WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()]!;

/** The hours allowed on a local day by the account's hours and every rule; undefined when none are. */
function hoursOn(
  day: LocalDate,
  hours: CallingHours,
  rules: readonly CallingRule[],
): CallingHours | undefined {
  let { start, end } = hours;
  for (const rule of rules) {
    const allowed = rule.hours[weekdayOf(day)];
    if (!allowed) return undefined;
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

/** The zone's calling windows on the days around `now` (a week ahead: a rule may skip days), as UTC instants. */
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

function appliedRules(instant: number, zone: string, rules: readonly CallingRule[]): AppliedRule[] {
  const weekday = weekdayOf(localDate(instant, zone));
  return rules.map((rule) => {
    const allowed = rule.hours[weekday];
    return {
      jurisdiction: rule.jurisdiction,
      name: rule.name,
      local_start: allowed?.start ?? null,
      local_end: allowed?.end ?? null,
      source: rule.source,
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

/**
 * The current or next single interval in which the account's hours and every rule allow a call in
 * every one of the zones: with one zone, its local hours; with several (an area code spanning a zone
 * line), the narrowest common window. A rule's weekday hours are those of the local day in each zone.
 *
 * @example callWindow(Date.parse("2026-07-01T23:30:00Z"), { zones: ["America/New_York"], source: "timezone" }, { start: 480, end: 1200 })
 * // 19:30 in New York: { earliest: "2026-07-01T23:30:00.000Z", latest: "2026-07-02T00:00:00.000Z", … }
 */
export function callWindow(
  now: number,
  callZones: CallZones,
  hours: CallingHours,
  rules: readonly CallingRule[] = [FEDERAL_CALLING_RULE],
): CallWindow {
  const [first, ...rest] = callZones.zones;
  let windows = windowsAround(now, first!, hours, rules);
  for (const zone of rest) {
    const common = intersect(windows, windowsAround(now, zone, hours, rules));
    // Zones too far apart to share any hour: keep the first zone's window rather than none.
    if (common.some(([, end]) => end > now)) windows = common;
  }
  const [start, end] = windows.find(([, windowEnd]) => windowEnd > now)!;
  return {
    earliest: new Date(Math.max(start, now)).toISOString(),
    latest: new Date(end).toISOString(),
    time_zones: [...callZones.zones],
    time_zone_source: callZones.source,
    local_start: formatClockTime(hours.start),
    local_end: formatClockTime(hours.end),
    rules_applied: appliedRules(Math.max(start, now), first!, rules),
  };
}
