// POST /api/speed-to-lead/call-checks through the real app, dispatcher and database (PGlite and PostgreSQL).
import {
  CALL_CHECKS_PATH,
  CALL_CHECKS_PER_HANDOFF,
  type CallCheckAnswer,
  LEADS_PATH,
} from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { createChannelToken, ensureAccount } from "../../core/accounts/token-repository.ts";
import { addHold } from "../../core/handoff/call-holds.ts";
import { generateWebhookSecret } from "../../testing/fake-assistant.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { type Signing, signedEventRequest } from "../../testing/signed-event.ts";
import { localMinutes } from "../../testing/zone-clock.ts";

const HOUR = 3_600_000;

/**
 * The first quarter-hour from now at which `zone` shows a local hour in [from, to): the instant a check decides
 * at, since a number's window is that of every place it may be (its area code's zones included), whatever the
 * test's own time of day.
 */
function nextLocalHour(zone: string, from: number, to = from + 1): number {
  let at = Math.ceil(Date.now() / (15 * 60_000)) * 15 * 60_000;
  while (localMinutes(at, zone) < from * 60 || localMinutes(at, zone) >= to * 60) at += 15 * 60_000;
  return at;
}
const MIAMI = "America/New_York";
const SAN_FRANCISCO = "America/Los_Angeles";

describe.each(BACKENDS)("pre-dial checks on %s", (backend) => {
  let fixture: HandoffFixture;
  /** The instant checks decide at; each test sets it inside or outside its number's hours. */
  let checkAt = Date.now();
  let checking: HandoffFixture["app"];
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    checking = createApp({
      db: fixture.db,
      rateLimit: { perSecond: 0, burst: 0 },
      assistantSecret: fixture.assistant.secret,
      callCheckClock: () => checkAt,
    });
  });
  afterEach(() => {
    checkAt = Date.now();
    return fixture.reset();
  });
  afterAll(() => fixture?.close());

  async function send(path: string, body: unknown, signing: Signing = {}, app = fixture.app) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    const response = await app.handle(signedEventRequest(text, fixture.assistant.secret, signing, path));
    const json = await response.json();
    const schema =
      response.status === 200 ? (path === CALL_CHECKS_PATH ? "CallCheckAnswer" : null) : "Problem";
    if (schema) expect(schemaErrors(schema, json)).toEqual([]);
    return { status: response.status, body: json };
  }

  const check = (handoff: { handoff_id: string; lead_id: string }, phone: string, signing?: Signing) =>
    send(
      CALL_CHECKS_PATH,
      { handoff_id: handoff.handoff_id, lead_id: handoff.lead_id, phone },
      signing,
      checking,
    );

  const event = (type: string, data: Record<string, unknown>) =>
    send("/api/speed-to-lead/assistant-events", { type, timestamp: new Date().toISOString(), data });

  /** Posts a lead and returns the hand-off the assistant received for it. */
  async function handedOff(lead: Record<string, unknown>, headers?: Record<string, string>) {
    fixture.startDispatcher();
    const posted = await fixture.post(lead, headers);
    expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300);
    await fixture.waitUntilSettled();
    const delivery = fixture.assistant.deliveries.findLast((d) => d.payload.data.lead_id === posted.body.id);
    return delivery!.payload.data;
  }

  const codes = (answer: CallCheckAnswer) => answer.reasons.map((reason) => reason.code);

  it("allows a number inside its window, records the check, and says what each cap still allows", async () => {
    const handoff = await handedOff(eligibleLead({ phone: "(305) 555-0201", timezone: MIAMI }));
    checkAt = nextLocalHour(MIAMI, 10, 16);
    expect(handoff.call_caps).toEqual([
      { jurisdiction: "US-FL", calls: 3, hours: 24, attempts_remaining: 3, next_release: null },
    ]);
    const { status, body } = await check(handoff, "+13055550201");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      allowed: true,
      reasons: [],
      phone: "+13055550201",
      lead_id: handoff.lead_id,
    });
    expect(Date.parse(body.call_window.earliest)).toBe(Date.parse(body.checked_at));
    const rows = await fixture.db.query<{ answer: unknown; allowed: boolean }>(
      "select answer, allowed from call_checks where lead_id = $1",
      [handoff.lead_id],
    );
    expect(
      rows.map((row) => [typeof row.answer === "string" ? JSON.parse(row.answer) : row.answer, row.allowed]),
    ).toEqual([[body, true]]);
    // The lead's evidence record holds the check as answered.
    const evidence = await fixture.app.handle(
      new Request(`http://localhost${LEADS_PATH}/${handoff.lead_id}/evidence`, {
        headers: { authorization: `Bearer ${fixture.token}` },
      }),
    );
    const record = await evidence.json();
    expect(schemaErrors("EvidenceRecord", record)).toEqual([]);
    expect(record.assistant_events.call_checks).toEqual([
      { ...body, webhook_id: expect.stringMatching(/^msg_/) },
    ]);
  });

  it("refuses a fourth Florida call in 24 hours until the oldest counted attempt is 24 hours old", async () => {
    const handoff = await handedOff(eligibleLead({ phone: "(305) 555-0202", timezone: MIAMI }));
    // Checked between 10:00 and 16:00 in Miami, after three attempts in the 23 hours before (none in the future).
    checkAt = nextLocalHour(MIAMI, 10, 16);
    const oldest = checkAt - 23 * HOUR;
    for (const at of [oldest, checkAt - 22 * HOUR, checkAt - 21 * HOUR]) {
      const reported = await event("lead.call_attempted", {
        lead_id: handoff.lead_id,
        handoff_id: handoff.handoff_id,
        attempted_at: new Date(at).toISOString(),
      });
      expect(reported.status).toBe(200);
    }
    const { body } = await check(handoff, "+13055550202");
    const until = new Date(oldest + 24 * HOUR).toISOString();
    expect(body.allowed).toBe(false);
    expect(body.reasons).toEqual([
      { code: "cap_reached", until, jurisdiction: "US-FL", detail: "3 calls per 24 hours" },
    ]);
    expect(body.call_caps).toEqual([
      { jurisdiction: "US-FL", calls: 3, hours: 24, attempts_remaining: 0, next_release: until },
    ]);
    expect(Date.parse(body.call_window.earliest)).toBeGreaterThanOrEqual(Date.parse(until));
  });

  it("refuses outside the window with when it opens, and under a hold with when it ends", async () => {
    const night = await handedOff(eligibleLead({ phone: "(415) 555-0203", timezone: SAN_FRANCISCO }));
    checkAt = nextLocalHour(SAN_FRANCISCO, 2);
    const closed = (await check(night, "+14155550203")).body;
    expect(codes(closed)).toEqual(["window_closed"]);
    const opens = closed.reasons[0].until;
    expect(opens).toBe(closed.call_window.earliest);
    expect(Date.parse(opens) - Date.parse(closed.checked_at)).toBeGreaterThan(5 * HOUR);
    expect(Date.parse(opens) - Date.parse(closed.checked_at)).toBeLessThanOrEqual(7 * HOUR);

    const day = await handedOff(eligibleLead({ phone: "(619) 555-0204", timezone: SAN_FRANCISCO }));
    checkAt = nextLocalHour(SAN_FRANCISCO, 10, 16);
    const endsAt = new Date(checkAt + 2 * HOUR);
    const hold = await addHold(fixture.db, {
      areaCodes: ["619"],
      startsAt: new Date(checkAt - 60_000),
      endsAt,
      reason: "declared emergency",
      createdBy: "ops",
    });
    expect(hold.ok).toBe(true);
    const held = (await check(day, "+16195550204")).body;
    expect(held.reasons).toEqual([
      {
        code: "held",
        until: endsAt.toISOString(),
        jurisdiction: "US",
        detail: "Emergency hold (area codes 619): declared emergency",
      },
    ]);
    expect(Date.parse(held.call_window.earliest)).toBeGreaterThanOrEqual(endsAt.getTime());
  });

  it("refuses a number put on the do-not-call list or reported wrong after the hand-off, with no window", async () => {
    const listed = await handedOff(eligibleLead({ phone: "(415) 555-0205", timezone: SAN_FRANCISCO }));
    checkAt = nextLocalHour(SAN_FRANCISCO, 10, 16);
    expect(
      (await event("lead.opted_out", { lead_id: listed.lead_id, handoff_id: listed.handoff_id })).status,
    ).toBe(200);
    const refused = (await check(listed, "+14155550205")).body;
    expect([codes(refused), refused.call_window]).toEqual([["do_not_call"], null]);

    const wrong = await handedOff(eligibleLead({ phone: "(415) 555-0206", timezone: SAN_FRANCISCO }));
    expect(
      (await event("lead.wrong_number", { lead_id: wrong.lead_id, handoff_id: wrong.handoff_id })).status,
    ).toBe(200);
    expect(codes((await check(wrong, "+14155550206")).body)).toEqual(["wrong_number"]);
  });

  it("refuses a number the hand-off did not offer, an email-only hand-off, and a hand-off a phone change replaced", async () => {
    const lead = eligibleLead({
      phone: "(415) 555-0207",
      timezone: SAN_FRANCISCO,
      platform: "crm",
      external_lead_id: crypto.randomUUID(),
    });
    const first = await handedOff(lead);
    checkAt = nextLocalHour(SAN_FRANCISCO, 10, 16);
    expect(codes((await check(first, "+14155550299")).body)).toEqual(["number_not_offered"]);

    const second = await handedOff({ ...lead, phone: "(415) 555-0208" });
    expect(second.handoff_id).not.toBe(first.handoff_id);
    expect([second.phone, second.response_no]).toEqual(["+14155550208", 2]);
    const old = (await check(first, "+14155550207")).body;
    expect([codes(old), old.call_window]).toEqual([["superseded"], null]);
    expect((await check(second, "+14155550208")).body.allowed).toBe(true);

    const emailOnly = await handedOff({
      phone: "(415) 555-0209",
      email: "eva@example.com",
      source: "form",
      timezone: SAN_FRANCISCO,
    });
    expect(emailOnly.call).toEqual({ permitted: false, reason: "no_consent" });
    expect(codes((await check(emailOnly, "+14155550209")).body)).toEqual(["call_not_permitted"]);
  });

  it("answers 404 for an unknown hand-off or one of another lead (another account's included); its webhook-id stays usable", async () => {
    const mine = await handedOff(eligibleLead({ phone: "(415) 555-0210" }));
    const other = await ensureAccount(fixture.db, `other-${crypto.randomUUID().slice(0, 8)}`);
    const { token } = await createChannelToken(fixture.db, other.id, "other account");
    const theirs = await handedOff(eligibleLead({ phone: "(415) 555-0211" }), {
      authorization: `Bearer ${token}`,
    });
    const webhookId = `msg_${crypto.randomUUID()}`;
    const crossed = await check({ handoff_id: theirs.handoff_id, lead_id: mine.lead_id }, "+14155550211", {
      webhookId,
    });
    expect([crossed.status, crossed.body.code]).toEqual([404, "handoff_not_found"]);
    const unknown = await check({ handoff_id: crypto.randomUUID(), lead_id: mine.lead_id }, "+14155550210");
    expect([unknown.status, unknown.body.code]).toEqual([404, "handoff_not_found"]);
    expect((await check(mine, "+14155550210", { webhookId })).status).toBe(200);
    const [counted] = await fixture.db.query<{ n: number }>(
      "select count(*)::int as n from call_checks where lead_id = $1",
      [theirs.lead_id],
    );
    expect(counted?.n).toBe(0);
  });

  it("refuses unsigned, badly signed and replayed checks, bad input, and checks past the hand-off's bound", async () => {
    const handoff = await handedOff(eligibleLead({ phone: "(415) 555-0212" }));
    const body = { handoff_id: handoff.handoff_id, lead_id: handoff.lead_id, phone: "+14155550212" };
    const forged = await check(handoff, "+14155550212", { secret: generateWebhookSecret() });
    expect([forged.status, forged.body.code]).toEqual([401, "webhook_signature_invalid"]);
    const unsigned = await fixture.app.handle(
      new Request(`http://localhost${CALL_CHECKS_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect([unsigned.status, (await unsigned.json()).code]).toEqual([401, "webhook_signature_invalid"]);
    const old = await check(handoff, "+14155550212", { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect([old.status, old.body.code]).toEqual([401, "webhook_timestamp_invalid"]);
    const webhookId = `msg_${crypto.randomUUID()}`;
    expect((await check(handoff, "+14155550212", { webhookId })).status).toBe(200);
    const replayed = await check(handoff, "+14155550212", { webhookId });
    expect([replayed.status, replayed.body.code]).toEqual([409, "webhook_replayed"]);

    const badPhone = await send(CALL_CHECKS_PATH, { ...body, phone: "(415) 555-0212" });
    expect([badPhone.status, badPhone.body.code, badPhone.body.errors[0].pointer]).toEqual([
      422,
      "validation_failed",
      "/phone",
    ]);
    expect((await send(CALL_CHECKS_PATH, "{not json")).body.code).toBe("invalid_json");
    const get = await fixture.app.handle(new Request(`http://localhost${CALL_CHECKS_PATH}`));
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);

    // Fill the hand-off's bound (one check is recorded already), then one more is refused and not recorded.
    await fixture.db.query(
      `insert into call_checks (id, handoff_id, lead_id, phone, checked_at, allowed, answer, webhook_id)
       select md5(n::text || $1)::uuid, $1::uuid, $2::uuid, $3, now(), true, '{}'::jsonb, 'msg_fill_' || n
       from generate_series(1, $4::int) as n`,
      [handoff.handoff_id, handoff.lead_id, "+14155550212", CALL_CHECKS_PER_HANDOFF - 1],
    );
    const exhausted = await check(handoff, "+14155550212");
    expect([exhausted.status, exhausted.body.code]).toEqual([409, "call_checks_exhausted"]);
    const [counted] = await fixture.db.query<{ n: number }>(
      "select count(*)::int as n from call_checks where handoff_id = $1",
      [handoff.handoff_id],
    );
    expect(counted?.n).toBe(CALL_CHECKS_PER_HANDOFF);
  });

  it("keeps the bound exactly under concurrent checks of one hand-off", async () => {
    const handoff = await handedOff(eligibleLead({ phone: "(415) 555-0213" }));
    await fixture.db.query(
      `insert into call_checks (id, handoff_id, lead_id, phone, checked_at, allowed, answer, webhook_id)
       select md5(n::text || $1)::uuid, $1::uuid, $2::uuid, $3, now(), true, '{}'::jsonb, 'msg_fill_' || n
       from generate_series(1, $4::int) as n`,
      [handoff.handoff_id, handoff.lead_id, "+14155550213", CALL_CHECKS_PER_HANDOFF - 3],
    );
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async () => (await check(handoff, "+14155550213")).status),
    );
    expect(statuses.sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    const [counted] = await fixture.db.query<{ n: number }>(
      "select count(*)::int as n from call_checks where handoff_id = $1",
      [handoff.handoff_id],
    );
    expect(counted?.n).toBe(CALL_CHECKS_PER_HANDOFF);
  });

  it("does not exist without an assistant secret", async () => {
    const app = createApp({ db: fixture.db });
    const response = await app.handle(
      signedEventRequest("{}", fixture.assistant.secret, {}, CALL_CHECKS_PATH),
    );
    expect([response.status, (await response.json()).code]).toEqual([404, "not_found"]);
  });
});
