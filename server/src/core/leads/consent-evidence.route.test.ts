// Consent evidence through the real intake and dispatcher (PGlite and PostgreSQL): stored as received, passed on, required when the account says so.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { createChannelToken, setEvidenceRequirement } from "../accounts/token-repository.ts";

const evidence = {
  trustedform_url: "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567",
  leadid_token: "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D",
  disclosure: "By clicking Submit I agree that Acme Realty may call me at the number above.",
  sellers: ["Acme Realty"],
  page_url: "https://example.com/contact",
  ip_address: "203.0.113.7",
  user_agent: "Mozilla/5.0 (X11; Linux x86_64)",
  vendor_extra: { kept: true },
};

describe.each(BACKENDS)("consent evidence on %s", (backend) => {
  let fixture: HandoffFixture;
  let slug: string;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    [{ slug }] = (await fixture.db.query<{ slug: string }>("select slug from accounts where id = $1", [
      fixture.accountId,
    ])) as [{ slug: string }];
  });
  afterEach(async () => {
    await fixture.reset();
    await setEvidenceRequirement(fixture.db, slug, "none");
  });
  afterAll(() => fixture?.close());

  const withConsent = (extra: Record<string, unknown>, overrides: Record<string, unknown> = {}) => {
    const lead = eligibleLead(overrides);
    return { ...lead, consent: { ...lead.consent, ...extra } };
  };

  it("stores the block exactly as received and hands it to the assistant as is", async () => {
    fixture.startDispatcher();
    const sent = withConsent(evidence);
    const posted = await fixture.post(sent);
    expect(posted.status).toBe(201);
    expect(posted.body.lead.consent).toEqual(sent.consent);
    await fixture.waitUntilSettled();
    const payload = fixture.assistant.deliveries.find(
      (d) => d.payload.data.lead_id === posted.body.id,
    )!.payload;
    expect(payload.data.consent).toEqual(sent.consent);
  });

  it("refuses a certificate from another host with its own code", async () => {
    const refused = await fixture.post(
      withConsent({ trustedform_url: "https://cert.trustedform.com.evil.example/x" }),
    );
    expect(refused.status).toBe(422);
    expect((refused.body as unknown as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ pointer: "/consent/trustedform_url", code: "trustedform_url_invalid" }),
    ]);
  });

  it("an account requiring either: a lead without is stored and answered by email, not called; one with a LeadiD token is called", async () => {
    expect(await setEvidenceRequirement(fixture.db, slug, "either")).toBe(true);
    // A token not seen before: the authenticator keeps a seen token's record (and setting) up to 4 s.
    const { token } = await createChannelToken(fixture.db, fixture.accountId, "evidence");
    const post = (lead: unknown) => fixture.post(lead, { authorization: `Bearer ${token}` });
    fixture.startDispatcher();
    const without = await post(withConsent({}, { phone: "(415) 555-0171", email: "ana@example.com" }));
    expect(without.status).toBe(201);
    expect(without.body).toMatchObject({
      call_eligible: false,
      lead: { response: { state: "pending", reason: "evidence_missing" } },
    });
    const noEmail = await post(withConsent({}, { phone: "(415) 555-0172" }));
    expect(noEmail.body).toMatchObject({
      call_eligible: false,
      lead: { response: { state: "not_called", reason: "evidence_missing" } },
    });
    const withToken = await post(
      withConsent({ leadid_token: evidence.leadid_token }, { phone: "(415) 555-0173" }),
    );
    expect(withToken.body).toMatchObject({ call_eligible: true });
    await fixture.waitUntilSettled();
    const byLead = (id: string) =>
      fixture.assistant.deliveries.find((d) => d.payload.data.lead_id === id)?.payload.data;
    expect(byLead(without.body.id)).toMatchObject({ call: { permitted: false, reason: "evidence_missing" } });
    expect(byLead(without.body.id)?.phone).toBeUndefined();
    expect(byLead(noEmail.body.id)).toBeUndefined();
    expect(byLead(withToken.body.id)).toMatchObject({ call: { permitted: true }, phone: "+14155550173" });
  });
});
