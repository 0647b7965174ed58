// Test helpers for calling windows: a zone's wall clock, instants around the US DST changes, the zones US leads state.
import fc from "fast-check";

/** The wall clock (minutes after midnight) an instant shows in a zone. */
export function localMinutes(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return part("hour") * 60 + part("minute");
}

/** The US DST changes of 2026 and 2027 (08:00 UTC on the day). */
const DST_CHANGES = ["2026-03-08", "2026-11-01", "2027-03-14", "2027-11-07"].map((day) =>
  Date.parse(`${day}T08:00:00Z`),
);

/** Instants anywhere in 2026–2027, or within `days` of a US DST change. */
export const instantNearDst = (days = 3) =>
  fc.oneof(
    fc.integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2027-12-31T00:00:00Z") }),
    fc
      .tuple(fc.constantFrom(...DST_CHANGES), fc.integer({ min: -days * 86_400_000, max: days * 86_400_000 }))
      .map(([change, shift]) => change + shift),
  );

/** Zones of the US and its territories a lead's `timezone` may name. */
export const US_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Puerto_Rico",
];
