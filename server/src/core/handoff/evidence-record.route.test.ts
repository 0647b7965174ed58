// A lead's evidence record through the real app (PGlite and PostgreSQL): its contents, its seal, the API and the console download.
import { createHash } from "node:crypto";
import { LEADS_PATH } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { createTestToken } from "../../testing/intake-requests.ts";
import { signedEventRequest } from "../../testing/signed-event.ts";
import { canonicalJson, verifySeal } from "./evidence-signature.ts";

const KEY = "k".repeat(16) + crypto.randomUUID();
const consentEvidence = {
  trustedform_url: "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567",
  leadid_token: "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D",
  disclosure: "I agree that Acme Realty may call me.",
  sellers: ["Acme Realty"],
};

describe.each(BACKENDS)("evidence record on %s", (backend) => {
  let fixture: HandoffFixture;
  let keyed: App;
  let leadId: string;
  let sent: ReturnType<typeof eligibleLead>;
  const get = (app: App, id: string, token = fixture.token) =>
    app.handle(
      new Request(`http://localhost${LEADS_PATH}/${id}/evidence`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );

  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    keyed = createApp({ db: fixture.db, evidenceKey: KEY, rateLimit: { perSecond: 0, burst: 0 } });
    fixture.startDispatcher();
    const lead = eligibleLead({ phone: "(305) 555-0199" });
    sent = { ...lead, consent: { ...lead.consent, ...consentEvidence } };
    leadId = (await fixture.post(sent)).body.id;
    await fixture.waitUntilSettled();
    const event = (type: string, data: object = {}) =>
      fixture.app.handle(
        signedEventRequest(
          JSON.stringify({ type, timestamp: new Date().toISOString(), data: { lead_id: leadId, ...data } }),
          fixture.assistant.secret,
        ),
      );
    expect((await event("lead.call_attempted", { attempted_at: new Date().toISOString() })).status).toBe(200);
    expect((await event("lead.opted_out")).status).toBe(200);
  });
  afterAll(() => fixture?.close());

  it("holds the consent as received, the arrival, each hand-off's decision with its rules, the attempts and the opt-out", async () => {
    const response = await get(keyed, leadId);
    expect(response.status).toBe(200);
    const record = await response.json();
    expect(schemaErrors("EvidenceRecord", record)).toEqual([]);
    expect(record.consent.as_received).toEqual(sent.consent);
    expect(record.consent.channel_token).toMatchObject({ name: "handoff tests" });
    expect(record.lead).toMatchObject({
      id: leadId,
      phone: "+13055550199",
      channel_token: { name: "handoff tests" },
    });
    const [handoff] = record.decisions.handoffs;
    expect(handoff).toMatchObject({
      attempt: 1,
      acknowledged: true,
      decision: { call: { permitted: true } },
    });
    expect(handoff.decision.rules_version).toBe(record.decisions.rules_version_now);
    expect(handoff.decision.call_window.rules_applied).toContainEqual(
      expect.objectContaining({ kind: "hours", jurisdiction: "US-FL", checked: "2026-11-25" }),
    );
    // The decision is kept whole: where the person may be, which rules, the caps' counts.
    expect(handoff.decision).toMatchObject({
      places: [{ source: "area_code", value: "305", zones: ["America/New_York"], states: ["FL"] }],
      rules: ["US", "US-FL"],
      caps: [{ jurisdiction: "US-FL", calls: 3, hours: 24 }],
      holds: [],
    });
    expect(record.assistant_events.call_attempts).toHaveLength(1);
    expect(record.assistant_events.do_not_call).toEqual([
      expect.objectContaining({ action: "add", via: "assistant" }),
    ]);
    expect(record.decisions.response).toEqual({ state: "handed_off", reason: null });
  });

  it("is sealed: the hash and HMAC cover every other byte, an edit shows, the same read gives the same bytes", async () => {
    const text = await (await get(keyed, leadId)).text();
    const record = JSON.parse(text);
    const { seal, ...rest } = record;
    expect(seal.content_sha256).toBe(createHash("sha256").update(canonicalJson(rest)).digest("hex"));
    expect(seal.signature).toMatchObject({
      algorithm: "HMAC-SHA256",
      key_id: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    expect(verifySeal(record, KEY)).toBe(true);
    expect(verifySeal(record, `${KEY}x`)).toBe(false);
    const edited = structuredClone(record);
    edited.consent.as_received.reference = "forged";
    expect(verifySeal(edited, KEY)).toBe(false);
    expect(await (await get(keyed, leadId)).text()).toBe(text);
  });

  it("without a key: the hash only; another account's token gets 404", async () => {
    const unsigned = await (await get(fixture.app, leadId)).json();
    expect(unsigned.seal.signature).toBeNull();
    expect(unsigned.seal.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    const other = await createTestToken(fixture.db, `other-${backend}`);
    expect((await get(keyed, leadId, other.token)).status).toBe(404);
  });

  it("the console offers the same document as a download to the account's owner", async () => {
    const [{ slug }] = (await fixture.db.query<{ slug: string }>("select slug from accounts where id = $1", [
      fixture.accountId,
    ])) as [{ slug: string }];
    const { client } = await signedInOwner(
      fixture.db,
      (request) => keyed.handle(request),
      slug,
      `ana-${backend}@example.com`,
    );
    const detail = await (await client.get(`/console/inbox/${leadId}`)).text();
    expect(detail).toContain(`/console/inbox/${leadId}/evidence.json`);
    const download = await client.get(`/console/inbox/${leadId}/evidence.json`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(await download.text()).toBe(await (await get(keyed, leadId)).text());
  });
});
