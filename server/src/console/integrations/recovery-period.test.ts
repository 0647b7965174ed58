// The "Recover since" period as typed: UTC unless an offset is given, a date alone is its midnight, impossible days
// and hours refused, the start in the past, the end (else now) after it; each refusal names its field.
import { describe, expect, it } from "vitest";
import { parseMoment, parseRecoveryPeriod } from "./recovery-period.ts";

const NOW = new Date("2026-11-28T12:00:00.000Z");

describe("parseMoment", () => {
  it.each([
    ["2026-11-27", "2026-11-27T00:00:00.000Z"],
    ["2026-11-27 14:00", "2026-11-27T14:00:00.000Z"],
    ["2026-11-27T14:00:05", "2026-11-27T14:00:05.000Z"],
    ["2026-11-27T14:00:05Z", "2026-11-27T14:00:05.000Z"],
    ["2026-11-27 14:00 +02:00", "2026-11-27T12:00:00.000Z"],
    ["2026-11-27T14:00-0530", "2026-11-27T19:30:00.000Z"],
    ["  2024-02-29 23:59  ", "2024-02-29T23:59:00.000Z"],
  ])("reads %s", (text, iso) => {
    expect(parseMoment(text)?.toISOString()).toBe(iso);
  });

  it.each([
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-11-27 24:00",
    "2026-11-27 14:60",
    "2026-11-27 14:00:61",
    "2026-11-27 14:00 +15:00",
    "27/11/2026",
    "yesterday",
    "2026-11-27 14:00<script>",
    "",
  ])("refuses %j", (text) => {
    expect(parseMoment(text)).toBeUndefined();
  });
});

describe("parseRecoveryPeriod", () => {
  it("takes an empty end as now", () => {
    expect(parseRecoveryPeriod("2026-11-28 09:00", "", NOW)).toEqual({
      ok: true,
      period: { from: new Date("2026-11-28T09:00:00Z"), to: NOW },
    });
  });

  it("names the field of each refusal", () => {
    expect(parseRecoveryPeriod("", "", NOW)).toEqual({ ok: false, errors: { from: "form.required" } });
    expect(parseRecoveryPeriod("2026-11-29", "", NOW)).toEqual({
      ok: false,
      errors: { from: "integrations.recover.future" },
    });
    expect(parseRecoveryPeriod("2026-11-28 09:00", "2026-11-28 08:00", NOW)).toEqual({
      ok: false,
      errors: { to: "integrations.recover.order" },
    });
    expect(parseRecoveryPeriod("soon", "later", NOW)).toEqual({
      ok: false,
      errors: { from: "integrations.recover.invalid", to: "integrations.recover.invalid" },
    });
  });
});
