import { describe, expect, it } from "vitest";
import type { LeadRow } from "./lead-record.ts";
import { mergeRepeat } from "./merge-repeat.ts";
import { type ValidLead, validateLead } from "./validation/validate-lead.ts";

const now = new Date("2026-11-20T20:10:00Z");
const consent = { source: "form", reference: "r1", captured_at: "2026-11-20T20:00:00Z" };

function stored(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    id: "l1",
    account_id: "a1",
    channel_token_id: "t1",
    phone: null,
    email: "ana@example.com",
    first_name: "Ana",
    last_name: null,
    source: "partner",
    source_original: null,
    source_campaign: null,
    property_ref: null,
    price: null,
    language: null,
    timezone: null,
    state: null,
    postal_code: null,
    context: null,
    source_event_at: null,
    external_lead_id: "e1",
    platform: "crm",
    test: false,
    consent: null,
    consent_received_at: null,
    consent_channel_token_id: null,
    received_at: new Date("2026-11-20T20:00:00Z"),
    respond_by: new Date("2026-11-20T20:05:00Z"),
    updated_at: new Date("2026-11-20T20:00:00Z"),
    response_state: "not_called",
    response_reason: "no_consent",
    ignored_fields: null,
    ...overrides,
  };
}

function repeat(body: Record<string, unknown>): ValidLead {
  const result = validateLead({ platform: "crm", external_lead_id: "e1", ...body }, null, now);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.lead;
}

describe("mergeRepeat", () => {
  it("overwrites supplied fields and keeps the rest", () => {
    const { lead } = mergeRepeat(
      stored(),
      repeat({ email: "new@example.com", last_name: "García", source: "zz" }),
      "t2",
      now,
      false,
    );
    expect(lead).toMatchObject({
      email: "new@example.com",
      first_name: "Ana",
      last_name: "García",
      source: "form",
      source_original: "zz",
      received_at: new Date("2026-11-20T20:00:00Z"),
      respond_by: new Date("2026-11-20T20:05:00Z"),
    });
  });

  it("opens a call response once a complete consent and a phone are both there, from now when respond_by passed", () => {
    const consentOnly = mergeRepeat(stored(), repeat({ email: "a@b.co", consent }), "t2", now, false);
    expect(consentOnly.startsResponse).toBe(false);
    expect(consentOnly.lead).toMatchObject({ response_state: "not_called", response_reason: "no_phone" });
    expect(consentOnly.lead).toMatchObject({
      consent,
      consent_received_at: now,
      consent_channel_token_id: "t2",
    });

    const phoneToo = mergeRepeat(consentOnly.lead, repeat({ phone: "4155552671" }), "t2", now, false);
    expect(phoneToo.startsResponse).toBe(true);
    expect(phoneToo.lead).toMatchObject({
      response_state: "pending",
      response_reason: null,
      phone: "+14155552671",
      received_at: new Date("2026-11-20T20:00:00Z"),
      respond_by: new Date("2026-11-20T20:15:00Z"),
    });
  });

  it("keeps respond_by when the call is permitted in time, and answers by email a lead given an email in time", () => {
    const early = new Date("2026-11-20T20:02:00Z");
    const noEmail = { email: null, response_state: "not_called", response_reason: "no_consent" } as const;
    const called = mergeRepeat(stored(noEmail), repeat({ phone: "4155552671", consent }), "t2", early, false);
    expect(called).toMatchObject({ startsResponse: true, lead: { respond_by: stored().respond_by } });
    const emailed = mergeRepeat(stored(noEmail), repeat({ email: "a@b.co" }), "t2", early, false);
    expect(emailed.startsResponse).toBe(true);
    expect(emailed.lead).toMatchObject({ response_state: "pending", response_reason: "no_consent" });
  });

  it("withholds the call of a listed number, and never revives a wrong-number lead", () => {
    const listed = mergeRepeat(stored(), repeat({ phone: "4155552671", consent }), "t2", now, true);
    expect(listed.startsResponse).toBe(false);
    expect(listed.lead).toMatchObject({ response_state: "not_called", response_reason: "opted_out" });
    const voided = stored({ phone: "+14155552671", consent, response_reason: "wrong_number" });
    const again = mergeRepeat(voided, repeat({ email: "a@b.co", consent }), "t2", now, false);
    expect(again).toMatchObject({ startsResponse: false, lead: { response_reason: "wrong_number" } });
  });

  it("never makes a test lead eligible, and a repeat cannot change test", () => {
    const merged = mergeRepeat(
      stored({ test: true, response_reason: "test" }),
      repeat({ phone: "4155552671", consent, test: false }),
      "t1",
      now,
      false,
    );
    expect(merged.startsResponse).toBe(false);
    expect(merged.lead).toMatchObject({ test: true, response_state: "not_called", response_reason: "test" });
    const real = mergeRepeat(stored(), repeat({ email: "a@b.co", test: true }), "t1", now, false);
    expect(real.lead.test).toBe(false);
  });

  it("keeps a consent when the repeat sends none or null, and never re-enters a lead already in the flow", () => {
    const eligible = stored({
      phone: "+14155552671",
      consent,
      response_state: "handed_off",
      response_reason: null,
    });
    const merged = mergeRepeat(eligible, repeat({ email: "a@b.co", consent: null }), "t1", now, false);
    expect(merged.lead.consent).toEqual(consent);
    expect(merged.startsResponse).toBe(false);
    expect(merged.lead.response_state).toBe("handed_off");
  });

  it("decides a new phone of a called lead on its own: a new response, from now once respond_by passed; refused when listed", () => {
    const called = stored({
      phone: "+13055550101",
      consent,
      response_state: "handed_off",
      response_reason: null,
    });
    const later = new Date("2026-11-20T21:00:00Z");
    const moved = mergeRepeat(called, repeat({ phone: "(305) 555-0102" }), "t2", later, false);
    expect(moved.startsResponse).toBe(true);
    expect(moved.lead).toMatchObject({
      phone: "+13055550102",
      response_state: "pending",
      response_reason: null,
      respond_by: new Date("2026-11-20T21:05:00Z"),
    });
    const listed = mergeRepeat(called, repeat({ phone: "(305) 555-0103" }), "t2", later, true);
    // With an email the lead is answered by email, the new number refused.
    expect([listed.startsResponse, listed.lead.response_reason]).toEqual([true, "opted_out"]);
    const noEmail = mergeRepeat(
      { ...called, email: null },
      repeat({ phone: "(305) 555-0103" }),
      "t2",
      later,
      true,
    );
    expect([noEmail.startsResponse, noEmail.lead.response_reason]).toEqual([false, "opted_out"]);
    // The same number again is no change.
    expect(mergeRepeat(called, repeat({ phone: "(305) 555-0101" }), "t2", later, false).startsResponse).toBe(
      false,
    );
  });
});
