// Route tests of what gets stored and answered, through app.handle on an in-memory PGlite.

import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { completeConsent, createTestToken, intakeRequest } from "../../testing/intake-requests.ts";

let db: Database;
let app: App;
let token: string;
let accountId: string;

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
  ({ token, accountId } = await createTestToken(db));
});
afterAll(() => db.close());

async function post(body: unknown, options: { token?: string; headers?: Record<string, string> } = {}) {
  const response = await app.handle(intakeRequest(body, { token, ...options }));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

async function accepted(body: unknown, status: 200 | 201 = 201, options = {}) {
  const result = await post(body, options);
  expect(result.status, result.text).toBe(status);
  expect(schemaErrors("LeadAccepted", result.body)).toEqual([]);
  return result.body;
}

const tasksOf = (leadId: string) =>
  db.query<{ status: string; due_at: Date; next_attempt_at: Date }>(
    "select * from response_tasks where lead_id = $1",
    [leadId],
  );
const leadCount = () => db.query<{ n: number }>("select count(*)::int as n from leads").then((r) => r[0]!.n);

describe("201: a new lead", () => {
  it("stores the lead normalized and answers what was stored", async () => {
    const consent = completeConsent();
    // The fields no normalization touches: the stored lead must carry each exactly as sent.
    const storedAsSent = {
      email: "ana@example.com",
      first_name: "Ana",
      last_name: "García",
      source: "hosted_page",
      source_campaign: "spring-2026.open_house",
      property_ref: "123 Main St",
      price: 425000,
      language: "es",
      context: { bedrooms: 3, tags: ["a"] },
      source_event_at: "2026-11-20T14:02:10-06:00",
    };
    const body = await accepted({
      ...storedAsSent,
      phone: "(415) 555-2671",
      timezone: "america/chicago",
      consent,
    });
    expect(body).toMatchObject({ created: true, test: false, call_eligible: true, ignored_fields: [] });
    expect(new Date(body.respond_by).getTime() - new Date(body.received_at).getTime()).toBe(5 * 60_000);
    expect(body.lead).toEqual({
      ...storedAsSent,
      phone: "+14155552671",
      timezone: "America/Chicago",
      test: false,
      consent,
      response: { state: "pending" },
    });
    const [row] = await db.query<Record<string, unknown>>("select * from leads where id = $1", [body.id]);
    expect(row).toMatchObject({ account_id: accountId, consent, response_state: "pending" });
    expect(row!.consent_received_at).toEqual(new Date(body.received_at));
  });

  it("stores an unknown source as form and keeps the value sent", async () => {
    const body = await accepted({ email: "a@example.com", source: "MySpace" });
    expect(body.lead).toMatchObject({ source: "form", source_original: "MySpace" });
    const known = await accepted({ email: "a@example.com", source: "zapier" });
    expect(known.lead.source).toBe("zapier");
    expect(known.lead).not.toHaveProperty("source_original");
  });

  it("ignores unknown fields: listed, not stored", async () => {
    const body = await accepted({
      email: "a@example.com",
      utm_campaign: "x",
      Phone: "y",
      password: "hunter2",
    });
    expect(body.ignored_fields).toEqual(["utm_campaign", "Phone", "password"]);
    const [row] = await db.query<Record<string, unknown>>(
      "select to_jsonb(leads) as j from leads where id = $1",
      [body.id],
    );
    expect(JSON.stringify(row)).not.toContain("hunter2");
  });
});

describe("who gets called: call_eligible, response state and the response task", () => {
  it("queues a response task due at respond_by for a complete consent with a phone", async () => {
    const body = await accepted({ phone: "4155552671", consent: completeConsent() });
    expect(body.call_eligible).toBe(true);
    const tasks = await tasksOf(body.id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ status: "pending", due_at: new Date(body.respond_by) });
  });

  it("never calls a test lead, even with consent and phone", async () => {
    const body = await accepted({ phone: "4155552671", consent: completeConsent(), test: true });
    expect(body).toMatchObject({
      test: true,
      call_eligible: false,
      lead: { test: true, response: { state: "not_called", reason: "test" } },
    });
    expect(await tasksOf(body.id)).toEqual([]);
  });

  it("stores leads without consent or without phone, never calls them, and answers by email only those with one", async () => {
    const noConsent = await accepted({ phone: "4155552671" });
    expect(noConsent).toMatchObject({
      call_eligible: false,
      lead: { consent: null, response: { state: "not_called", reason: "no_consent" } },
    });
    const nullConsent = await accepted({ phone: "4155552671", consent: null });
    expect(nullConsent.lead.response).toEqual({ state: "not_called", reason: "no_consent" });
    for (const id of [noConsent.id, nullConsent.id]) expect(await tasksOf(id)).toEqual([]);
    const noPhone = await accepted({ email: "a@example.com", consent: completeConsent() });
    expect(noPhone).toMatchObject({
      call_eligible: false,
      lead: { response: { state: "pending", reason: "no_phone" } },
    });
    const emailNoConsent = await accepted({ email: "b@example.com", phone: "4155552671" });
    expect(emailNoConsent.lead.response).toEqual({ state: "pending", reason: "no_consent" });
    for (const id of [noPhone.id, emailNoConsent.id]) expect(await tasksOf(id)).toHaveLength(1);
  });
});

describe("200: repeats of (platform, external_lead_id)", () => {
  it("answers the same lead, merges new fields and keeps one five-minute response", async () => {
    const first = await accepted({
      email: "j@example.com",
      first_name: "Jordan",
      platform: "crm",
      external_lead_id: "A-1",
    });
    const repeat = await accepted(
      { platform: "crm", external_lead_id: "A-1", email: "j@example.com", last_name: "Lee" },
      200,
    );
    expect(repeat).toMatchObject({
      id: first.id,
      created: false,
      received_at: first.received_at,
      respond_by: first.respond_by,
    });
    expect(repeat.lead).toMatchObject({ first_name: "Jordan", last_name: "Lee" });
  });

  it("makes the lead call-eligible when a later repeat completes its consent, once", async () => {
    const ids = { platform: "crm", external_lead_id: "A-2" };
    const first = await accepted({ ...ids, phone: "4155552671" });
    expect(first.call_eligible).toBe(false);
    expect(await tasksOf(first.id)).toEqual([]);
    const later = await accepted({ ...ids, phone: "4155552671", consent: completeConsent() }, 200);
    expect(later).toMatchObject({
      id: first.id,
      call_eligible: true,
      lead: { response: { state: "pending" } },
    });
    expect(await tasksOf(first.id)).toHaveLength(1);
    await accepted({ ...ids, phone: "4155552671", consent: completeConsent() }, 200);
    expect(await tasksOf(first.id)).toHaveLength(1);
  });

  it("keeps a test lead uncalled when consent arrives later", async () => {
    const ids = { platform: "crm", external_lead_id: "A-3" };
    const first = await accepted({ ...ids, phone: "4155552671", test: true });
    const later = await accepted({ ...ids, phone: "4155552671", consent: completeConsent() }, 200);
    expect(later).toMatchObject({
      id: first.id,
      test: true,
      call_eligible: false,
      lead: { response: { reason: "test" } },
    });
    expect(await tasksOf(first.id)).toEqual([]);
  });

  it("does not deduplicate external_lead_id without platform, nor across platforms", async () => {
    const a = await accepted({ email: "a@example.com", external_lead_id: "B-1" });
    const b = await accepted({ email: "a@example.com", external_lead_id: "B-1" });
    const c = await accepted({ email: "a@example.com", external_lead_id: "B-1", platform: "one" });
    const d = await accepted({ email: "a@example.com", external_lead_id: "B-1", platform: "two" });
    expect(new Set([a.id, b.id, c.id, d.id]).size).toBe(4);
  });

  it("serialises concurrent repeats: one lead, every answer carries its id", async () => {
    const before = await leadCount();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post({ email: "c@example.com", platform: "crm", external_lead_id: "C-1", first_name: `n${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await leadCount()).toBe(before + 1);
  });
});

describe("idempotency keys", () => {
  it("replays the first response byte for byte with Idempotent-Replayed: true", async () => {
    const body = { email: "r@example.com", idempotency_key: "key-replay", extra: 1 };
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post({ extra: 1, email: "r@example.com", idempotency_key: "key-replay" });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("treats the Idempotency-Key header like the body field", async () => {
    const first = await post({ email: "h@example.com" }, { headers: { "idempotency-key": "key-header" } });
    const again = await post({ email: "h@example.com", idempotency_key: "key-header" });
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses the same key with another payload", async () => {
    await post({ email: "x@example.com", idempotency_key: "key-reuse" });
    const other = await post({ email: "y@example.com", idempotency_key: "key-reuse" });
    expect({ status: other.status, code: other.body.code }).toEqual({
      status: 422,
      code: "idempotency_key_reused",
    });
  });

  it("does not burn a key on a refused request", async () => {
    const refused = await post({ first_name: "no contact", idempotency_key: "key-fixed" });
    expect(refused.status).toBe(422);
    expect((await post({ email: "f@example.com", idempotency_key: "key-fixed" })).status).toBe(201);
  });

  it("replays a 200 of a repeat as a 200", async () => {
    const ids = { platform: "crm", external_lead_id: "D-1", email: "d@example.com" };
    await accepted(ids);
    const repeat = await post({ ...ids, idempotency_key: "key-200" });
    const replay = await post({ ...ids, idempotency_key: "key-200" });
    expect([repeat.status, replay.status]).toEqual([200, 200]);
    expect(replay.text).toBe(repeat.text);
  });

  it("creates one lead for 20 concurrent requests with one key", async () => {
    const before = await leadCount();
    const body = { phone: "4155552671", consent: completeConsent(), idempotency_key: "key-concurrent" };
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(await leadCount()).toBe(before + 1);
    expect(results.every((r) => r.status === 201 && r.text === results[0]!.text)).toBe(true);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
  });
});

describe("accounts are isolated", () => {
  it("scopes idempotency keys and external ids to the account", async () => {
    const other = await createTestToken(db);
    const body = {
      email: "i@example.com",
      platform: "crm",
      external_lead_id: "E-1",
      idempotency_key: "key-shared",
    };
    const mine = await post(body);
    const theirs = await post(body, { token: other.token });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(mine.body.id).not.toBe(theirs.body.id);
    const [row] = await db.query<{ account_id: string }>("select account_id from leads where id = $1", [
      theirs.body.id,
    ]);
    expect(row!.account_id).toBe(other.accountId);
  });

  it("lets another token of the same account replay and repeat", async () => {
    const second = await createTestToken(
      db,
      (await db.query<{ slug: string }>("select slug from accounts where id = $1", [accountId]))[0]!.slug,
    );
    const body = { email: "s@example.com", idempotency_key: "key-same-account" };
    const first = await post(body);
    const again = await post(body, { token: second.token });
    expect(again.text).toBe(first.text);
  });
});

describe("rate limit per token", () => {
  it("answers 429 with Retry-After and RateLimit headers past the burst, and counts tokens apart", async () => {
    const limited = createApp({ db, rateLimit: { perSecond: 1, burst: 2 } });
    const other = await createTestToken(db);
    const send = (t: string) => limited.handle(intakeRequest({ email: "l@example.com" }, { token: t }));
    const ok = await send(token);
    expect(ok.status).toBe(201);
    expect(ok.headers.get("ratelimit-limit")).toBe("2");
    expect(ok.headers.get("ratelimit-remaining")).toBe("1");
    expect(Number(ok.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    expect((await send(token)).status).toBe(201);
    const refused = await send(token);
    expect(refused.status).toBe(429);
    const problem = await refused.json();
    expect(problem.code).toBe("rate_limited");
    expect(schemaErrors("Problem", problem)).toEqual([]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect((await send(other.token)).status).toBe(201);
  });
});
