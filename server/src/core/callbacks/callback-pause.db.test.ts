// The pause after a day of failed status callbacks, under a fixed clock: when a run of failures starts, ends and
// pauses its token (once, audited), that a paused token's callbacks are kept and not claimed, and that "Resume"
// makes them due again; on PostgreSQL, two pools settling failures at once pause the token exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { createBunSqlDatabase } from "../../db/bun-sql-driver.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { itOnPostgres } from "../../testing/describe-on-postgres.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { createPostgresTestDatabase } from "../../testing/handoff-fixture.ts";
import { createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { auditEvents } from "../accounts/audit-log.ts";
import { newWebhookSecret } from "../accounts/secret.ts";
import { claimCallbacks, setTokenCallback } from "./callback-outbox.ts";
import {
  CALLBACK_PAUSE_AFTER_MS,
  makeKeptCallbacksDue,
  recordCallbackOutcome,
  resumeTokenCallbacks,
  tokenCallbackState,
} from "./callback-pause.ts";

const DAY = CALLBACK_PAUSE_AFTER_MS;
const T0 = new Date("2026-11-20T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A token with a callback URL, and a test lead whose lead.not_called callback it queued. */
async function tokenWithCallback(db: Database, app: ReturnType<typeof createApp>) {
  const made = await createTestToken(db);
  await setTokenCallback(db, made.tokenId, { url: "http://127.0.0.1:9/hook", secret: newWebhookSecret() });
  const posted = await app.handle(
    intakeRequest({ email: "lead@example.com", test: true }, { token: made.token }),
  );
  expect(posted.status).toBe(201);
  return made;
}

const claimAll = (db: Database) =>
  claimCallbacks(db, { limit: 100, leaseMs: 60_000, perDestination: 100, busy: new Map() });

describe("the pause of a token whose status callbacks fail for a day", () => {
  let db: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    db = await createMemoryDatabase();
    app = createApp({ db });
  });
  afterAll(() => db.close());

  it("counts a run of failures from its first one, ends it at a delivery, and pauses once a day has passed", async () => {
    const { tokenId, accountId } = await tokenWithCallback(db, app);
    const fail = (when: Date) => recordCallbackOutcome(db, tokenId, false, when, DAY);

    // A healthy token's deliveries never write its row (its row version stays).
    const version = async () =>
      (
        await db.query<{ v: string }>("select xmin::text as v from channel_tokens where id = $1", [tokenId])
      )[0]!.v;
    const healthy = await version();
    await recordCallbackOutcome(db, tokenId, true, T0, DAY);
    expect(await version()).toBe(healthy);

    expect(await fail(T0)).toBeUndefined();
    expect((await tokenCallbackState(db, tokenId)).failingSince).toEqual(T0);
    // Nor do the failures of a run already counted.
    const failing = await version();
    expect(await fail(at(DAY - 60_000))).toBeUndefined();
    expect(await version()).toBe(failing);
    // A delivery ends the run: the next failure starts a new one.
    await recordCallbackOutcome(db, tokenId, true, at(DAY - 30_000), DAY);
    expect(await tokenCallbackState(db, tokenId)).toEqual({ pausedAt: null, failingSince: null });
    expect(await fail(at(DAY))).toBeUndefined();
    expect(await fail(at(2 * DAY - 1))).toBeUndefined();
    expect(await tokenCallbackState(db, tokenId)).toEqual({ pausedAt: null, failingSince: at(DAY) });

    // A failure a full day after the run began pauses the token; told once, audited with no actor.
    expect(await fail(at(2 * DAY))).toEqual({ tokenId, accountId, name: "test", failingSince: at(DAY) });
    expect(await fail(at(2 * DAY + 60_000))).toBeUndefined();
    expect(await tokenCallbackState(db, tokenId)).toEqual({ pausedAt: at(2 * DAY), failingSince: at(DAY) });
    const audit = await auditEvents(db, accountId, { action: "callbacks.paused" }, 10);
    expect(audit.map((row) => [row.target, row.actor_email])).toEqual([["test", null]]);
  });

  it("keeps a paused token's callbacks unclaimed, other tokens' sent, and Resume makes the kept ones due", async () => {
    const paused = await tokenWithCallback(db, app);
    const healthy = await tokenWithCallback(db, app);
    // The paused token's callback was waiting out a backoff (due in an hour) when the pause came.
    await db.query(
      "update status_callbacks set next_attempt_at = now() + interval '1 hour' where channel_token_id = $1",
      [paused.tokenId],
    );
    await recordCallbackOutcome(db, paused.tokenId, false, T0, DAY);
    expect(await recordCallbackOutcome(db, paused.tokenId, false, at(DAY), DAY)).toBeDefined();
    // A new lead while paused: its callback is kept, not lost.
    const posted = await app.handle(
      intakeRequest({ email: "kept@example.com", test: true }, { token: paused.token }),
    );
    expect(posted.status).toBe(201);
    const queued = await db.query<{ n: number }>(
      "select count(*)::int as n from status_callbacks where channel_token_id = $1 and status = 'pending'",
      [paused.tokenId],
    );
    expect(queued[0]!.n).toBe(2);

    const claimed = await claimAll(db);
    expect(claimed.map((c) => c.token_id)).toEqual([healthy.tokenId]);

    await makeKeptCallbacksDue(db, paused.tokenId);
    // Still paused: made due, but no sender takes them yet.
    expect(await claimAll(db)).toEqual([]);
    expect(await resumeTokenCallbacks(db, paused.tokenId)).toBe(true);
    expect(await resumeTokenCallbacks(db, paused.tokenId)).toBe(false);
    expect(await tokenCallbackState(db, paused.tokenId)).toEqual({ pausedAt: null, failingSince: null });
    const resumed = await claimAll(db);
    expect(resumed.map((c) => c.token_id)).toEqual([paused.tokenId, paused.tokenId]);
    // A second owner's late click finds it resumed: the claimed (leased) callbacks are not made due again.
    await makeKeptCallbacksDue(db, paused.tokenId);
    expect(await claimAll(db)).toEqual([]);
  });
});

describe("the pause decision across processes", () => {
  itOnPostgres(
    "pauses a token exactly once when two pools settle its failures at the same moment",
    async () => {
      const url = await createPostgresTestDatabase();
      const [one, two] = [
        createBunSqlDatabase(url, { poolSize: 4 }),
        createBunSqlDatabase(url, { poolSize: 4 }),
      ];
      try {
        await migrate(one);
        const app = createApp({ db: one });
        const { tokenId, accountId } = await tokenWithCallback(one, app);
        await recordCallbackOutcome(one, tokenId, false, T0, DAY);
        const outcomes = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            recordCallbackOutcome(i % 2 ? one : two, tokenId, false, at(DAY + i), DAY),
          ),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        expect(await auditEvents(one, accountId, { action: "callbacks.paused" }, 10)).toHaveLength(1);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    },
  );
});
