// The request rules JSON Schema can express, checked on the built document with ajv (not TypeBox).
import { describe, expect, it } from "vitest";
import { leadWithConsentExample, partnerLeadExample } from "./examples.ts";
import { componentValidator } from "./openapi-validator.ts";

const validate = componentValidator();
const lead = (overrides: Record<string, unknown>, base: object = leadWithConsentExample) => ({
  ...base,
  ...overrides,
});
const accepts = (value: unknown) => validate("LeadInput", value).valid;

describe("LeadInput schema", () => {
  it("accepts the documented examples", () => {
    expect(validate("LeadInput", leadWithConsentExample).errors).toEqual([]);
    expect(accepts(partnerLeadExample)).toBe(true);
  });

  it("needs a phone or an email", () => {
    expect(accepts({ first_name: "Ana" })).toBe(false);
    expect(accepts({ phone: "4155552671" })).toBe(true);
    expect(accepts({ email: "a@example.com" })).toBe(true);
  });

  it("keeps source_campaign to letters, digits, dots, dashes, underscores, at most 64", () => {
    expect(accepts(lead({ source_campaign: "spring_2026.a-b" }))).toBe(true);
    expect(accepts(lead({ source_campaign: "spring 2026" }))).toBe(false);
    expect(accepts(lead({ source_campaign: "" }))).toBe(false);
    expect(accepts(lead({ source_campaign: "x".repeat(64) }))).toBe(true);
    expect(accepts(lead({ source_campaign: "x".repeat(65) }))).toBe(false);
  });

  it("takes price in whole dollars and language en or es", () => {
    expect(accepts(lead({ price: 425000 }))).toBe(true);
    expect(accepts(lead({ price: 42.5 }))).toBe(false);
    expect(accepts(lead({ price: "425000" }))).toBe(false);
    expect(accepts(lead({ language: "es" }))).toBe(true);
    expect(accepts(lead({ language: "fr" }))).toBe(false);
  });

  it("accepts any source string: unknown ones are stored as form, not refused", () => {
    expect(accepts(lead({ source: "myspace" }))).toBe(true);
  });

  it("needs date-times with a zone", () => {
    expect(accepts(lead({ source_event_at: "2026-11-20T14:02:10Z" }))).toBe(true);
    expect(accepts(lead({ source_event_at: "2026-11-20T14:02:10.5+05:30" }))).toBe(true);
    expect(accepts(lead({ source_event_at: "2026-11-20T14:02:10" }))).toBe(false);
    expect(accepts(lead({ source_event_at: "2026-11-20" }))).toBe(false);
  });

  it("takes consent as null, absent, or all three non-empty strings", () => {
    const consent = { source: "form", reference: "sub_1", captured_at: "2026-11-20T14:02:00Z" };
    expect(accepts(lead({ consent }))).toBe(true);
    expect(accepts(lead({ consent: null }))).toBe(true);
    expect(accepts({ phone: "4155552671" })).toBe(true);
    expect(accepts(lead({ consent: {} }))).toBe(false);
    expect(accepts(lead({ consent: { ...consent, reference: "" } }))).toBe(false);
    const { captured_at: _, ...withoutTime } = consent;
    expect(accepts(lead({ consent: withoutTime }))).toBe(false);
    expect(accepts(lead({ consent: { ...consent, captured_at: "yesterday" } }))).toBe(false);
  });

  it("limits idempotency keys to 1-255 visible ASCII characters", () => {
    expect(accepts(lead({ idempotency_key: "k".repeat(255) }))).toBe(true);
    expect(accepts(lead({ idempotency_key: "k".repeat(256) }))).toBe(false);
    expect(accepts(lead({ idempotency_key: "has space" }))).toBe(false);
    expect(accepts(lead({ idempotency_key: "" }))).toBe(false);
  });

  it("ignores unknown top-level fields instead of refusing them", () => {
    expect(accepts(lead({ utm_campaign: "x" }))).toBe(true);
  });
});
