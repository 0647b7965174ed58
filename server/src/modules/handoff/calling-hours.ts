// When the assistant may call a lead: its local calling hours, from its time zone, area code or a default.
import { zonesOfPhone } from "./area-codes.ts";
import { addDays, instantAt, isKnownZone, localDate } from "./zoned-time.ts";

/** Local calling hours as minutes after midnight; calls are allowed from `start` up to (not after) `end`. */
export interface CallingHours {
  start: number;
  end: number;
}

export type ZoneSource = "timezone" | "area_code" | "default";

export interface CallZones {
  zones: readonly string[];
  source: ZoneSource;
}

/** The window sent with each hand-off: instants in UTC, plus how the zone was chosen. */
export interface CallWindow {
  /** The first instant the assistant may call (the hand-off time when the window is already open). */
  earliest: string;
  /** The last instant of that window. */
  latest: string;
  /** The zone used; several when the area code spans zones and the window is common to all. */
  time_zones: string[];
  time_zone_source: ZoneSource;
  /** The configured local hours, "HH:MM", for the assistant's own display. */
  local_start: string;
  local_end: string;
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

type Interval = [start: number, end: number];

/** The zone's calling windows on the days around `now`, as UTC instants. */
function windowsAround(now: number, zone: string, hours: CallingHours): Interval[] {
  const today = localDate(now, zone);
  return [-1, 0, 1, 2].map((offset) => {
    const day = addDays(today, offset);
    return [instantAt(day, hours.start, zone), instantAt(day, hours.end, zone)];
  });
}

function intersect(a: Interval[], b: Interval[]): Interval[] {
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
 * The current or next window in which it is calling hours in every one of the zones: with one zone,
 * its local hours; with several (an area code spanning a zone line), the narrowest common window.
 *
 * @example callWindow(Date.parse("2026-07-01T23:30:00Z"), { zones: ["America/New_York"], source: "timezone" }, { start: 480, end: 1200 })
 * // 19:30 in New York: { earliest: "2026-07-01T23:30:00.000Z", latest: "2026-07-02T00:00:00.000Z", … }
 */
export function callWindow(now: number, callZones: CallZones, hours: CallingHours): CallWindow {
  const [first, ...rest] = callZones.zones;
  let windows = windowsAround(now, first!, hours);
  for (const zone of rest) {
    const common = intersect(windows, windowsAround(now, zone, hours));
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
  };
}
