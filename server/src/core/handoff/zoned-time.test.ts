import { describe, expect, it } from "vitest";
import { localDate } from "./zoned-time.ts";

/** One formatter per zone: building a DateTimeFormat costs far more than formatting with one (25,000 here). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local date straight from Intl, without any cache of answers. */
function intlDate(instant: number, zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    formatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant)).filter((part) => part.type !== "literal");
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return { year: value("year"), month: value("month"), day: value("day") };
}

describe("localDate", () => {
  it("matches Intl for instants around local midnights, DST changes and at random, however often asked", () => {
    const zones = [
      "America/New_York",
      "America/Chicago",
      "America/St_Johns",
      "Asia/Kolkata",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "UTC",
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const instants: number[] = [];
    for (let i = 0; i < 300; i++)
      instants.push(Date.UTC(1975, 0, 1) + Math.floor(random() * 70 * 365 * 86_400_000));
    // Each second of the minutes around midnight UTC and the hours where the zones above change date or offset.
    for (const day of [Date.UTC(2026, 2, 8), Date.UTC(2026, 10, 1), Date.UTC(2026, 3, 5)]) {
      for (let hour = 0; hour < 24; hour++) {
        for (const minute of [0, 15, 29, 30, 44, 45, 59]) {
          for (const second of [0, 1, 59])
            instants.push(day + ((hour * 60 + minute) * 60 + second) * 1000 - 1 + (second % 2));
        }
      }
    }
    for (const zone of zones) {
      for (const instant of instants) {
        expect(localDate(instant, zone), `${zone} ${new Date(instant).toISOString()}`).toEqual(
          intlDate(instant, zone),
        );
        // Asked again: the cached answer is the same and cannot be changed by a caller.
        const again = localDate(instant, zone);
        again.day = 0;
        expect(localDate(instant, zone)).toEqual(intlDate(instant, zone));
      }
    }
  });
});
