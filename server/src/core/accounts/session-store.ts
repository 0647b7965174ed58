// Owner sessions in the database, keyed by the SHA-256 of the cookie's 256-bit secret: create, resolve, end.
import type { Queryable } from "../../db/database.ts";
import { hashSecret, hasSecretShape, newSecret } from "./secret.ts";

/** A session unused this long ends (idle expiry). */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** A session ends this long after sign-in whatever its use (absolute expiry). */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** "Keep me signed in": the idle and absolute limits then. */
export const KEPT_IDLE_SECONDS = 12 * 60 * 60;
export const KEPT_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** Sessions one owner may hold: a new sign-in ends the least recently used past it. */
export const SESSIONS_PER_OWNER = 20;
/** The idle limit of a session row in SQL, `keep` read through `alias` (a table alias with its dot, or ""). */
export const sessionIdleSql = (alias: string) =>
  `case when ${alias}keep then ${KEPT_IDLE_SECONDS} else ${SESSION_IDLE_SECONDS} end`;
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

export interface NewSession {
  /** When the password was given, by the console's clock (the database's when absent). */
  confirmedAt?: Date;
  /** "Keep me signed in". */
  keep?: boolean;
  clientAddress?: string;
  userAgent?: string;
}

/**
 * A new random id at every sign-in (no fixation); returns the cookie value, the only clear copy. The owner's sessions
 * past SESSIONS_PER_OWNER (least recently used first) end.
 */
export async function createSession(
  q: Queryable,
  ownerId: string,
  accountId: string,
  options: NewSession = {},
): Promise<string> {
  const secret = newSecret();
  const keep = options.keep === true;
  await q.query(
    `insert into owner_sessions (id_hash, owner_id, account_id, expires_at, confirmed_at, keep, client_address, user_agent)
     values ($1, $2, $3, now() + make_interval(secs => $4), coalesce($5::timestamptz, now()), $6, $7, $8)`,
    [
      hashSecret(secret),
      ownerId,
      accountId,
      keep ? KEPT_ABSOLUTE_SECONDS : SESSION_ABSOLUTE_SECONDS,
      options.confirmedAt ?? null,
      keep,
      options.clientAddress ?? null,
      options.userAgent?.slice(0, 300) ?? null,
    ],
  );
  await q.query(
    `delete from owner_sessions where id_hash in (
       select id_hash from owner_sessions where owner_id = $1 order by last_seen_at desc, created_at desc offset $2)`,
    [ownerId, SESSIONS_PER_OWNER],
  );
  return secret;
}

export interface SessionListing {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  client_address: string | null;
  user_agent: string | null;
  keep: boolean;
  current: boolean;
}

/** The owner's live sessions, most recently used first; `id` is a short handle (a prefix of the hash), never the secret. */
export async function listOwnerSessions(
  q: Queryable,
  ownerId: string,
  secret: string,
): Promise<SessionListing[]> {
  return await q.query<SessionListing>(
    `select left(s.id_hash, 16) as id, s.created_at, s.last_seen_at, s.client_address, s.user_agent, s.keep,
            s.id_hash = $2 as current
     from owner_sessions s
     where s.owner_id = $1 and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(secs => ${sessionIdleSql("s.")})
     order by s.last_seen_at desc`,
    [ownerId, hashSecret(secret)],
  );
}

/** Ends one of the owner's sessions by its handle; false when there is none. */
export async function endOwnerSession(q: Queryable, ownerId: string, handle: string): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(handle)) return false;
  const rows = await q.query(
    "delete from owner_sessions where owner_id = $1 and left(id_hash, 16) = $2 returning 1",
    [ownerId, handle],
  );
  return rows.length > 0;
}

/** "Sign out everywhere else": every session of the owner but this one. */
export async function endOtherSessions(q: Queryable, ownerId: string, secret: string): Promise<number> {
  const rows = await q.query("delete from owner_sessions where owner_id = $1 and id_hash <> $2 returning 1", [
    ownerId,
    hashSecret(secret),
  ]);
  return rows.length;
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
            s.last_seen_at < now() - make_interval(secs => $2) as stale
     from owner_sessions s
     join owners o on o.id = s.owner_id and o.disabled_at is null
     join account_members m on m.owner_id = s.owner_id and m.account_id = s.account_id
     join accounts a on a.id = s.account_id
     where s.id_hash = $1 and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => ${sessionIdleSql("s.")})`,
    [hashSecret(secret), TOUCH_AFTER_SECONDS],
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
