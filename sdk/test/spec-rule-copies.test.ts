// The SDK keeps its own copies of a few spec rules (so its bundle never carries the spec): each must equal the spec's.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  CHANNEL_TOKEN_PREFIX,
  CONSENT_CLOCK_SKEW_SECONDS,
  ConsentSchema,
  DATE_TIME_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  INTAKE_TOKEN_PREFIX,
  LEAD_INTAKE_PATH,
  LEADID_TOKEN_PATTERN,
  TRUSTEDFORM_URL_PATTERN,
  US_PHONE_COUNTRIES,
  WEBHOOK_TOLERANCE_SECONDS,
} from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY, LEAD_INTAKE_PATH as SDK_LEAD_INTAKE_PATH } from "../src/client.ts";
import { CONSENT_CLOCK_SKEW_MS, CONSENT_TEXT_MAX, DATE_TIME_WITH_ZONE } from "../src/consent.ts";
import {
  EVIDENCE_RULES,
  LEADID_TOKEN,
  PAGE_URL,
  SELLERS_MAX,
  TRUSTEDFORM_URL,
} from "../src/consent-evidence.ts";
import { US_PHONE_COUNTRIES as SDK_US_PHONE_COUNTRIES } from "../src/phone.ts";
import { READ_TOKEN_PREFIX, INTAKE_TOKEN_PREFIX as SDK_INTAKE_PREFIX } from "../src/token-scope.ts";
import { DEFAULT_WEBHOOK_TOLERANCE_SECONDS } from "../src/webhooks.ts";

/** A regular expression as the spec writes a pattern: its source, and no flags that would change it. */
const asPattern = (regex: RegExp) => (regex.flags === "" ? regex.source : `/${regex.source}/${regex.flags}`);

/** A spec pattern as a regular expression literal writes it ("/" escaped). */
const sourceOf = (pattern: string) => new RegExp(pattern).source;
const evidence = ConsentSchema.properties;
/** A string schema's bounds, as the SDK's rule writes them (an unset bound left out). */
const bounds = (schema: { minLength?: number; maxLength?: number }) => ({
  min: schema.minLength,
  max: schema.maxLength,
});
const ruleBounds = (rule: { min?: number; max?: number }) => ({ min: rule.min, max: rule.max });

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
  ["the TrustedForm certificate pattern", asPattern(TRUSTEDFORM_URL), sourceOf(TRUSTEDFORM_URL_PATTERN)],
  ["the LeadiD token pattern", asPattern(LEADID_TOKEN), LEADID_TOKEN_PATTERN],
  ["the consent page_url pattern", asPattern(PAGE_URL), sourceOf(evidence.page_url.pattern ?? "")],
  [
    "the consent evidence fields",
    Object.keys(EVIDENCE_RULES).sort(),
    Object.keys(evidence)
      .filter((field) => !["source", "reference", "captured_at"].includes(field))
      .sort(),
  ],
  ["consent.source's length", { min: 1, max: CONSENT_TEXT_MAX }, bounds(evidence.source)],
  ["consent.reference's length", { min: 1, max: CONSENT_TEXT_MAX }, bounds(evidence.reference)],
  ["the disclosure's length", ruleBounds(EVIDENCE_RULES.disclosure), bounds(evidence.disclosure)],
  ["the user_agent's length", ruleBounds(EVIDENCE_RULES.user_agent), bounds(evidence.user_agent)],
  ["the page_url's length", ruleBounds(EVIDENCE_RULES.page_url), bounds(evidence.page_url)],
  ["the ip_address's length", ruleBounds(EVIDENCE_RULES.ip_address), bounds(evidence.ip_address)],
  ["a seller name's length", ruleBounds(EVIDENCE_RULES.sellers), bounds(evidence.sellers.items)],
  ["how many sellers", [1, SELLERS_MAX], [evidence.sellers.minItems, evidence.sellers.maxItems]],
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

describe("the spec's texts match the token kinds the SDK knows", () => {
  const documents = ["openapi.json", "openapi.es.json"].map(
    (file) =>
      JSON.parse(readFileSync(join(import.meta.dirname, "../../spec", file), "utf8")) as {
        components: { securitySchemes: { bearerAuth: { description: string } } };
      },
  );

  it.each(documents.map((document, i) => [i === 0 ? "English" : "Spanish", document] as const))(
    "the bearer description (%s) names both prefixes, and which one reads",
    (_language, document) => {
      const { description } = document.components.securitySchemes.bearerAuth;
      expect(description).toContain(READ_TOKEN_PREFIX);
      expect(description).toContain(SDK_INTAKE_PREFIX);
      expect(description).toContain("token_intake_only");
    },
  );
});
