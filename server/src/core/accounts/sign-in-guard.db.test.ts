// The sign-in throttle and the sweep of expired rows on both databases: attempts taken under row locks, locks that
// grow to a cap whatever the history, and bounded deletes that two sweepers may run at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { BACKENDS, type HandoffFixture, openHandoffFixtureOn } from "../../testing/handoff-fixture.ts";
import { sweepExpiredRows } from "./expired-rows-sweep.ts";
import { createOwnerSignIn } from "./owner-access.ts";
import { hashSecret } from "./secret.ts";
import { createSession } from "./session-store.ts";
import { createSignInLink } from "./sign-in-links.ts";
import {
  ATTEMPTS_PER_LOCK,
  attemptSucceeded,
  LONGEST_LOCK_SECONDS,
  lockSeconds,
  takeAttempt,
} from "./sign-in-throttle.ts";
import { trustDevice } from "./trusted-devices.ts";

describe.each(BACKENDS)("sign-in guard on %s", (backend) => {
  let fixture: HandoffFixture;
  let db: Database;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    db = fixture.db;
  });
  afterAll(() => fixture?.close());

  const lockOf = async (key: string) =>
    (
      await db.query<{ seconds: number; locks: number }>(
        // The lock's length as set (both stamped with one transaction's now()), not what is left of it: on two
        // loaded cores a second could pass between the lock and this read.
        `select coalesce(extract(epoch from locked_until - last_attempt_at), 0)::float8 as seconds, locks
         from sign_in_attempts where key = $1`,
        [key],
      )
    )[0];

  it("lets exactly the allowance through when 100 attempts come at once", async () => {
    const keys = { email: `burst-${backend}@guard.example`, address: `198.51.100.${backend.length}` };
    const attempts = await Promise.all(Array.from({ length: 100 }, () => takeAttempt(db, keys)));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(ATTEMPTS_PER_LOCK.email);
    const refused = attempts.filter((a) => !a.allowed);
    const waits = new Set(refused.map((a) => (a.allowed ? 0 : a.retryAfterSeconds)));
    expect(
      [...waits].every((seconds) => seconds > 0 && seconds <= 30),
      [...waits].join(),
    ).toBe(true);
  });

  it("lets exactly the address's allowance through for 100 emails at once from one address, without deadlocks", async () => {
    const address = `203.0.113.${backend.length + 100}`;
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        takeAttempt(db, { email: `spray${i}-${backend}@guard.example`, address }),
      ),
    );
    expect(attempts.filter((a) => a.allowed)).toHaveLength(ATTEMPTS_PER_LOCK.address);
  });

  it("grows the lock per lock up to an hour, and stays an answer after thousands of failures", async () => {
    const keys = { email: `grow-${backend}@guard.example`, address: "192.0.2.200" };
    const seen: number[] = [];
    for (let lock = 0; lock < 10; lock++) {
      for (let i = 0; i < ATTEMPTS_PER_LOCK.email; i++)
        expect((await takeAttempt(db, keys)).allowed).toBe(true);
      seen.push(Math.round((await lockOf(`email:${keys.email}`))!.seconds));
      expect((await takeAttempt(db, keys)).allowed).toBe(false);
      await db.query("update sign_in_attempts set locked_until = now() - interval '1 second'");
    }
    expect(seen).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    // A row as thousands of failures (or an older schema) might leave it: the arithmetic stays bounded.
    await db.query("update sign_in_attempts set attempts = 2147483646, locks = 2147483647 where key = $1", [
      `email:${keys.email}`,
    ]);
    expect((await takeAttempt(db, keys)).allowed).toBe(true);
    expect((await lockOf(`email:${keys.email}`))!.seconds).toBeLessThanOrEqual(LONGEST_LOCK_SECONDS);
    expect(lockSeconds(Number.MAX_SAFE_INTEGER)).toBe(LONGEST_LOCK_SECONDS);
  });

  it("keeps a device's allowance apart from the email's, and a success clears only its own key", async () => {
    const email = `device-${backend}@guard.example`;
    const unknown = { email, address: "203.0.113.50" };
    for (let i = 0; i < ATTEMPTS_PER_LOCK.email; i++) await takeAttempt(db, unknown);
    expect((await takeAttempt(db, unknown)).allowed).toBe(false);
    const device = { device: "a".repeat(64), email };
    expect((await takeAttempt(db, device)).allowed).toBe(true);
    await attemptSucceeded(db, device);
    expect(await lockOf(`device:${device.device}:${email}`)).toBeUndefined();
    expect((await takeAttempt(db, unknown)).allowed).toBe(false);
  });

  it("sweeps expired sessions, links, devices and quiet throttle rows in bounded batches, from two sweepers at once", async () => {
    const { owner } = await createOwnerSignIn(db, "sweep-acme", `sweep-${backend}@guard.example`, "http://x");
    const [account] = await db.query<{ id: string }>("select id from accounts where slug = 'sweep-acme'");
    for (let i = 0; i < 1200; i++) await createSignInLink(db, owner.id);
    const live = await createSession(db, owner.id, account!.id);
    await createSession(db, owner.id, account!.id);
    await trustDevice(db, "b".repeat(43), owner.id);
    await db.query(
      `insert into sign_in_attempts (key, attempts, last_attempt_at, locked_until) values
         ('email:quiet@sweep.example', 3, now() - interval '25 hours', null),
         ('email:locked@sweep.example', 0, now() - interval '25 hours', now() + interval '1 hour'),
         ('email:recent@sweep.example', 3, now(), null)`,
    );
    await db.query("update sign_in_links set expires_at = now() - interval '1 second' where owner_id = $1", [
      owner.id,
    ]);
    await db.query(
      `update owner_sessions set expires_at = now() - interval '1 second'
       where owner_id = $1 and id_hash <> $2`,
      [owner.id, hashSecret(live)],
    );
    await db.query("update owner_devices set expires_at = now() - interval '1 second' where owner_id = $1", [
      owner.id,
    ]);
    const [first, second] = await Promise.all([sweepExpiredRows(db), sweepExpiredRows(db)]);
    expect(first!.sign_in_links! + second!.sign_in_links!).toBe(1200 + 1);
    expect(first!.owner_sessions! + second!.owner_sessions!).toBe(1);
    expect(first!.owner_devices! + second!.owner_devices!).toBe(1);
    const left = await db.query<{ key: string }>(
      "select key from sign_in_attempts where key like '%@sweep.example' order by key",
    );
    expect(left.map((row) => row.key)).toEqual(["email:locked@sweep.example", "email:recent@sweep.example"]);
    const [sessions] = await db.query<{ n: number }>(
      "select count(*)::int as n from owner_sessions where owner_id = $1",
      [owner.id],
    );
    expect(Number(sessions!.n)).toBe(1);
  });
});
