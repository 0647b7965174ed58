// Wall-clock arithmetic in IANA zones with Intl only: local date of an instant, and a local time's instant.
import { boundedCache } from "../../bounded-cache.ts";

export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, to the second. */
export function wallClock(instant: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The zone's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(instant: number, zone: string): number {
  const local = wallClock(instant, zone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * Local dates by zone and UTC minute: every hand-off asks for today's. Zones have kept whole-minute
 * offsets since the 1970s, so a local midnight falls on a whole UTC minute and one answer holds for
 * the minute; earlier instants are not cached.
 */
const localDates = boundedCache<LocalDate>(1_000);
const CACHED_FROM = Date.UTC(1980, 0, 1);

/** @example localDate(Date.parse("2026-03-08T03:00:00Z"), "America/Chicago") // { year: 2026, month: 3, day: 7 } */
export function localDate(instant: number, zone: string): LocalDate {
  if (instant < CACHED_FROM) return dateOf(instant, zone);
  const date = localDates.remember(`${zone}|${Math.floor(instant / 60_000)}`, () => dateOf(instant, zone));
  // A copy, so no caller can change the kept one.
  return { ...date };
}

function dateOf(instant: number, zone: string): LocalDate {
  const { year, month, day } = wallClock(instant, zone);
  return { year, month, day };
}

/** The same local date shifted by whole days (calendar arithmetic, DST-proof). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * The instant at which the zone's clocks show `minutes` after midnight on `date`. Two passes settle
 * the offset across a DST change; a time inside a spring-forward gap lands next to the gap.
 *
 * @example instantAt({ year: 2026, month: 7, day: 1 }, 8 * 60, "America/New_York") // 2026-07-01T12:00:00Z
 */
export function instantAt(date: LocalDate, minutes: number, zone: string): number {
  const naive = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const first = naive - offsetAt(naive, zone);
  const second = naive - offsetAt(first, zone);
  return second;
}
