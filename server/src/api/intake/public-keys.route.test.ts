// An intake-only token (stl_pk_…, in every visitor's page) tried as an attacker would, through app.handle on
// PostgreSQL: it reads nothing another channel stored (dry run or not), learns nothing of the do-not-call list,
// cannot squat another channel's idempotency key, cannot tamper with or mark as test another channel's lead;
// consent follows the channel that collected it; a read token reads other channels' leads only when allowed.
import { CONSENT_OF_ANOTHER_CHANNEL } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { setReadsAllChannels } from "../../core/accounts/intake-guard.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import { rollAccountToken } from "../../core/accounts/token-service.ts";
import { addToList } from "../../core/dnc/service.ts";
import type { Database } from "../../db/database.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import { completeConsent, createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { ANY_BACKEND, openTestDatabase } from "../../testing/test-database.ts";
import { DRY_RUN_HEADER } from "./dry-run-header.ts";

let db: Database;
let app: App;
beforeAll(async () => {
  db = await openTestDatabase(ANY_BACKEND);
  app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
});
afterAll(() => db?.close());

/** An account with a CRM (read token, on a server) and a web form (intake-only token, in a page). */
async function account() {
  const crm = await createTestToken(db, undefined, "read");
  const form = await createChannelToken(db, crm.accountId, "Website form", "intake");
  return { accountId: crm.accountId, crm: crm.token, crmId: crm.tokenId, form: form.token, formId: form.id };
}

async function post(token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.handle(intakeRequest(body, { token, headers }));
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), headers: response.headers };
}

const read = (token: string, path: string) =>
  app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }));

const storedLead = async (id: string) =>
  (await db.query<Record<string, unknown>>("select * from leads where id = $1", [id]))[0]!;

/** The CRM's lead: every field a person would not want a stranger to read. */
const crmLead = (externalId: string) =>
  eligibleLead({
    platform: "crm",
    external_lead_id: externalId,
    phone: "(415) 555-0199",
    email: "ana.private@example.com",
    consent: { ...completeConsent(), ip_address: "198.51.100.23", user_agent: "Mozilla/5.0 (private)" },
  });

describe("an intake-only token meets another channel's lead", () => {
  it("a dry run (and a real post) with the CRM's platform and external id reads nothing the CRM stored", async () => {
    const acme = await account();
    const stored = await post(acme.crm, crmLead("C-100"));
    expect(stored.status).toBe(201);
    const probe = { platform: "crm", external_lead_id: "C-100", email: "x@example.com" };
    for (const headers of [{ [DRY_RUN_HEADER]: "true" }, {}] as Record<string, string>[]) {
      const answer = await post(acme.form, probe, headers);
      expect(answer.status).toBe(201);
      expect(schemaErrors("LeadAccepted", answer.body)).toEqual([]);
      expect(answer.body).toMatchObject({ created: true, test: false });
      expect(answer.body.id).not.toBe(stored.body.id);
      const text = JSON.stringify(answer.body);
      for (const secret of ["555-0199", "+14155550199", "ana.private", "198.51.100.23", "(private)", "Ana"])
        expect(text).not.toContain(secret);
      expect(answer.body.lead).toEqual({
        email: "x@example.com",
        source: "form",
        platform: "crm",
        external_lead_id: "C-100",
        test: false,
        consent: null,
        response: { state: "pending", reason: "no_consent" },
      });
    }
  });

  it("cannot overwrite, complete the consent of, or mark as test a lead the CRM posts", async () => {
    const acme = await account();
    const original = await post(acme.crm, { ...crmLead("C-200"), consent: undefined });
    const tamper = await post(acme.form, {
      platform: "crm",
      external_lead_id: "C-200",
      phone: "(415) 555-0111",
      email: "attacker@example.com",
      first_name: "Mallory",
      consent: completeConsent(),
    });
    expect([tamper.status, tamper.body.created]).toEqual([201, true]);
    const crmRow = await storedLead(original.body.id);
    expect(crmRow).toMatchObject({
      phone: "+14155550199",
      email: "ana.private@example.com",
      first_name: "Ana",
      consent: null,
      response_reason: "no_consent",
    });

    // Test-flag suppression: the form claims the CRM's next id as a test lead first.
    const squat = await post(acme.form, {
      platform: "crm",
      external_lead_id: "C-201",
      email: "t@example.com",
      test: true,
    });
    expect(squat.status).toBe(201);
    const real = await post(acme.crm, crmLead("C-201"));
    expect([real.status, real.body.created, real.body.test, real.body.call_eligible]).toEqual([
      201,
      true,
      false,
      true,
    ]);
    expect(real.body.id).not.toBe(squat.body.id);
    expect(await db.query("select 1 from response_tasks where lead_id = $1", [real.body.id])).toHaveLength(1);
  });

  it("repeats its own lead in its own namespace, answered from its request alone", async () => {
    const acme = await account();
    const first = await post(acme.form, {
      platform: "web",
      external_lead_id: "W-1",
      email: "w@example.com",
      first_name: "Wanda",
    });
    const again = await post(acme.form, {
      platform: "web",
      external_lead_id: "W-1",
      last_name: "Wes",
      email: "w2@example.com",
    });
    expect([again.status, again.body.created, again.body.id]).toEqual([200, false, first.body.id]);
    expect(again.body.lead).not.toHaveProperty("first_name");
    expect(await storedLead(first.body.id)).toMatchObject({ email: "w2@example.com", last_name: "Wes" });
  });
});

describe("what an intake-only token's answers never say", () => {
  it("whether a number is on the do-not-call list: a listed and an unlisted number answer alike", async () => {
    const acme = await account();
    await addToList(db, { accountId: acme.accountId, phone: "+14155550123", via: "page", actor: "t" });
    const shape = (body: Record<string, unknown>) => ({ ...body, id: "", received_at: "", respond_by: "" });
    for (const headers of [{ [DRY_RUN_HEADER]: "true" }, {}] as Record<string, string>[]) {
      const listed = await post(
        acme.form,
        eligibleLead({ phone: "(415) 555-0123", consent: undefined }),
        headers,
      );
      const unlisted = await post(
        acme.form,
        eligibleLead({ phone: "(415) 555-0124", consent: undefined }),
        headers,
      );
      const strip = (body: Record<string, unknown>) => {
        const lead = { ...(body.lead as Record<string, unknown>) };
        delete lead.phone;
        return shape({ ...body, lead });
      };
      expect(strip(listed.body)).toEqual(strip(unlisted.body));
      const withConsent = eligibleLead({ phone: "(415) 555-0123" });
      const answer = await post(acme.form, withConsent, headers);
      expect([answer.body.call_eligible, answer.body.lead.response]).toEqual([true, { state: "pending" }]);
      expect(JSON.stringify(answer.body)).not.toContain("opted_out");
      if (!headers[DRY_RUN_HEADER]) {
        // The lead itself is not called: the list still decides.
        expect(await storedLead(answer.body.id)).toMatchObject({ response_reason: "opted_out" });
      }
    }
    // The read token (on the account's server) is told the truth.
    const told = await post(acme.crm, eligibleLead({ phone: "(415) 555-0123", email: "t@example.com" }));
    expect(told.body.lead.response).toEqual({ state: "pending", reason: "opted_out" });
  });

  it("another channel's idempotency key: neither squatted nor revealed, both ways", async () => {
    const acme = await account();
    const key = { "idempotency-key": `crm-sync-${crypto.randomUUID()}` };
    // The form squats the key the CRM will use next.
    expect((await post(acme.form, { email: "squat@example.com" }, key)).status).toBe(201);
    const crm = await post(acme.crm, { email: "real@example.com" }, key);
    expect([crm.status, crm.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(crm.body.lead.email).toBe("real@example.com");
    // A key only the CRM used is no oracle for the form either: a fresh accept, not 422.
    const crmOnly = { "idempotency-key": `crm-sync-${crypto.randomUUID()}` };
    expect((await post(acme.crm, { email: "crm@example.com" }, crmOnly)).status).toBe(201);
    const probe = await post(acme.form, { email: "probe@example.com" }, crmOnly);
    expect([probe.status, probe.headers.get("idempotent-replayed")]).toEqual([201, null]);
    // Its own keys still work as keys: a retry replays, another payload is refused.
    const own = { "idempotency-key": "form-1" };
    const firstPost = await post(acme.form, { email: "a@example.com" }, own);
    const replay = await post(acme.form, { email: "a@example.com" }, own);
    expect([replay.status, replay.body.id, replay.headers.get("idempotent-replayed")]).toEqual([
      201,
      firstPost.body.id,
      "true",
    ]);
    expect((await post(acme.form, { email: "b@example.com" }, own)).status).toBe(422);
  });
});

describe("consent follows the channel that collected it", () => {
  it("another token's repeat cannot add or replace a lead's consent; the first channel (and its roll) can", async () => {
    const crm = await createTestToken(db, undefined, "read");
    const vendor = await createChannelToken(db, crm.accountId, "Lead vendor", "read");
    const lead = { ...crmLead("V-1"), consent: undefined };
    const first = await post(crm.token, lead);
    expect(first.body.lead.consent).toBeNull();
    const foreign = await post(vendor.token, {
      platform: "crm",
      external_lead_id: "V-1",
      email: "v@example.com",
      consent: completeConsent(),
    });
    expect([foreign.status, foreign.body.call_eligible]).toEqual([200, false]);
    expect(foreign.body.ignored_fields).toContain(CONSENT_OF_ANOTHER_CHANNEL);
    expect(await storedLead(first.body.id)).toMatchObject({ consent: null, response_reason: "no_consent" });

    const rolled = await rollAccountToken(db, crm.accountId, crm.tokenId, "1h");
    if (!rolled.ok) throw new Error("roll refused");
    const own = await post(rolled.token, {
      platform: "crm",
      external_lead_id: "V-1",
      email: "v@example.com",
      consent: completeConsent(),
    });
    expect([own.status, own.body.call_eligible, own.body.ignored_fields]).toEqual([200, true, []]);
  });
});

describe("reading another channel's leads", () => {
  it("is off for a new read token, by id and by external id, until its owner allows it", async () => {
    const acme = await account();
    const vendor = await createChannelToken(db, acme.accountId, "Vendor", "read");
    const lead = await post(acme.crm, crmLead("R-1"));
    const paths = [
      `/api/speed-to-lead/leads/${lead.body.id}`,
      "/api/speed-to-lead/leads?platform=crm&external_lead_id=R-1",
    ];
    for (const path of paths) {
      expect((await read(acme.crm, path)).status).toBe(200);
      const refused = await read(vendor.token, path);
      expect([refused.status, (await refused.json()).code]).toEqual([404, "lead_not_found"]);
    }
    expect(await setReadsAllChannels(db, acme.accountId, vendor.id, true)).toBe(true);
    // The token's settings are read with it (cached up to 4 s): a new app reads them now.
    const fresh = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
    for (const path of paths) {
      const answer = await fresh.handle(
        new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${vendor.token}` } }),
      );
      expect(answer.status).toBe(200);
    }
  });
});
