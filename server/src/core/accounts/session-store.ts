// Owner sessions in the database, keyed by the SHA-256 of the cookie's 256-bit secret: create, resolve, end.
import type { Queryable } from "../../db/database.ts";
import { hashSecret, hasSecretShape, newSecret } from "./secret.ts";

/** A session unused this long ends (idle expiry). */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
/** A session ends this long after sign-in whatever its use (absolute expiry). */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** last_seen_at is written at most this often per session: not a write per page view. */
const TOUCH_AFTER_SECONDS = 60;

export interface OwnerSession {
  ownerId: string;
  email: string;
  accountId: string;
  accountSlug: string;
  /** How many accounts the owner belongs to (the header offers the chooser past one). */
  accounts: number;
  /** When the owner last gave their password in this session: sensitive changes ask again after 10 minutes. */
  confirmedAt: Date;
}

/**
 * A new random id at every sign-in (no fixation); returns the cookie value, the only clear copy. `confirmedAt`: when
 * the password was given, by the console's clock (the database's when absent).
 */
export async function createSession(
  q: Queryable,
  ownerId: string,
  accountId: string,
  confirmedAt?: Date,
): Promise<string> {
  const secret = newSecret();
  await q.query(
    `insert into owner_sessions (id_hash, owner_id, account_id, expires_at, confirmed_at)
     values ($1, $2, $3, now() + make_interval(secs => $4), coalesce($5::timestamptz, now()))`,
    [hashSecret(secret), ownerId, accountId, SESSION_ABSOLUTE_SECONDS, confirmedAt ?? null],
  );
  return secret;
}

/**
 * The live session of this cookie value: not expired, not idle too long, owner not disabled, still a member.
 * `touch: false` checks without counting as use (an open live page must not keep a session from idling out).
 */
export async function findSession(
  q: Queryable,
  secret: string,
  { touch = true }: { touch?: boolean } = {},
): Promise<OwnerSession | undefined> {
  if (!hasSecretShape(secret)) return undefined;
  const [row] = await q.query<OwnerSession & { stale: boolean }>(
    `select s.owner_id as "ownerId", o.email, s.account_id as "accountId", a.slug as "accountSlug",
            (select count(*)::int from account_members x where x.owner_id = s.owner_id) as accounts,
            s.confirmed_at as "confirmedAt",
            s.last_seen_at < now() - make_interval(secs => $3) as stale
     from owner_sessions s
     join owners o on o.id = s.owner_id and o.disabled_at is null
     join account_members m on m.owner_id = s.owner_id and m.account_id = s.account_id
     join accounts a on a.id = s.account_id
     where s.id_hash = $1 and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => $2)`,
    [hashSecret(secret), SESSION_IDLE_SECONDS, TOUCH_AFTER_SECONDS],
  );
  if (!row) return undefined;
  if (row.stale && touch)
    await q.query("update owner_sessions set last_seen_at = now() where id_hash = $1", [hashSecret(secret)]);
  const { stale: _stale, ...session } = row;
  return session;
}

export async function endSession(q: Queryable, secret: string): Promise<void> {
  await q.query("delete from owner_sessions where id_hash = $1", [hashSecret(secret)]);
}

/** The owner gave their password again in this session, at `at` (the console's clock). */
export async function confirmSession(q: Queryable, secret: string, at: Date): Promise<void> {
  await q.query("update owner_sessions set confirmed_at = $2 where id_hash = $1", [hashSecret(secret), at]);
}

/** Moves the session to another account of its owner; false when the owner is no member there. */
export async function switchSessionAccount(
  q: Queryable,
  secret: string,
  accountId: string,
): Promise<boolean> {
  const rows = await q.query(
    `update owner_sessions s set account_id = $2 from account_members m
     where s.id_hash = $1 and m.owner_id = s.owner_id and m.account_id = $2 returning 1`,
    [hashSecret(secret), accountId],
  );
  return rows.length > 0;
}

/** Every session of an owner: after a new password. */
export async function endOwnerSessions(q: Queryable, ownerId: string): Promise<void> {
  await q.query("delete from owner_sessions where owner_id = $1", [ownerId]);
}
