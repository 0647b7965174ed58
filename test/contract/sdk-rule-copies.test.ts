// The SDK keeps its own copies of a few spec rules (so its bundle never carries the spec): each must equal the spec's.
import {
  CONSENT_CLOCK_SKEW_SECONDS,
  DATE_TIME_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  LEAD_INTAKE_PATH,
  US_PHONE_COUNTRIES,
} from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY, LEAD_INTAKE_PATH as SDK_LEAD_INTAKE_PATH } from "../../sdk/src/client.ts";
import { CONSENT_CLOCK_SKEW_MS, DATE_TIME_WITH_ZONE } from "../../sdk/src/consent.ts";
import { US_PHONE_COUNTRIES as SDK_US_PHONE_COUNTRIES } from "../../sdk/src/phone.ts";

describe("the SDK's copies of spec rules", () => {
  it("checks idempotency keys with the spec's pattern", () => {
    expect(IDEMPOTENCY_KEY.source).toBe(IDEMPOTENCY_KEY_PATTERN);
    expect(IDEMPOTENCY_KEY.flags).toBe("");
  });

  it("checks consent times with the spec's date-time pattern and clock skew", () => {
    expect(DATE_TIME_WITH_ZONE.source).toBe(DATE_TIME_PATTERN);
    expect(DATE_TIME_WITH_ZONE.flags).toBe("");
    expect(CONSENT_CLOCK_SKEW_MS).toBe(CONSENT_CLOCK_SKEW_SECONDS * 1000);
  });

  it("counts the spec's countries as US, in any order", () => {
    expect([...SDK_US_PHONE_COUNTRIES].sort()).toEqual([...US_PHONE_COUNTRIES].sort());
  });

  it("posts to the spec's intake path", () => {
    expect(SDK_LEAD_INTAKE_PATH).toBe(LEAD_INTAKE_PATH);
  });
});
