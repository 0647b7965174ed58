// The detail view's data on PGlite and PostgreSQL: every field, consent as received, keys, repeats, attempts; scoped by account.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../testing/eventually.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import {
  BACKENDS,
  type InboxFixture,
  openWithTwoAccounts,
  type TestChannel,
} from "../../testing/inbox-fixture.ts";
import { completeConsent } from "../../testing/intake-requests.ts";
import { numberStanding } from "../dnc/number-standing.ts";
import { addToList } from "../dnc/service.ts";
import { LISTED_CALL_ATTEMPTS, recordCallAttempt } from "../handoff/call-caps.ts";
import { getLeadDetail } from "./lead-detail.ts";

describe.each(BACKENDS)("lead detail on %s", (backend) => {
  let fixture: InboxFixture;
  let web: TestChannel;
  let partner: TestChannel;
  let other: TestChannel;

  beforeAll(async () => {
    ({ fixture, web, other } = await openWithTwoAccounts(backend));
    partner = await fixture.newChannel(web.accountId, "Partner <b>feed</b>");
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture?.close());

  it("lists the fields the API ignored in the lead's requests, once each", async () => {
    const first = await fixture.postAs(
      web,
      { email: "i@example.com", crm_owner: "Bo", "<b>x</b>": 1 },
      { "idempotency-key": "ignored-1" },
    );
    expect(first.body.ignored_fields).toEqual(["crm_owner", "<b>x</b>"]);
    const detail = await getLeadDetail(fixture.db, web.accountId, first.body.id);
    expect(detail?.ignored_fields).toEqual(["crm_owner", "<b>x</b>"]);
    const plain = await fixture.postAs(web, { email: "j@example.com" }, { "idempotency-key": "ignored-2" });
    expect((await getLeadDetail(fixture.db, web.accountId, plain.body.id))?.ignored_fields).toEqual([]);
  });

  it("lists a lead's latest call attempts oldest first, with how many came before; another lead's are not its", async () => {
    const lead = await fixture.postAs(web, { phone: "(415) 555-0178", email: "ca@example.com" });
    const other = await fixture.postAs(web, { phone: "(415) 555-0178", email: "cb@example.com" });
    const start = Date.parse("2026-11-20T15:00:00Z");
    const total = LISTED_CALL_ATTEMPTS + 5;
    for (let i = 0; i < total; i++)
      await recordCallAttempt(fixture.db, {
        accountId: web.accountId,
        phone: "+14155550178",
        leadId: lead.body.id,
        attemptedAt: new Date(start + i * 60_000),
        webhookId: `msg_${i}`,
      });
    await recordCallAttempt(fixture.db, {
      accountId: web.accountId,
      phone: "+14155550178",
      leadId: other.body.id,
      attemptedAt: new Date(start),
      webhookId: "msg_other",
    });
    const calls = (await getLeadDetail(fixture.db, web.accountId, lead.body.id))!.call_attempts;
    expect(calls.earlier).toBe(5);
    expect(calls.attempts).toHaveLength(LISTED_CALL_ATTEMPTS);
    expect(calls.attempts[0]!.attempted_at.toISOString()).toBe(new Date(start + 5 * 60_000).toISOString());
    expect(calls.attempts.at(-1)!.attempted_at.toISOString()).toBe(
      new Date(start + (total - 1) * 60_000).toISOString(),
    );
    expect((await getLeadDetail(fixture.db, web.accountId, other.body.id))!.call_attempts).toEqual({
      attempts: [{ attempted_at: new Date(start) }],
      earlier: 0,
    });
  });

  it("lists the status callbacks told to the sender; the number's standing on the list, by account", async () => {
    const lead = await fixture.postAs(web, { phone: "(415) 555-0177", email: "cb@example.com" });
    await fixture.db.query(
      `insert into status_callbacks (id, lead_id, channel_token_id, type, status, attempts, delivered_at)
       values ($1, $2, $3, 'lead.handed_off', 'delivered', 1, now())`,
      [Bun.randomUUIDv7(), lead.body.id, web.tokenId],
    );
    await addToList(fixture.db, {
      accountId: web.accountId,
      phone: "+14155550177",
      via: "cli",
      actor: "ops",
    });
    const detail = await getLeadDetail(fixture.db, web.accountId, lead.body.id);
    expect(detail?.callbacks).toMatchObject([{ type: "lead.handed_off", status: "delivered", attempts: 1 }]);
    expect(await numberStanding(fixture.db, web.accountId, detail!.phone)).toMatchObject({
      listed: true,
      history: [{ action: "add", via: "cli", actor: "ops" }],
    });
    // Another account's list says nothing about the same number.
    expect(await numberStanding(fixture.db, other.accountId, "+14155550177")).toEqual({
      listed: false,
      history: [],
    });
    expect(await numberStanding(fixture.db, web.accountId, null)).toEqual({ listed: false, history: [] });
  });

  it("gives every stored field, the consent as received with when and which token, the key and the repeats", async () => {
    // The fields no repeat changes and no normalization touches: the detail must give each exactly as sent.
    const storedAsSent = {
      first_name: "<script>alert(1)</script>",
      property_ref: "12 Oak St",
      price: 450_000,
      context: { "<img src=x>": "=1+1" },
      platform: "hubspot",
      external_lead_id: "HS-1",
      language: "es",
    };
    // Consent follows the channel that collected it: the partner posts the lead first, so its repeat may add it.
    const first = await fixture.postAs(
      partner,
      { ...storedAsSent, email: "a@example.com", source: "somewhere-new" },
      { "idempotency-key": "first-key" },
    );
    expect(first.status).toBe(201);
    const consent = { ...completeConsent(), reference: "ref-<b>1</b>", text: "I agree" };
    const repeat = await fixture.postAs(
      partner,
      { platform: "hubspot", external_lead_id: "HS-1", email: "b@example.com", consent },
      { "idempotency-key": "repeat-key" },
    );
    expect(repeat.status).toBe(200);
    const unchanged = await fixture.postAs(web, {
      platform: "hubspot",
      external_lead_id: "HS-1",
      email: "b@example.com",
    });
    expect(unchanged.status).toBe(200);

    const detail = await getLeadDetail(fixture.db, web.accountId, first.body.id);
    expect(detail).toMatchObject({
      id: first.body.id,
      phone: null,
      phone_display: null,
      ...storedAsSent,
      email: "b@example.com",
      source: "form",
      source_original: "somewhere-new",
      test: false,
      channel: { id: partner.tokenId, name: "Partner <b>feed</b>" },
      // No phone to call, an email to answer: an email-only hand-off.
      response_state: "pending",
      call_eligible: false,
      not_called_reason: "no_phone",
    });
    expect(detail!.consent!.block).toEqual(consent);
    expect(detail!.consent!.channel).toEqual({ id: partner.tokenId, name: "Partner <b>feed</b>" });
    expect(detail!.consent!.received_at).toBeInstanceOf(Date);
    expect(detail!.idempotency_keys.map((entry) => entry.key)).toEqual(["first-key", "repeat-key"]);
    expect(
      detail!.repeats.shown.map(({ channel_token_id, channel_name, changed_fields }) => ({
        channel_token_id,
        channel_name,
        changed_fields,
      })),
    ).toEqual([
      {
        channel_token_id: partner.tokenId,
        channel_name: "Partner <b>feed</b>",
        changed_fields: ["email", "consent", "response_reason"],
      },
      { channel_token_id: web.tokenId, channel_name: "test", changed_fields: [] },
    ]);
    expect(detail!.handoff).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("is not found for another account, an unknown id or a malformed one", async () => {
    const { body } = await fixture.postAs(web, { email: "c@example.com" });
    expect(await getLeadDetail(fixture.db, web.accountId, body.id)).toBeDefined();
    expect(await getLeadDetail(fixture.db, other.accountId, body.id)).toBeUndefined();
    expect(await getLeadDetail(fixture.db, web.accountId, crypto.randomUUID())).toBeUndefined();
    expect(await getLeadDetail(fixture.db, web.accountId, "1 or 1=1")).toBeUndefined();
  });

  it("lists the hand-off attempts with status, error and latency", async () => {
    // Earlier tests' email-only hand-offs go first, so the failures below meet this lead.
    fixture.startDispatcher();
    await fixture.waitUntilSettled();
    fixture.assistant.failNext(2, 503);
    const { body } = await fixture.postAs(web, eligibleLead());
    await fixture.waitUntilSettled();
    // The attempt's history is written beside the settlement, not before it.
    const detail = await eventually(
      () => getLeadDetail(fixture.db, web.accountId, body.id),
      (lead) => lead?.attempts.length === 3,
    );
    expect(detail!.response_state).toBe("handed_off");
    expect(detail!.handoff).toMatchObject({ status: "delivered", attempts: 3 });
    expect(detail!.attempts.map(({ attempt, ok, http_status }) => ({ attempt, ok, http_status }))).toEqual([
      { attempt: 1, ok: false, http_status: 503 },
      { attempt: 2, ok: false, http_status: 503 },
      { attempt: 3, ok: true, http_status: 200 },
    ]);
    expect(detail!.attempts[0]!.error).toMatch(/503/);
    for (const attempt of detail!.attempts) {
      expect(attempt.latency_ms).toBeGreaterThanOrEqual(0);
      expect(attempt.started_at.getTime()).toBeGreaterThanOrEqual(detail!.received_at.getTime());
    }
  });
});
