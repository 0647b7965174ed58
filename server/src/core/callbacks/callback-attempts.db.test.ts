// The delivery log on PGlite: a not_called lead's status callback refused once (500 with an answer) then
// acknowledged, under one webhook-id; each attempt is one row (status, latency, the answer's first characters,
// the next attempt while one is due), read back newest first and shown escaped on the token's page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { FAST_CALLBACK_SETTINGS } from "../../testing/callback-test-settings.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { createLoggedApp } from "../../testing/logged-app.ts";
import { newWebhookSecret } from "../accounts/secret.ts";
import { createChannelToken } from "../accounts/token-repository.ts";
import type { RequestLogWriter } from "../request-log/request-log-writer.ts";
import { latestCallbackAttempts } from "./callback-attempts.ts";
import { setTokenCallback } from "./callback-outbox.ts";
import { CallbackSender } from "./callback-sender.ts";

let db: Database;
let app: App;
let log: RequestLogWriter;

beforeAll(async () => {
  db = await createMemoryDatabase();
  ({ app, log } = createLoggedApp(db));
});
afterAll(async () => {
  await log.stop();
  await db.close();
});

describe("the delivery log of status callbacks", () => {
  it("keeps every attempt with the receiver's answer, under one webhook-id, and shows it on the token's page", async () => {
    const { client, accountId } = await signedInOwner(
      db,
      (r) => app.handle(r),
      "deliveries",
      "ana@deliveries.example",
    );
    const sender = await createChannelToken(db, accountId, "CRM", "read");
    const url = "http://127.0.0.1:9/hooks/leads";
    expect(await setTokenCallback(db, sender.id, { url, secret: newWebhookSecret() })).toBe(true);
    // A test lead is never called: its lead.not_called callback is queued with it.
    const posted = await app.handle(
      intakeRequest({ email: "lead@example.com", test: true }, { token: sender.token }),
    );
    expect(posted.status).toBe(201);
    expect(
      await db.query("select type from status_callbacks where channel_token_id = $1", [sender.id]),
    ).toEqual([{ type: "lead.not_called" }]);

    const received: { webhookId: string | null }[] = [];
    const answers = [
      new Response("<b>receiver down</b>\nretry later", { status: 500 }),
      new Response('{"ok":true}', { status: 200 }),
    ];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      received.push({ webhookId: new Headers(init.headers).get("webhook-id") });
      return answers.shift() ?? new Response("", { status: 200 });
    }) as typeof fetch;
    const callbacks = new CallbackSender(db, FAST_CALLBACK_SETTINGS, silentLogger, fakeFetch);
    callbacks.start();
    for (
      let waited = 0;
      waited < 10_000 && (await latestCallbackAttempts(db, sender.id, 10)).length < 2;
      waited += 50
    )
      await Bun.sleep(50);
    await callbacks.stop();

    expect(received).toHaveLength(2);
    expect(received[0]!.webhookId).toBe(received[1]!.webhookId);
    const [delivered, refused] = await latestCallbackAttempts(db, sender.id, 10);
    expect(refused).toMatchObject({
      attempt: 1,
      event: "lead.not_called",
      url,
      status: 500,
      answer_head: "<b>receiver down</b> retry later",
      error: "answered 500",
    });
    expect(refused!.next_attempt_at).toBeInstanceOf(Date);
    expect(delivered).toMatchObject({
      attempt: 2,
      status: 200,
      answer_head: '{"ok":true}',
      next_attempt_at: null,
    });
    expect(delivered!.latency_ms).toBeGreaterThanOrEqual(0);

    const page = await (await client.get(`/console/integrations/tokens/${sender.id}/requests`)).text();
    expect(await elementTexts(page, "#deliveries tbody tr td:nth-of-type(2) strong")).toEqual(["200", "500"]);
    expect(page).not.toContain("<b>receiver down");
    expect(page).toContain("&lt;b&gt;receiver down&lt;/b&gt;");

    // "Send again" on the delivered callback: one new attempt, the same webhook-id; another account's owner gets 404.
    const callbackId = delivered!.callback_id;
    const stranger = await signedInOwner(db, (r) => app.handle(r), "deliveries-other", "bo@other.example");
    await stranger.client.get("/console/integrations");
    const refused404 = await stranger.client.post(
      `/console/integrations/tokens/${sender.id}/callbacks/${callbackId}/send-again`,
      {},
    );
    expect(refused404.status).toBe(404);
    const again = await client.post(
      `/console/integrations/tokens/${sender.id}/callbacks/${callbackId}/send-again`,
      {},
    );
    expect([again.status, again.headers.get("location")]).toEqual([
      303,
      `/console/integrations/tokens/${sender.id}/requests`,
    ]);
    const resender = new CallbackSender(db, FAST_CALLBACK_SETTINGS, silentLogger, fakeFetch);
    resender.start();
    for (
      let waited = 0;
      waited < 10_000 && (await latestCallbackAttempts(db, sender.id, 10)).length < 3;
      waited += 50
    )
      await Bun.sleep(50);
    await resender.stop();
    expect(received).toHaveLength(3);
    expect(received[2]!.webhookId).toBe(received[0]!.webhookId);
    const [resent] = await latestCallbackAttempts(db, sender.id, 10);
    expect(resent).toMatchObject({ callback_id: callbackId, status: 200, callback_status: "delivered" });
  });
});
