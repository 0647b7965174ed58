// RFC 3339 date-times with a zone, written every way the spec's pattern allows (offsets, fractions, t/z).
import fc from "fast-check";

export interface GeneratedDateTime {
  text: string;
  /** The written instant, to the millisecond (digits past the third fraction digit are below it). */
  epochMs: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "Z", "z", or an offset; -00:00 is RFC 3339's "offset unknown" and still a zone. */
const zone = fc.oneof(
  fc.constantFrom({ text: "Z", minutes: 0 }, { text: "z", minutes: 0 }, { text: "-00:00", minutes: 0 }),
  fc.integer({ min: -14 * 4, max: 14 * 4 }).map((quarters) => {
    const minutes = quarters * 15;
    const sign = minutes < 0 ? "-" : "+";
    const absolute = Math.abs(minutes);
    return { text: `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`, minutes };
  }),
);

/** No fraction, or 1 to 9 digits whose first three are the milliseconds. */
const fraction = fc.oneof(
  fc.constant((_ms: number) => ""),
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{6}$/)).map(
    ([digits, extra]) =>
      (ms: number) =>
        `.${(pad(ms, 3) + extra).slice(0, digits)}`,
  ),
);

/**
 * A date-time between `min` and `max` (whole years 1000–9999 keep the four-digit year the pattern needs).
 *
 * @example fc.sample(dateTimeWithZone({ min: new Date("2000-01-01"), max: new Date() }), 1)
 */
export function dateTimeWithZone(range: { min: Date; max: Date }): fc.Arbitrary<GeneratedDateTime> {
  return fc
    .tuple(
      fc.integer({ min: range.min.getTime(), max: range.max.getTime() }),
      zone,
      fraction,
      fc.constantFrom("T", "T", "t"),
    )
    .map(([epochMs, { text: zoneText, minutes }, writeFraction, separator]) => {
      // The wall-clock time at that offset, read through UTC getters.
      const local = new Date(epochMs + minutes * 60_000);
      const fractionText = writeFraction(local.getUTCMilliseconds());
      // The written instant keeps only the milliseconds the fraction spells out.
      const writtenMillis = Number(`${fractionText.slice(1)}000`.slice(0, 3));
      const writtenMs = epochMs - local.getUTCMilliseconds() + writtenMillis;
      const text =
        `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
        `${separator}${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
        `${fractionText}${zoneText}`;
      return { text, epochMs: writtenMs };
    });
}
