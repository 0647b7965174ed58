// The hand-off's call window as the built document states it, checked with ajv.
import { describe, expect, it } from "vitest";
import { componentValidator } from "./openapi-validator.ts";

const validate = componentValidator();
const federal = {
  kind: "hours",
  jurisdiction: "US",
  name: "United States (federal)",
  local_start: "08:00",
  local_end: "21:00",
  source: "47 CFR 64.1200(c)(1)",
  checked: "2026-11-25",
};
const window = (rule: Record<string, unknown>) => ({
  earliest: "2026-11-23T14:00:00.000Z",
  latest: "2026-11-24T02:00:00.000Z",
  time_zones: ["America/New_York"],
  time_zone_source: "area_code",
  local_start: "08:00",
  local_end: "21:00",
  rules_applied: [federal, rule],
});

describe("CallWindow schema", () => {
  it("states a rule's hours as HH:MM, or null on a day the rule permits no call", () => {
    expect(validate("CallWindow", window(federal)).errors).toEqual([]);
    const closedDay = { ...federal, jurisdiction: "US-XX", local_start: null, local_end: null };
    expect(validate("CallWindow", window(closedDay)).errors).toEqual([]);
    expect(validate("CallWindow", window({ ...federal, local_start: "8am" })).valid).toBe(false);
  });

  it("names a skipped holiday with its day, and refuses a kind it does not know", () => {
    const holiday = {
      ...federal,
      kind: "holiday",
      jurisdiction: "US-RI",
      local_start: null,
      local_end: null,
      date: "2026-12-25",
      holiday: "Christmas Day",
    };
    expect(validate("CallWindow", window(holiday)).errors).toEqual([]);
    expect(validate("CallWindow", window({ ...holiday, kind: "vacation" })).valid).toBe(false);
    expect(validate("CallWindow", window({ ...holiday, date: "25/12/2026" })).valid).toBe(false);
  });
});
