// The live feed on PGlite and PostgreSQL: new and changed leads announced per account, reconnects catch up, late commits are not lost.

import { postLead } from "@speed-to-lead/tests/harness/lead-http";
import { startServerProcess, untilReady } from "@speed-to-lead/tests/harness/server-process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeOnPostgres } from "../../testing/describe-on-postgres.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import {
  BACKENDS,
  type InboxFixture,
  openInboxFixture,
  openWithTwoAccounts,
  type TestChannel,
} from "../../testing/inbox-fixture.ts";
import { feedCursorAt, type LeadChanges } from "./changes-since.ts";
import type { InboxRow } from "./inbox-row.ts";
import { watchInbox } from "./watch-inbox.ts";

/** A watcher consumed in the background: every row it yields, upserted by lead id as a client would. */
function collect(iterable: AsyncGenerator<LeadChanges>) {
  const rows = new Map<string, InboxRow>();
  const batches: LeadChanges[] = [];
  const done = (async () => {
    for await (const batch of iterable) {
      batches.push(batch);
      for (const row of batch.rows) rows.set(row.id, row);
    }
  })();
  return {
    rows,
    batches,
    get cursor() {
      return batches.at(-1)?.cursor;
    },
    async until(check: () => boolean, what: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`live feed: timed out waiting for ${what}`);
        await Bun.sleep(10);
      }
    },
    async stop(controller: AbortController) {
      controller.abort();
      await done;
    },
  };
}

/** One account's inbox watched on the fixture's database and feed, collected as it arrives; stop with `controller`. */
function watchAccount(fixture: InboxFixture, accountId: string, cursor?: string, pollMs = 60_000) {
  const controller = new AbortController();
  const iterable = watchInbox({
    db: fixture.db,
    feed: fixture.feed,
    accountId,
    cursor,
    signal: controller.signal,
    pollMs,
  });
  return { ...collect(iterable), controller };
}

describe.each(BACKENDS)("live feed on %s", (backend) => {
  let fixture: InboxFixture;
  let web: TestChannel;
  let other: TestChannel;
  const controllers: AbortController[] = [];

  const watch = (accountId: string, cursor?: string, pollMs?: number) => {
    const watcher = watchAccount(fixture, accountId, cursor, pollMs);
    controllers.push(watcher.controller);
    return watcher;
  };

  beforeAll(async () => {
    ({ fixture, web, other } = await openWithTwoAccounts(backend));
  });
  afterEach(async () => {
    for (const controller of controllers.splice(0)) controller.abort();
    await fixture.reset();
  });
  afterAll(() => fixture?.close());

  it("announces a new lead to its account's subscribers only, then its hand-off", async () => {
    const mine = watch(web.accountId, feedCursorAt(new Date()));
    const theirs = watch(other.accountId, feedCursorAt(new Date()));
    await Bun.sleep(50); // both subscribed (LISTEN is up on PostgreSQL)
    const { body } = await fixture.postAs(web, eligibleLead({ first_name: "<b>Live</b>" }));
    await mine.until(() => mine.rows.has(body.id), "the new lead");
    expect(mine.rows.get(body.id)).toMatchObject({ first_name: "<b>Live</b>", response_state: "pending" });

    fixture.startDispatcher();
    await mine.until(() => mine.rows.get(body.id)?.response_state === "handed_off", "the hand-off");
    await Bun.sleep(100);
    expect(theirs.rows.size).toBe(0);
  });

  it("catches a reconnecting client up on what changed while it was away, without gaps", async () => {
    const first = watch(web.accountId, feedCursorAt(new Date()));
    await Bun.sleep(50);
    const a = await fixture.postAs(web, eligibleLead());
    await first.until(() => first.rows.has(a.body.id), "lead a");
    const cursor = first.cursor!;
    await first.stop(first.controller);

    // While away: a new lead, and lead a handed off.
    const b = await fixture.postAs(web, { email: "away@example.com" });
    fixture.startDispatcher();
    await fixture.waitUntilSettled();

    const again = watch(web.accountId, cursor);
    await again.until(
      () => again.rows.has(b.body.id) && again.rows.get(a.body.id)?.response_state === "handed_off",
      "the changes made while away",
    );
  });

  it("sends each change once per watcher, although the overlap window re-reads it", async () => {
    const watcher = watch(web.accountId, feedCursorAt(new Date()));
    await Bun.sleep(50);
    const posted = await fixture.postAs(web, { email: "once@example.com" });
    await watcher.until(() => watcher.rows.has(posted.body.id), "the lead");
    // Further notifications for the same account re-read the window: nothing new to send.
    fixture.feed.publish(web.accountId);
    const second = await fixture.postAs(web, { email: "second@example.com" });
    await watcher.until(() => watcher.rows.has(second.body.id), "the second lead");
    const sends = watcher.batches.flatMap((batch) => batch.rows).filter((row) => row.id === posted.body.id);
    expect(sends).toHaveLength(1);
  });
});

describeOnPostgres("live feed across PostgreSQL connections", () => {
  let fixture: InboxFixture;
  let web: TestChannel;

  beforeAll(async () => {
    fixture = await openInboxFixture("postgres");
    web = await fixture.newAccount();
  });
  afterAll(() => fixture?.close());

  it("does not miss a lead whose transaction commits after a later one was announced", async () => {
    const watcher = watchAccount(fixture, web.accountId);
    const { controller } = watcher;
    await Bun.sleep(50);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lateId = crypto.randomUUID();
    // A lead stamped now whose transaction stays open while another lead commits and is announced.
    const late = fixture.db.transaction(async (tx) => {
      await tx.query(
        `insert into leads (id, account_id, channel_token_id, email, source, received_at, respond_by, updated_at, response_state, response_reason)
         values ($1, $2, $3, 'late@example.com', 'form', now(), now() + interval '5 minutes', now(), 'not_called', 'no_consent')`,
        [lateId, web.accountId, web.tokenId],
      );
      await held;
    });
    await Bun.sleep(20);
    const early = await fixture.postAs(web, { email: "early@example.com" });
    await watcher.until(() => watcher.rows.has(early.body.id), "the early lead");
    expect(watcher.rows.has(lateId)).toBe(false);
    // Its cursor is now past the late lead's stamp; a naive "after the cursor" read would skip it.
    release();
    await late;
    fixture.feed.publish(web.accountId);
    await watcher.until(() => watcher.rows.has(lateId), "the late lead");
    await watcher.stop(controller);
  });

  it("announces a lead stored by another server process on the same database, then that process's hand-off", async () => {
    const watcher = watchAccount(fixture, web.accountId);
    const { controller } = watcher;
    const server = await startServerProcess({
      env: {
        DATABASE_URL: fixture.postgresUrl!,
        ASSISTANT_WEBHOOK_URL: fixture.assistant.url,
        ASSISTANT_WEBHOOK_SECRET: fixture.assistant.secret,
      },
      until: "listening",
    });
    try {
      await untilReady(server);
      const posted = await postLead(server.baseUrl, {
        token: web.token,
        body: eligibleLead({ email: "other-process@example.com" }),
      });
      expect(posted.status).toBe(201);
      await watcher.until(() => watcher.rows.has(posted.body.id), "the other process's lead");
      expect(watcher.rows.get(posted.body.id)?.email).toBe("other-process@example.com");
      // The other process's dispatcher hands it off; its NOTIFY reaches this process's watcher.
      await watcher.until(
        () => watcher.rows.get(posted.body.id)?.response_state === "handed_off",
        "the other process's hand-off",
      );
    } finally {
      await server.stop();
      await watcher.stop(controller);
    }
  });
});
