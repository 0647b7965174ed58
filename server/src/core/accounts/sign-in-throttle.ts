// Bounds password guessing whatever the concurrency: each attempt is taken in the database (rows locked) before its
// password is checked. A key allows a few attempts per window, then locks for 30 s, doubling per lock up to 1 h.
import type { Database, Queryable } from "../../db/database.ts";
import { addressNetworks } from "./address-network.ts";

/** Password checks one key allows before it locks; a browser that signed in before has its own (`device`). */
export const ATTEMPTS_PER_LOCK = { email: 5, device: 5, address: 20, network: 100 } as const;
/** Attempts older than this no longer count: a quiet key starts a new window. */
const WINDOW_SECONDS = 15 * 60;
export const FIRST_LOCK_SECONDS = 30;
export const LONGEST_LOCK_SECONDS = 60 * 60;
/** 30 s × 2^7 is past the longest lock already; keeping the count small keeps the arithmetic exact. */
const LOCKS_COUNTED = 16;

/**
 * Unknown browsers are throttled per email and per client address; a browser holding a device cookie of
 * this owner only on that cookie's allowance, so a stranger who knows the email cannot lock the owner out.
 */
export type ThrottleKeys = { email: string; address: string } | { device: string; email: string };

type Kind = keyof typeof ATTEMPTS_PER_LOCK;

/** An address counts as its network (IPv4 /32, IPv6 /64), and its wider block (/24, /48) has an allowance too. */
function keysOf(keys: ThrottleKeys): { key: string; kind: Kind }[] {
  if ("device" in keys) return [{ key: `device:${keys.device}:${keys.email}`, kind: "device" }];
  const networks = addressNetworks(keys.address);
  return [
    { key: `email:${keys.email}`, kind: "email" },
    { key: `address:${networks.own}`, kind: "address" },
    { key: `network:${networks.wide}`, kind: "network" },
  ];
}

/** The lock after `locks` earlier ones: 30 s, 60 s, 120 s, … never more than an hour. */
export const lockSeconds = (locks: number) =>
  Math.min(LONGEST_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.min(Math.max(locks, 0), LOCKS_COUNTED));

/** `locks`: this attempt is the last of a key's allowance, so a wrong password now starts a lock (audited once). */
export type Attempt = { allowed: true; locks: boolean } | { allowed: false; retryAfterSeconds: number };

interface KeyRow {
  key: string;
  attempts: number;
  locks: number;
  locked_seconds: number;
  window_over: boolean;
}

/**
 * Takes one attempt on every key, or none when one is locked. The rows are locked (in key order, so two
 * attempts never deadlock) for the length of one short transaction: of 100 concurrent attempts, in one
 * process or many, exactly the allowance gets through to the password check.
 *
 * @example const attempt = await takeAttempt(db, { email, address }); if (!attempt.allowed) …429
 */
export async function takeAttempt(db: Database, keys: ThrottleKeys): Promise<Attempt> {
  const wanted = keysOf(keys);
  return await db.transaction(async (tx) => {
    // One order for the inserts and the row locks alike: two attempts never wait on each other in a cycle.
    const names = wanted.map((k) => k.key).sort();
    await tx.query(
      `insert into sign_in_attempts (key, attempts) select key, 0 from unnest($1::text[]) as key order by key
       on conflict (key) do nothing`,
      [names],
    );
    const rows = await tx.query<KeyRow>(
      `select key, attempts, locks,
              -- The clock, not now(): this transaction may have waited for the row since before the lock was set.
              greatest(0, ceil(extract(epoch from locked_until - clock_timestamp())))::int as locked_seconds,
              last_attempt_at < now() - make_interval(secs => $2) as window_over
       from sign_in_attempts where key = any($1::text[]) order by key for update`,
      [names, WINDOW_SECONDS],
    );
    const lockedFor = Math.max(0, ...rows.map((row) => Number(row.locked_seconds)));
    if (lockedFor > 0) return { allowed: false, retryAfterSeconds: lockedFor };
    let locks = false;
    for (const row of rows) {
      const kind = wanted.find((k) => k.key === row.key)!.kind;
      const attempts = (row.window_over ? 0 : Number(row.attempts)) + 1;
      const lockCount = Number(row.locks);
      // The last attempt of the allowance is still checked; the lock starts with it.
      const locking = attempts >= ATTEMPTS_PER_LOCK[kind];
      locks ||= locking;
      await tx.query(
        `update sign_in_attempts set attempts = $2, locks = $3, last_attempt_at = now(),
           locked_until = case when $4::int > 0 then now() + make_interval(secs => $4::int) end
         where key = $1`,
        [
          row.key,
          locking ? 0 : attempts,
          locking ? Math.min(lockCount + 1, LOCKS_COUNTED) : lockCount,
          locking ? lockSeconds(lockCount) : 0,
        ],
      );
    }
    return { allowed: true, locks };
  });
}

/**
 * After a correct password: the email's (or the device's) count and locks are gone; the address gets its
 * attempt back, so colleagues signing in behind one address never lock it.
 */
export async function attemptSucceeded(q: Queryable, keys: ThrottleKeys): Promise<void> {
  const [own, ...shared] = keysOf(keys);
  await q.query("delete from sign_in_attempts where key = $1", [own!.key]);
  for (const { key } of shared)
    await q.query(
      "update sign_in_attempts set attempts = greatest(attempts - 1, 0) where key = $1 and locked_until is null",
      [key],
    );
}
