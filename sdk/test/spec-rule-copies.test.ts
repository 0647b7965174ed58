// The SDK keeps its own copies of a few spec rules (so its bundle never carries the spec): each must equal the spec's.
import {
  CHANNEL_TOKEN_PREFIX,
  CONSENT_CLOCK_SKEW_SECONDS,
  DATE_TIME_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  INTAKE_TOKEN_PREFIX,
  LEAD_INTAKE_PATH,
  US_PHONE_COUNTRIES,
  WEBHOOK_TOLERANCE_SECONDS,
} from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY, LEAD_INTAKE_PATH as SDK_LEAD_INTAKE_PATH } from "../src/client.ts";
import { CONSENT_CLOCK_SKEW_MS, DATE_TIME_WITH_ZONE } from "../src/consent.ts";
import { US_PHONE_COUNTRIES as SDK_US_PHONE_COUNTRIES } from "../src/phone.ts";
import { READ_TOKEN_PREFIX, INTAKE_TOKEN_PREFIX as SDK_INTAKE_PREFIX } from "../src/token-scope.ts";
import { DEFAULT_WEBHOOK_TOLERANCE_SECONDS } from "../src/webhooks.ts";

/** A regular expression as the spec writes a pattern: its source, and no flags that would change it. */
const asPattern = (regex: RegExp) => (regex.flags === "" ? regex.source : `/${regex.source}/${regex.flags}`);

/** [what, the SDK's copy, the spec's rule], both in the spec's form. */
const COPIES: [string, unknown, unknown][] = [
  ["the Idempotency-Key pattern", asPattern(IDEMPOTENCY_KEY), IDEMPOTENCY_KEY_PATTERN],
  ["the date-time pattern of consent.captured_at", asPattern(DATE_TIME_WITH_ZONE), DATE_TIME_PATTERN],
  ["the consent clock skew, in seconds", CONSENT_CLOCK_SKEW_MS / 1000, CONSENT_CLOCK_SKEW_SECONDS],
  [
    "the countries whose +1 numbers are US",
    [...SDK_US_PHONE_COUNTRIES].sort(),
    [...US_PHONE_COUNTRIES].sort(),
  ],
  ["the intake path", SDK_LEAD_INTAKE_PATH, LEAD_INTAKE_PATH],
  ["the prefix of tokens that may read", READ_TOKEN_PREFIX, CHANNEL_TOKEN_PREFIX],
  ["the prefix of intake-only tokens", SDK_INTAKE_PREFIX, INTAKE_TOKEN_PREFIX],
  [
    "the webhook timestamp tolerance, in seconds",
    DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
    WEBHOOK_TOLERANCE_SECONDS,
  ],
];

describe("the SDK's copies of spec rules", () => {
  it.each(COPIES)("%s equals the spec's", (_what, sdkCopy, specRule) => {
    expect(sdkCopy).toEqual(specRule);
  });
});
