// A person, not a script: an intake-only token that requires a bot check, against a local fake siteverify (a real
// HTTP server in the test process). A passing check stores a callable lead; a failing or missing one, or a filled
// honeypot, stores the lead quarantined (answered alike, held from calls, marked in the inbox) until its owner
// releases it on the lead page, which then starts its call. Through app.handle on PostgreSQL.
import { BOT_CHECK_HEADER } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { setIntakeGuard } from "../../core/accounts/intake-guard.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import { callPermitted } from "../../core/leads/call-eligibility.ts";
import type { LeadRow } from "../../core/leads/lead-record.ts";
import type { Database } from "../../db/database.ts";
import { createBotCheckVerifier } from "../../http/bot-check.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { ANY_BACKEND, openTestDatabase } from "../../testing/test-database.ts";

const SECRET = "0x4AAAAAAA-test-secret";
/** What the fake provider was asked: the form fields of each siteverify call. */
const asked: URLSearchParams[] = [];
let verifier: ReturnType<typeof Bun.serve>;
let db: Database;
let app: App;

beforeAll(async () => {
  // Turnstile's contract: a form POST of secret + response (+ remoteip), JSON { success }.
  verifier = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const form = new URLSearchParams(await request.text());
      asked.push(form);
      const success = form.get("secret") === SECRET && form.get("response") === "human-token";
      return Response.json({ success, "error-codes": success ? [] : ["invalid-input-response"] });
    },
  });
  db = await openTestDatabase(ANY_BACKEND);
  app = createApp({
    db,
    rateLimit: { perSecond: 0, burst: 0 },
    botCheck: createBotCheckVerifier({
      secret: SECRET,
      verifyUrl: `http://127.0.0.1:${verifier.port}/siteverify`,
    }),
  });
});
afterAll(async () => {
  await db?.close();
  verifier?.stop(true);
});

async function formChannel(slug: string) {
  const { accountId } = await signedInAccount(slug);
  const form = await createChannelToken(db, accountId, "Website form", "intake");
  const set = await setIntakeGuard(db, accountId, form.id, {
    botCheckRequired: true,
    honeypotField: "website",
    allowedOrigins: null,
  });
  expect(set).toEqual({ ok: true });
  return form.token;
}

let owner: Awaited<ReturnType<typeof signedInOwner>>["client"];
async function signedInAccount(slug: string) {
  const signedIn = await signedInOwner(db, (request) => app.handle(request), slug, `owner@${slug}.example`);
  owner = signedIn.client;
  return signedIn;
}

async function post(token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.handle(intakeRequest(body, { token, headers }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const stored = async (id: unknown) =>
  (await db.query<LeadRow>("select * from leads where id = $1", [id]))[0]!;
const taskOf = async (id: unknown) =>
  (await db.query<{ status: string }>("select status from response_tasks where lead_id = $1", [id]))[0];

/** An answer without what differs between any two posts. */
const shape = (body: Record<string, unknown>) => ({ ...body, id: "", received_at: "", respond_by: "" });

describe("an intake-only token that requires a bot check", () => {
  it("stores a callable lead when the provider says the token passed, and says nothing when it failed", async () => {
    const token = await formChannel("botcheck");
    const lead = () => eligibleLead({ email: "ana@example.com", consent: undefined });
    const withConsent = () => ({ ...lead(), consent: eligibleLead().consent });

    const human = await post(token, withConsent(), { [BOT_CHECK_HEADER]: "human-token" });
    expect(human.status).toBe(201);
    expect(asked.at(-1)?.get("secret")).toBe(SECRET);
    expect(asked.at(-1)?.get("response")).toBe("human-token");
    const passed = await stored(human.body.id);
    expect([passed.quarantine, passed.response_reason, callPermitted(passed)]).toEqual([null, null, true]);
    expect(await taskOf(human.body.id)).toEqual({ status: "pending" });

    const cases: { headers: Record<string, string>; body: Record<string, unknown>; reason: string }[] = [
      { headers: { [BOT_CHECK_HEADER]: "forged-token" }, body: withConsent(), reason: "bot_check_failed" },
      { headers: {}, body: withConsent(), reason: "bot_check_missing" },
      {
        headers: { [BOT_CHECK_HEADER]: "human-token" },
        body: { ...withConsent(), website: "http://spam.example" },
        reason: "honeypot",
      },
    ];
    for (const { headers, body, reason } of cases) {
      const bot = await post(token, body, headers);
      // The answer is the one a person gets: a bot cannot tell that it was caught.
      expect(bot.status, reason).toBe(201);
      expect(shape({ ...bot.body, ignored_fields: [] })).toEqual(
        shape({ ...human.body, lead: bot.body.lead }),
      );
      expect(bot.body.call_eligible).toBe(true);
      const held = await stored(bot.body.id);
      expect([held.quarantine, held.response_state, held.response_reason, callPermitted(held)]).toEqual([
        reason,
        "pending",
        "unverified",
        false,
      ]);
    }
  });

  it("is held until its owner releases it on the lead page, marked in the inbox; the release starts its call", async () => {
    const token = await formChannel("release");
    const bot = await post(token, eligibleLead({ email: "bo@example.com", first_name: "Bo" }));
    const id = bot.body.id as string;
    expect((await stored(id)).quarantine).toBe("bot_check_missing");

    const inbox = await (await owner.get("/console/inbox")).text();
    expect(inbox).toContain("Quarantined");
    const page = await (await owner.get(`/console/inbox/${id}`)).text();
    expect(page).toContain('id="quarantine"');
    expect(page).toContain("Its form sent no bot check");

    const released = await owner.follow(await owner.post(`/console/inbox/${id}/release`, {}));
    expect(released.status).toBe(200);
    expect(await released.text()).toContain("Released: its call is under way");
    const row = await stored(id);
    expect(row.quarantine_released_at).not.toBeNull();
    expect([row.response_state, row.response_reason, callPermitted(row)]).toEqual(["pending", null, true]);
    expect(await taskOf(id)).toEqual({ status: "pending" });

    // Released once: a second release changes nothing; another account's owner finds no such lead.
    const again = await owner.follow(await owner.post(`/console/inbox/${id}/release`, {}));
    expect(await again.text()).toContain("This lead is not held.");
    const { client: stranger } = await signedInOwner(
      db,
      (r) => app.handle(r),
      "stranger",
      "s@stranger.example",
    );
    await stranger.get("/console/inbox");
    expect((await stranger.post(`/console/inbox/${id}/release`, {})).status).toBe(404);
  });

  it("a later repeat that fails the check holds a released lead again: it may bring another phone", async () => {
    const token = await formChannel("rehold");
    const key = { platform: "web", external_lead_id: `Q-${crypto.randomUUID()}` };
    const first = await post(token, eligibleLead({ ...key, email: "c@example.com" }), {
      [BOT_CHECK_HEADER]: "human-token",
    });
    expect((await stored(first.body.id)).response_reason).toBeNull();
    const repeat = await post(token, { ...key, phone: "(415) 555-0177" });
    expect(repeat.status).toBe(200);
    const row = await stored(first.body.id);
    expect([row.phone, row.quarantine, row.response_reason, callPermitted(row)]).toEqual([
      "+14155550177",
      "bot_check_missing",
      "unverified",
      false,
    ]);
  });
});
