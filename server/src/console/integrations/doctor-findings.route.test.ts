// The integration doctor through the real app on PGlite: each finding provoked by the requests (or deliveries) that
// show it, read back with the number of requests it is based on, and shown on the token's Recent requests page
// with its fix and snippets; a clean integration shows none. Requests through app.handle, callbacks through a
// real receiver on a socket that checks signatures with the wrong secret.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { setIntakeGuard } from "../../core/accounts/intake-guard.ts";
import { newWebhookSecret } from "../../core/accounts/secret.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import { latestCallbackAttempts } from "../../core/callbacks/callback-attempts.ts";
import { setTokenCallback } from "../../core/callbacks/callback-outbox.ts";
import { CallbackSender } from "../../core/callbacks/callback-sender.ts";
import { readDoctorWindow } from "../../core/doctor/doctor-window.ts";
import { diagnoseIntegration, type Finding } from "../../core/doctor/integration-doctor.ts";
import type { RequestLogWriter } from "../../core/request-log/request-log-writer.ts";
import type { Database } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { type ConsoleClient, signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { eventually } from "../../testing/eventually.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { createLoggedApp } from "../../testing/logged-app.ts";

let db: Database;
let app: App;
let log: RequestLogWriter;
let owner: { client: ConsoleClient; accountId: string };

beforeAll(async () => {
  db = await createMemoryDatabase();
  ({ app, log } = createLoggedApp(db));
  owner = await signedInOwner(db, (r) => app.handle(r), "doctor-acme", "ana@doctor.example");
});
afterAll(async () => {
  await log.stop();
  await db.close();
});

let tokens = 0;
async function newToken(scope: "read" | "intake" = "read") {
  tokens += 1;
  return await createChannelToken(db, owner.accountId, `CRM ${tokens}`, scope);
}

/** Requests sent per token secret: the log is read once it holds them all. */
const sent = new Map<string, number>();

/** A post through the token, with the headers given. */
async function post(token: string, body: unknown, headers: Record<string, string> = {}) {
  sent.set(token, (sent.get(token) ?? 0) + 1);
  return await app.handle(intakeRequest(body, { token, headers }));
}

/** A consent given an hour before sending, as a CRM that kept it sends it. */
const earlierConsent = () => ({
  source: "webform:/contact",
  reference: `sub_${crypto.randomUUID()}`,
  captured_at: new Date(Date.now() - 3_600_000).toISOString(),
});

/** The doctor's findings of a token once the log's buffer is written, and its page's section. */
async function diagnose(token: { id: string; token: string }, intakeOnly = false) {
  // onAfterResponse records an entry after its answer went out: wait for all of them, under any load.
  await eventually(
    async () => {
      await log.flush();
      return await db.query("select 1 from request_log where token_id = $1", [token.id]);
    },
    (rows) => rows.length >= (sent.get(token.token) ?? 0),
    10_000,
  );
  const findings = diagnoseIntegration(
    await readDoctorWindow(db, { tokenId: token.id, accountId: owner.accountId }, intakeOnly),
  );
  const page = await owner.client.get(`/console/integrations/tokens/${token.id}/requests`);
  expect(page.status).toBe(200);
  const html = await page.text();
  return { findings, html };
}

/** The text of the elements a selector picks, as a reader sees it (the parser hands out raw, escaped text). */
async function shownTexts(html: string, selector: string) {
  const entities: Record<string, string> = {
    "&#x27;": "'",
    "&quot;": '"',
    "&lt;": "<",
    "&gt;": ">",
    "&amp;": "&",
  };
  return (await elementTexts(html, selector)).map((text) =>
    text.replace(/&#x27;|&quot;|&lt;|&gt;|&amp;/g, (entity) => entities[entity]!),
  );
}

/** The page shows the finding with the count it is based on. */
async function expectShown(html: string, finding: Finding) {
  const article = `#doctor-${finding.code}`;
  expect(await elementTexts(html, `${article} .basis`)).toEqual([
    finding.code === "receiver_rejects_signature"
      ? `Delivery attempts it is based on: ${finding.count}.`
      : `Requests it is based on: ${finding.count}.`,
  ]);
  const snippets = await shownTexts(html, `${article} pre`);
  expect(snippets).toHaveLength(2);
  expect(snippets[0]).toContain("curl");
  expect(snippets[1]).toContain("@speed-to-lead/sdk");
}

describe("the integration doctor", () => {
  it("finds retries without an idempotency key that made two leads, counting their requests", async () => {
    const token = await newToken();
    const body = eligibleLead({ consent: earlierConsent() });
    // A sender that retries a timed-out post as it was: three leads of one body.
    for (let i = 0; i < 3; i++) expect((await post(token.token, body)).status).toBe(201);
    // Keyed retries are answered once: not counted; another body posted once is not either.
    const keyed = eligibleLead({ phone: "(415) 555-0199", consent: earlierConsent() });
    for (let i = 0; i < 2; i++) await post(token.token, keyed, { "idempotency-key": "crm-1" });
    await post(token.token, eligibleLead({ phone: "(415) 555-0198", consent: earlierConsent() }));

    const { findings, html } = await diagnose(token);
    expect(findings).toEqual([{ code: "duplicates_without_key", count: 3 }]);
    await expectShown(html, findings[0]!);
    expect(await shownTexts(html, "#doctor-duplicates_without_key pre")).toEqual([
      expect.stringContaining("Idempotency-Key: crm-sub-8812"),
      expect.stringContaining("idempotencyKey:"),
    ]);
  });

  it("finds consent.captured_at equal to the send time on every lead", async () => {
    const token = await newToken();
    // eligibleLead stamps captured_at with the time of sending.
    for (let i = 0; i < 5; i++)
      expect((await post(token.token, eligibleLead(), { "idempotency-key": `k-${i}` })).status).toBe(201);
    const { findings, html } = await diagnose(token);
    expect(findings).toEqual([{ code: "consent_at_send_time", count: 5 }]);
    await expectShown(html, findings[0]!);

    // One lead with the consent's own, earlier time: no longer every lead.
    await post(token.token, eligibleLead({ consent: earlierConsent() }), { "idempotency-key": "k-earlier" });
    expect((await diagnose(token)).findings).toEqual([]);
  });

  it("finds the one field behind most 422s, with how many of them name it", async () => {
    const token = await newToken();
    const refused = async (overrides: Record<string, unknown>) =>
      expect(
        (await post(token.token, eligibleLead({ consent: earlierConsent(), ...overrides }))).status,
      ).toBe(422);
    for (let i = 0; i < 4; i++) await refused({ email: `ana${i}@` });
    await refused({ phone: "12" });
    await refused({ price: "a lot" });
    const { findings, html } = await diagnose(token);
    expect(findings).toEqual([{ code: "field_behind_422s", count: 4, pointer: "/email", of: 6 }]);
    await expectShown(html, findings[0]!);
    expect(await shownTexts(html, "#doctor-field_behind_422s p:not(.basis):not(.copy-row)")).toEqual([
      expect.stringContaining("/email is named in 4 of the last 6 validation refusals"),
    ]);

    // Two more refusals of another field: /email is behind half of them, not most.
    await refused({ phone: "13" });
    await refused({ phone: "14" });
    expect((await diagnose(token)).findings).toEqual([]);
  });

  it("finds a clock skewed more than 5 minutes on at least 3 requests", async () => {
    const token = await newToken();
    const at = (minutes: number) => ({ date: new Date(Date.now() + minutes * 60_000).toUTCString() });
    const lead = () => eligibleLead({ consent: earlierConsent() });
    for (let i = 0; i < 2; i++) await post(token.token, lead(), { ...at(10), "idempotency-key": `d-${i}` });
    // 4 minutes off is within what the doctor lets pass.
    await post(token.token, lead(), { ...at(4), "idempotency-key": "d-near" });
    expect((await diagnose(token)).findings).toEqual([]);

    // A consent captured 10 minutes after its own arrival: that clock runs ahead too (refused, and counted).
    const ahead = { ...earlierConsent(), captured_at: new Date(Date.now() + 600_000).toISOString() };
    expect((await post(token.token, lead(), { "idempotency-key": "d-2" })).status).toBe(201);
    expect((await post(token.token, eligibleLead({ consent: ahead }))).status).toBe(422);
    const { findings, html } = await diagnose(token);
    expect(findings).toEqual([{ code: "clock_skew", count: 3, skewSeconds: expect.any(Number) }]);
    expect(Math.abs(findings[0]!.skewSeconds! - 600)).toBeLessThanOrEqual(5);
    await expectShown(html, findings[0]!);
    expect(await shownTexts(html, "#doctor-clock_skew h3")).toEqual([
      "The sender's clock runs about 10 min ahead",
    ]);
  });

  it("finds posts without a bot check through an intake token that requires one", async () => {
    const token = await newToken("intake");
    const guard = { botCheckRequired: true, honeypotField: null, allowedOrigins: null };
    expect(await setIntakeGuard(db, owner.accountId, token.id, guard)).toEqual({ ok: true });
    for (let i = 0; i < 2; i++) {
      const lead = eligibleLead({ phone: `(415) 555-01${10 + i}`, consent: earlierConsent() });
      expect((await post(token.token, lead, { "idempotency-key": `b-${i}` })).status).toBe(201);
    }
    // One with a token (which this server's provider then refuses): sent, so not this mistake.
    const checked = eligibleLead({ consent: earlierConsent() });
    await post(token.token, checked, { "idempotency-key": "b-checked", "bot-check-token": "tok_1" });
    const { findings, html } = await diagnose(token, true);
    expect(findings).toEqual([{ code: "bot_check_missing", count: 2 }]);
    await expectShown(html, findings[0]!);
    expect(await shownTexts(html, "#doctor-bot_check_missing pre")).toEqual([
      expect.stringContaining("Bot-Check-Token: <the widget token>"),
      expect.stringContaining("botCheckToken"),
    ]);
  });

  it("finds a callback receiver failing signature checks, counting its refused attempts", async () => {
    const token = await newToken();
    // A receiver that checks Standard Webhooks signatures with a secret other than the token's.
    const receiverKey = Buffer.from(newWebhookSecret().slice("whsec_".length), "base64");
    const receiver = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        const body = await request.text();
        const signed = `${request.headers.get("webhook-id")}.${request.headers.get("webhook-timestamp")}.${body}`;
        const expected = `v1,${createHmac("sha256", receiverKey).update(signed).digest("base64")}`;
        const sent = request.headers.get("webhook-signature")?.split(" ") ?? [];
        return sent.includes(expected)
          ? new Response(null, { status: 204 })
          : new Response("invalid signature", { status: 401 });
      },
    });
    try {
      const url = `http://127.0.0.1:${receiver.port}/hooks/<b>stl</b>`;
      expect(await setTokenCallback(db, token.id, { url, secret: newWebhookSecret() })).toBe(true);
      // A test lead is never called: its lead.not_called callback is queued with it.
      expect((await post(token.token, { email: "lead@example.com", test: true })).status).toBe(201);
      const settings = {
        pollIntervalMs: 20,
        timeoutMs: 2_000,
        concurrency: 1,
        perDestination: 1,
        retryBaseMs: 10,
        retryMaxMs: 20,
        allowPrivate: true,
      };
      const sender = new CallbackSender(db, settings, silentLogger);
      sender.start();
      for (let waited = 0; waited < 10_000; waited += 20) {
        if ((await latestCallbackAttempts(db, token.id, 10)).length >= 3) break;
        await Bun.sleep(20);
      }
      await sender.stop();
    } finally {
      await receiver.stop(true);
    }
    const attempts = await latestCallbackAttempts(db, token.id, 50);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts.every((attempt) => attempt.status === 401)).toBe(true);

    const { findings, html } = await diagnose(token);
    expect(findings).toEqual([
      {
        code: "receiver_rejects_signature",
        count: attempts.length,
        url: attempts[0]!.url,
        status: 401,
      },
    ]);
    await expectShown(html, findings[0]!);
    // The receiver's URL is the owner's text: escaped on the page, single-quoted in the shell snippet.
    expect(html).not.toContain("<b>stl</b>");
    expect(await shownTexts(html, "#doctor-receiver_rejects_signature pre")).toEqual([
      expect.stringContaining(`curl -sS '${attempts[0]!.url}'`),
      expect.stringContaining("verifyWebhook(request, process.env.STL_CALLBACK_SECRET!)"),
    ]);
  });

  it("finds nothing in a clean integration: keyed posts, consent's own time, no skew, valid fields", async () => {
    const token = await newToken();
    for (let i = 0; i < 6; i++) {
      const lead = eligibleLead({ phone: `(415) 555-02${10 + i}`, consent: earlierConsent() });
      const answer = await post(token.token, lead, {
        "idempotency-key": `clean-${i}`,
        date: new Date().toUTCString(),
      });
      expect(answer.status).toBe(201);
      // A retry under its key is a replay, never a second lead.
      expect((await post(token.token, lead, { "idempotency-key": `clean-${i}` })).status).toBe(201);
    }
    await post(token.token, eligibleLead({ email: "ana@", consent: earlierConsent() }));
    const { findings, html } = await diagnose(token);
    expect(findings).toEqual([]);
    expect(await shownTexts(html, "#doctor-none")).toEqual(["No mistake found in these requests."]);
    expect(await elementTexts(html, "#doctor article")).toEqual([]);
  });
});
