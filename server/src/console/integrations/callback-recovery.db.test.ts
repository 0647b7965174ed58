// "Recover since" and "Resume" through app.handle on PGlite: a period's delivered and failed callbacks sent again
// under the webhook-ids they were first sent with (queued ones, other periods and other tokens untouched), in
// capped batches; a bad period refused beside its field; another account's token is the 404 page; both audited;
// a paused token's banner, its Resume, and the kept callbacks sent after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { auditEvents } from "../../core/accounts/audit-log.ts";
import { newWebhookSecret } from "../../core/accounts/secret.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import { setTokenCallback } from "../../core/callbacks/callback-outbox.ts";
import { recordCallbackOutcome } from "../../core/callbacks/callback-pause.ts";
import { recoverCallbacks } from "../../core/callbacks/callback-recovery.ts";
import { CallbackSender, type CallbackSenderHooks } from "../../core/callbacks/callback-sender.ts";
import type { RequestLogWriter } from "../../core/request-log/request-log-writer.ts";
import type { Database, Queryable } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { FAST_CALLBACK_SETTINGS } from "../../testing/callback-test-settings.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { createLoggedApp } from "../../testing/logged-app.ts";

let db: Database;
let app: App;
let log: RequestLogWriter;
const handle = (request: Request) => app.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  ({ app, log } = createLoggedApp(db));
});
afterAll(async () => {
  await log.stop();
  await db.close();
});

/** A receiver in this process (through the sender's fetch): every webhook-id it was sent, in order. */
function receiver(status = 200) {
  const webhookIds: string[] = [];
  const send = (async (_url: string, init: RequestInit) => {
    webhookIds.push(new Headers(init.headers).get("webhook-id") ?? "");
    return new Response("ok", { status });
  }) as typeof fetch;
  return { webhookIds, send, status };
}

/** Runs a sender until `done()`, at most `maxMs`. */
async function sendUntil(
  send: typeof fetch,
  done: () => boolean | Promise<boolean>,
  maxMs = 10_000,
  hooks: CallbackSenderHooks = {},
) {
  const sender = new CallbackSender(db, FAST_CALLBACK_SETTINGS, silentLogger, send, hooks);
  sender.start();
  for (let waited = 0; waited < maxMs && !(await done()); waited += 20) await Bun.sleep(20);
  await sender.stop();
}

/** A token of the account with a callback URL and `count` test leads, whose lead.not_called callbacks it queued. */
async function tokenWithCallbacks(accountId: string, name: string, count: number) {
  const token = await createChannelToken(db, accountId, name, "read");
  await setTokenCallback(db, token.id, { url: "http://127.0.0.1:9/hook", secret: newWebhookSecret() });
  for (let i = 0; i < count; i++) {
    const posted = await app.handle(
      intakeRequest({ email: `${name}-${i}@example.com`, test: true }, { token: token.token }),
    );
    expect(posted.status).toBe(201);
  }
  const rows = await db.query<{ id: string }>(
    "select id::text from status_callbacks where channel_token_id = $1 order by created_at, id",
    [token.id],
  );
  return { id: token.id, token: token.token, callbacks: rows.map((row) => row.id) };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
/** As the form takes it: UTC, to the second. */
const typed = (at: Date) => at.toISOString().slice(0, 19).replace("T", " ");

async function setCallback(id: string, fields: { createdAt: Date; status?: string; nextAttemptAt?: Date }) {
  await db.query(
    `update status_callbacks set created_at = $2, status = coalesce($3, status),
       next_attempt_at = coalesce($4::timestamptz, next_attempt_at) where id = $1`,
    [id, fields.createdAt.toISOString(), fields.status ?? null, fields.nextAttemptAt?.toISOString() ?? null],
  );
}

const statuses = async (ids: string[]) =>
  (
    await db.query<{ id: string; status: string }>(
      "select id::text, status from status_callbacks where id = any($1::uuid[])",
      [ids],
    )
  )
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .map((row) => row.status);

describe("recovering a token's status callbacks since a time", () => {
  it("sends a period's delivered and failed callbacks again under their first webhook-ids, and nothing else", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "recover-acme", "ana@recover.example");
    const token = await tokenWithCallbacks(accountId, "CRM", 5);
    const other = await tokenWithCallbacks(accountId, "Other", 1);
    const first = receiver();
    await sendUntil(first.send, () => first.webhookIds.length >= 6);
    expect(first.webhookIds).toHaveLength(6);
    const [before, delivered, failed, queued, after] = token.callbacks as [
      string,
      string,
      string,
      string,
      string,
    ];
    const firstIdOf = (id: string) => first.webhookIds.find((webhookId) => webhookId.endsWith(id));

    await setCallback(before, { createdAt: hoursAgo(5) });
    await setCallback(delivered, { createdAt: hoursAgo(3) });
    await setCallback(failed, { createdAt: hoursAgo(2), status: "failed" });
    await setCallback(queued, { createdAt: hoursAgo(1.5), status: "pending", nextAttemptAt: hoursAgo(-1) });
    await setCallback(after, { createdAt: hoursAgo(0.1) });
    await setCallback(other.callbacks[0]!, { createdAt: hoursAgo(2) });

    await client.get(`/console/integrations/tokens/${token.id}/requests`);
    expect(await elementTexts(client.html, "#recover-title")).toEqual(["Recover since"]);
    const recovered = await client.post(`/console/integrations/tokens/${token.id}/callbacks/recover`, {
      from: typed(hoursAgo(4)),
      to: typed(hoursAgo(1)),
    });
    expect(recovered.status).toBe(303);
    expect(recovered.headers.get("location")).toMatch(
      new RegExp(`^/console/integrations/tokens/${token.id}/requests\\?notice=`),
    );
    const page = await (await client.follow(recovered)).text();
    expect(await elementTexts(page, "#callbacks-confirmation")).toEqual([
      "2 status callbacks queued again (3 in the period; those still queued were left).",
    ]);
    expect(await statuses([before, delivered, failed, queued, after, other.callbacks[0]!])).toEqual([
      "delivered",
      "pending",
      "pending",
      "pending",
      "delivered",
      "delivered",
    ]);
    const [audit] = await auditEvents(db, accountId, { action: "callbacks.recovered" }, 10);
    expect(audit).toMatchObject({ actor_email: "ana@recover.example" });
    expect(audit!.target).toMatch(/^CRM: .* – .*, 2 queued$/);

    const again = receiver();
    await sendUntil(again.send, () => again.webhookIds.length >= 2);
    expect(again.webhookIds.sort()).toEqual([firstIdOf(delivered), firstIdOf(failed)].sort());
    // The queued one waits for its own retry time, untouched.
    expect(await statuses([queued])).toEqual(["pending"]);
  });

  it("reads a period in batches up to a cap, and says where the next recovery starts", async () => {
    const { accountId } = await signedInOwner(db, handle, "recover-cap", "ana@cap.example");
    const token = await tokenWithCallbacks(accountId, "Cap", 5);
    for (const [i, id] of token.callbacks.entries())
      await setCallback(id, { createdAt: hoursAgo(5 - i), status: "delivered" });
    let statements = 0;
    const counted: Queryable = {
      query: (text, params) => {
        statements++;
        return db.query(text, params);
      },
    };
    const period = { from: hoursAgo(6), to: new Date() };
    const capped = await recoverCallbacks(counted, token.id, period, { cap: 3, batch: 2 });
    // Two batches (2 + 1 rows) and one look for where the rest starts.
    expect(statements).toBe(3);
    expect(capped).toMatchObject({ queued: 3, read: 3 });
    expect(capped.resumeFrom?.getTime()).toBeCloseTo(hoursAgo(2).getTime(), -4);
    expect(await statuses(token.callbacks)).toEqual([
      "pending",
      "pending",
      "pending",
      "delivered",
      "delivered",
    ]);

    const rest = await recoverCallbacks(
      db,
      token.id,
      { ...period, from: capped.resumeFrom! },
      { cap: 3, batch: 2 },
    );
    expect(rest).toEqual({ queued: 2, read: 2, resumeFrom: undefined });
    // Once more: all are queued already, so nothing is queued twice.
    expect(await recoverCallbacks(db, token.id, period)).toEqual({
      queued: 0,
      read: 5,
      resumeFrom: undefined,
    });
  });

  it("refuses a bad period beside its field, and another account's token is the 404 page", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "recover-bad", "ana@bad.example");
    const token = await tokenWithCallbacks(accountId, "Bad", 1);
    await client.get(`/console/integrations/tokens/${token.id}/requests`);
    const url = `/console/integrations/tokens/${token.id}/callbacks/recover`;

    const invalid = await client.post(url, { from: "2026-02-30 10:00", to: "" });
    expect(invalid.status).toBe(422);
    const html = await invalid.text();
    expect(await elementTexts(html, "#recover-from-error")).toEqual([
      "Enter a time such as 2026-11-27 14:00.",
    ]);
    expect(html).toContain('aria-describedby="recover-from-hint recover-from-error"');
    expect(html).toContain('value="2026-02-30 10:00"');

    const reversed = await client.post(url, { from: typed(hoursAgo(1)), to: typed(hoursAgo(2)) });
    expect(reversed.status).toBe(422);
    expect(await elementTexts(await reversed.text(), "#recover-to-error")).toEqual([
      "The end must come after the start.",
    ]);
    const future = await client.post(
      url,
      { from: typed(hoursAgo(-2)) },
      { headers: { "accept-language": "es" } },
    );
    expect(await elementTexts(await future.text(), "#recover-from-error")).toEqual([
      "Esta hora aún no ha llegado: escriba una hora pasada.",
    ]);

    const stranger = await signedInOwner(db, handle, "recover-stranger", "bo@stranger.example");
    await stranger.client.get("/console/integrations");
    await setCallback(token.callbacks[0]!, { createdAt: hoursAgo(1), status: "delivered" });
    for (const action of ["recover", "resume"]) {
      const refused = await stranger.client.post(
        `/console/integrations/tokens/${token.id}/callbacks/${action}`,
        {
          from: typed(hoursAgo(2)),
        },
      );
      expect(refused.status).toBe(404);
    }
    expect(await statuses(token.callbacks)).toEqual(["delivered"]);
    // Without the form's CSRF token: refused, nothing queued.
    const forged = await client.post(url, { from: typed(hoursAgo(2)) }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(await statuses(token.callbacks)).toEqual(["delivered"]);
  });

  it("shows a paused token's banner and queued callbacks as paused; Resume sends the kept ones", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "recover-pause", "ana@pause.example");
    const token = await tokenWithCallbacks(accountId, "Paused", 1);
    // Its callbacks began failing 25 hours ago (a fixed moment); the sender's next failure pauses it.
    await recordCallbackOutcome(db, token.id, false, hoursAgo(25), 24 * 3_600_000);
    const down = receiver(503);
    const pausedTokens: string[] = [];
    await sendUntil(down.send, () => pausedTokens.length > 0, 10_000, {
      onPaused: (paused) => pausedTokens.push(paused.tokenId),
    });
    expect(pausedTokens).toEqual([token.id]);
    // Other tests' tokens share the outbox: only this token's webhook-ids count.
    const mine = async (webhookIds: string[]) => {
      const ids = await db.query<{ id: string }>(
        "select id::text from status_callbacks where channel_token_id = $1",
        [token.id],
      );
      return webhookIds.filter((webhookId) => ids.some(({ id }) => webhookId.endsWith(id)));
    };
    expect(await mine(down.webhookIds)).toHaveLength(1);
    // Kept while paused: a new lead's callback; and nothing is sent for a second of polls.
    const posted = await app.handle(
      intakeRequest({ email: "kept@example.com", test: true }, { token: token.token }),
    );
    expect(posted.status).toBe(201);
    const idle = receiver();
    await sendUntil(idle.send, () => false, 1_000);
    expect(await mine(idle.webhookIds)).toEqual([]);

    const page = await (await client.get(`/console/integrations/tokens/${token.id}/requests`)).text();
    expect(await elementTexts(page, "#callbacks-paused h2")).toEqual(["Status callbacks paused"]);
    expect(await elementTexts(page, "#deliveries .needs-owner")).toEqual(["paused: waits for Resume"]);
    const resumed = await client.post(`/console/integrations/tokens/${token.id}/callbacks/resume`, {});
    expect(resumed.status).toBe(303);
    const after = await (await client.follow(resumed)).text();
    expect(await elementTexts(after, "#callbacks-paused")).toEqual([]);
    expect(await elementTexts(after, "#callbacks-confirmation")).toEqual([
      "Status callbacks resumed: the kept ones are being sent.",
    ]);
    const [audit] = await auditEvents(db, accountId, { action: "callbacks.resumed" }, 10);
    expect(audit).toMatchObject({ actor_email: "ana@pause.example", target: "Paused" });

    const back = receiver();
    await sendUntil(back.send, async () => (await mine(back.webhookIds)).length >= 2);
    const resent = await mine(back.webhookIds);
    expect(resent).toHaveLength(2);
    expect(resent).toContain((await mine(down.webhookIds))[0]);
  });
});
