// What the spec says a 200/201 must say about a valid lead: normalization, fallbacks, eligibility, deadlines.
import { LEAD_SOURCES, RESPOND_WITHIN_SECONDS } from "@speed-to-lead/spec";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { expect } from "vitest";

/** The body as the server parsed it: what JSON.stringify sent, read back (-0 becomes 0, and so on). */
export const asSent = (body: Record<string, unknown>): Record<string, any> =>
  JSON.parse(JSON.stringify(body));

/** The lead's own fields stored as sent, with no normalization documented for them (a repeat sends them too). */
export const LEAD_FIELDS_STORED_AS_SENT = [
  "email",
  "first_name",
  "last_name",
  "source_campaign",
  "property_ref",
  "price",
  "language",
] as const;

/** Fields stored as sent: the lead's own and its (platform, external_lead_id) identity. */
const VERBATIM_FIELDS = [...LEAD_FIELDS_STORED_AS_SENT, "external_lead_id", "platform"] as const;

/** By name: a DateTimeFormat is costly to build (5 % of the contract suite's CPU), and the zones are few. */
const canonicalZones = new Map<string, string>();
function canonicalTimeZone(name: string): string {
  let canonical = canonicalZones.get(name);
  if (canonical === undefined) {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    canonicalZones.set(name, canonical);
  }
  return canonical;
}

/** A complete consent block: three non-empty strings (the spec's definition). */
export const hasCompleteConsent = (body: Record<string, any>) =>
  typeof body.consent === "object" &&
  body.consent !== null &&
  ["source", "reference", "captured_at"].every(
    (field) => typeof body.consent[field] === "string" && body.consent[field] !== "",
  );

/**
 * Checks a 201 body against the lead that was sent (a first request, not a repeat).
 *
 * @example expectAcceptedLead(asSent(body), created.body, { extraFields: ["utm_campaign"] });
 */
export function expectAcceptedLead(
  sent: Record<string, any>,
  accepted: any,
  expected: { extraFields: string[]; e164?: string },
): void {
  const lead = accepted.lead;
  const context = JSON.stringify(sent).slice(0, 400);

  // Phone: E.164 as libphonenumber-js writes it (extensions dropped), and as the generator meant it.
  if (sent.phone === undefined) expect(lead.phone, context).toBeUndefined();
  else {
    const e164 = parsePhoneNumberFromString(sent.phone, { defaultCountry: "US" })?.number;
    expect(lead.phone, context).toBe(e164);
    if (expected.e164) expect(lead.phone, context).toBe(expected.e164);
  }
  for (const field of VERBATIM_FIELDS) expect(lead[field], `${field} of ${context}`).toEqual(sent[field]);
  expect(lead.context, context).toEqual(sent.context);
  if (sent.timezone === undefined) expect(lead.timezone).toBeUndefined();
  else expect([sent.timezone, canonicalTimeZone(sent.timezone)], context).toContain(lead.timezone);
  if (sent.source_event_at === undefined) expect(lead.source_event_at).toBeUndefined();
  else expect(Date.parse(lead.source_event_at), context).toBe(Date.parse(sent.source_event_at));

  // Source: a known value kept; anything else stored as "form" with the value sent in source_original.
  if (sent.source === undefined || (LEAD_SOURCES as readonly string[]).includes(sent.source)) {
    expect(lead.source, context).toBe(sent.source ?? "form");
    expect(lead.source_original, context).toBeUndefined();
  } else {
    expect(lead.source, context).toBe("form");
    expect(lead.source_original, context).toBe(sent.source);
  }

  // Consent is stored exactly as received; null when absent.
  expect(lead.consent, context).toEqual(sent.consent ?? null);
  expect(lead.test).toBe(sent.test ?? false);
  expect(accepted.test).toBe(sent.test ?? false);
  expectEligibility(sent, accepted);

  // Unknown top-level names: listed, not stored.
  expect([...accepted.ignored_fields].sort(), context).toEqual([...expected.extraFields].sort());
  for (const name of expected.extraFields) expect(Object.hasOwn(lead, name), name).toBe(false);

  // The five-minute response.
  expect(Date.parse(accepted.respond_by) - Date.parse(accepted.received_at)).toBe(
    RESPOND_WITHIN_SECONDS * 1000,
  );
}

/**
 * call_eligible is complete consent AND not a test lead AND a phone; otherwise the reason is the first
 * that applies (test, no_consent, no_phone), and the lead is still answered (pending, by email only)
 * when it is not a test lead and has an email; else it is not_called.
 */
export function expectEligibility(sent: Record<string, any>, accepted: any): void {
  const test = sent.test === true;
  const consent = hasCompleteConsent(sent);
  const phone = typeof sent.phone === "string";
  expect(accepted.call_eligible, JSON.stringify(sent).slice(0, 400)).toBe(consent && !test && phone);
  if (accepted.call_eligible) {
    expect(accepted.lead.response.state).toBe("pending");
  } else {
    const reason = test ? "test" : !consent ? "no_consent" : "no_phone";
    const emailOnly = !test && typeof sent.email === "string";
    expect(accepted.lead.response).toEqual({ state: emailOnly ? "pending" : "not_called", reason });
  }
}
