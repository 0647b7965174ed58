// GET of a lead and the intake's dry run, through app.handle on PGlite: scoping, token scopes, ETag, nothing stored.
import { LEADS_PATH } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { setReadsAllChannels } from "../../core/accounts/intake-guard.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { completeConsent, createTestToken, intakeRequest } from "../../testing/intake-requests.ts";

let db: Database;
let app: App;
let mine: { token: string; accountId: string };
let sibling: string;
let theirs: { token: string };
let intakeOnly: string;
/** A read token of the same account its owner did not let read other channels (the default). */
let ownChannelOnly: string;

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
  mine = await createTestToken(db);
  // Another token of the same account, and a token of another account.
  const second = await createChannelToken(db, mine.accountId, "second");
  sibling = second.token;
  expect(await setReadsAllChannels(db, mine.accountId, second.id, true)).toBe(true);
  ownChannelOnly = (await createChannelToken(db, mine.accountId, "vendor")).token;
  theirs = await createTestToken(db);
  intakeOnly = (await createChannelToken(db, mine.accountId, "web form", "intake")).token;
});
afterAll(() => db.close());

async function post(body: unknown, headers: Record<string, string> = {}, token = mine.token) {
  const response = await app.handle(intakeRequest(body, { token, headers }));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function get(path: string, token: string, headers: Record<string, string> = {}) {
  const response = await app.handle(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const counts = async () => {
  const [row] = await db.query<{ leads: number; tasks: number; keys: number }>(
    `select (select count(*)::int from leads) as leads, (select count(*)::int from response_tasks) as tasks,
       (select count(*)::int from idempotency_keys) as keys`,
  );
  return row!;
};

describe("GET of a lead", () => {
  it("answers the account's tokens that may read the lead's channel, by id and by external id, and 404 to others", async () => {
    const ids = { platform: "crm", external_lead_id: "G-1" };
    const posted = await post({ ...ids, phone: "4155552671", consent: completeConsent() });
    expect(posted.status).toBe(201);
    const byId = await get(`${LEADS_PATH}/${posted.body.id}`, sibling);
    expect(byId.status).toBe(200);
    expect(schemaErrors("LeadStatus", byId.body)).toEqual([]);
    expect(byId.body).toMatchObject({
      id: posted.body.id,
      call_eligible: true,
      respond_by: posted.body.respond_by,
      lead: { phone: "+14155552671", response: { state: "pending" } },
      handoff_attempts: [],
    });
    const query = `${LEADS_PATH}?platform=crm&external_lead_id=G-1`;
    const byExternal = await get(query, mine.token);
    expect(byExternal.body).toEqual(byId.body);

    for (const path of [`${LEADS_PATH}/${posted.body.id}`, query]) {
      for (const token of [theirs.token, ownChannelOnly]) {
        const other = await get(path, token);
        expect(other.status).toBe(404);
        expect(other.body.code).toBe("lead_not_found");
      }
    }
    expect((await get(`${LEADS_PATH}/not-a-uuid`, mine.token)).status).toBe(404);
    expect((await get(`${LEADS_PATH}?platform=crm`, mine.token)).body.code).toBe("lead_query_invalid");
    expect((await get(`${LEADS_PATH}/${posted.body.id}`, "stl_ch_nope")).status).toBe(401);
  });

  it("answers 304 to its ETag until the lead changes", async () => {
    const ids = { platform: "crm", external_lead_id: "G-2" };
    const posted = await post({ ...ids, email: "a@example.com" });
    const path = `${LEADS_PATH}/${posted.body.id}`;
    const first = await get(path, mine.token);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get(path, mine.token, { "if-none-match": etag })).status).toBe(304);
    await post({ ...ids, email: "a@example.com", first_name: "Ana" }, {}, sibling);
    const changed = await get(path, mine.token, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.body.lead.first_name).toBe("Ana");
  });
});

describe("an intake-only token (stl_pk_)", () => {
  it("posts leads and dry runs, and reads neither way: 403 token_intake_only, insufficient_scope, en and es", async () => {
    const ids = { platform: "crm", external_lead_id: "S-1" };
    const dry = await post({ ...ids, email: "s@example.com" }, { "dry-run": "true" }, intakeOnly);
    expect([dry.status, dry.body.dry_run]).toEqual([201, true]);
    const posted = await post({ ...ids, email: "s@example.com" }, {}, intakeOnly);
    expect(posted.status).toBe(201);
    const query = `${LEADS_PATH}?platform=crm&external_lead_id=S-1`;
    for (const path of [`${LEADS_PATH}/${posted.body.id}`, query]) {
      for (const [language, detail] of [
        ["en", /may only post leads/],
        ["es", /solo puede enviar prospectos/],
      ] as const) {
        const read = await get(path, intakeOnly, { "accept-language": language });
        expect(read.status).toBe(403);
        expect(read.headers.get("content-type")).toContain("application/problem+json");
        expect(read.headers.get("content-language")).toBe(language);
        expect(read.headers.get("www-authenticate")).toMatch(/^Bearer .*error="insufficient_scope"/);
        expect(read.body).toMatchObject({
          status: 403,
          code: "token_intake_only",
          detail: expect.stringMatching(detail),
        });
        expect(schemaErrors("Problem", read.body)).toEqual([]);
      }
    }
    // A token of the same account that may read every channel gets the lead by id; by external id a read looks in
    // the account's shared namespace, where a form's leads are not.
    expect((await get(`${LEADS_PATH}/${posted.body.id}`, sibling)).status).toBe(200);
    expect((await get(query, sibling)).status).toBe(404);
    // Another account's lead: still the scope's answer, so an intake-only token learns nothing about leads.
    expect((await get(`${LEADS_PATH}/${crypto.randomUUID()}`, intakeOnly)).status).toBe(403);
  });
});

describe("the intake's dry run", () => {
  it("answers what the post would answer, marked, and stores nothing", async () => {
    const lead = {
      phone: "4155552672",
      consent: completeConsent(),
      platform: "crm",
      external_lead_id: "D-1",
    };
    const before = await counts();
    const dry = await post(lead, { "dry-run": "true", "idempotency-key": "dry-1" });
    expect(dry.status).toBe(201);
    expect(dry.headers.get("dry-run")).toBe("true");
    expect(dry.body).toMatchObject({ created: true, call_eligible: true, dry_run: true });
    expect(schemaErrors("LeadAccepted", dry.body)).toEqual([]);
    expect(await counts()).toEqual(before);
    expect((await get(`${LEADS_PATH}/${dry.body.id}`, mine.token)).status).toBe(404);

    // A stored lead: the dry run of its repeat answers 200 like the repeat, and still stores nothing.
    const real = await post(lead);
    expect(real.status).toBe(201);
    const stored = await counts();
    const repeat = await post({ ...lead, first_name: "Ana" }, { prefer: "return=minimal; handling=dry-run" });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({
      id: real.body.id,
      created: false,
      dry_run: true,
      lead: { first_name: "Ana" },
    });
    expect(await counts()).toEqual(stored);
    expect((await get(`${LEADS_PATH}/${real.body.id}`, mine.token)).body.lead.first_name).toBeUndefined();
  });

  it("refuses exactly as a real post would", async () => {
    const before = await counts();
    const invalid = await post({ phone: "12" }, { "dry-run": "true" });
    expect(invalid.status).toBe(422);
    const unauthenticated = await post({ email: "a@example.com" }, { "dry-run": "true" }, "stl_ch_nope");
    expect(unauthenticated.status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
