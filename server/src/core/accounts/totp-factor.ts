// An owner's authenticator app (TOTP, RFC 6238: HMAC-SHA1, 30-second steps, 6 digits, the otpauth library): enrolment
// waits for a first code from the app; each accepted code is used once; wrong codes in a row lock the factor for a while.
import { Secret, TOTP } from "otpauth";
import type { Queryable } from "../../db/database.ts";

const PERIOD_SECONDS = 30;
/** The issuer shown in the app beside the owner's email. */
export const TOTP_ISSUER = "Speed-to-Lead";
/** Wrong codes in a row before the factor refuses every code for SECOND_FACTOR_LOCK_SECONDS. */
export const SECOND_FACTOR_FAILURES = 10;
export const SECOND_FACTOR_LOCK_SECONDS = 15 * 60;

const totpOf = (secret: string, email: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: email, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

export interface TotpEnrolment {
  /** Base32, as typed into an app by hand. */
  secret: string;
  /** otpauth://totp/… : what the QR code holds. */
  uri: string;
}

/** The pending enrolment of the owner (made when there is none); undefined when the app is already set up. */
export async function pendingTotp(
  q: Queryable,
  ownerId: string,
  email: string,
): Promise<TotpEnrolment | undefined> {
  await q.query(
    "insert into owner_totp (owner_id, secret) values ($1, $2) on conflict (owner_id) do nothing",
    [ownerId, new Secret({ size: 20 }).base32],
  );
  const [row] = await q.query<{ secret: string; confirmed: boolean }>(
    "select secret, confirmed_at is not null as confirmed from owner_totp where owner_id = $1",
    [ownerId],
  );
  if (!row || row.confirmed) return undefined;
  return { secret: row.secret, uri: totpOf(row.secret, email).toString() };
}

/** "replayed": a right code already used (its step is not past the last one): someone else may have seen it. */
export type CodeCheck = { ok: true } | { ok: false; reason: "wrong" | "replayed" | "locked" | "none" };

/**
 * Checks a code against the owner's app: the pending one (`enrolling`, which confirms it) or the confirmed one.
 * A code of the current step or one step either side is accepted once: its step must be past the last one used.
 */
export async function checkTotp(
  q: Queryable,
  ownerId: string,
  code: string,
  nowMs: number,
  { enrolling = false }: { enrolling?: boolean } = {},
): Promise<CodeCheck> {
  const [row] = await q.query<{ secret: string; locked: boolean }>(
    `select secret, (failures >= $2 and failed_at > now() - make_interval(secs => $3)) as locked
     from owner_totp where owner_id = $1 and (confirmed_at is null) = $4`,
    [ownerId, SECOND_FACTOR_FAILURES, SECOND_FACTOR_LOCK_SECONDS, enrolling],
  );
  if (!row) return { ok: false, reason: "none" };
  if (row.locked) return { ok: false, reason: "locked" };
  const token = code.replace(/\s/g, "");
  const delta = /^\d{6}$/.test(token)
    ? totpOf(row.secret, "").validate({ token, timestamp: nowMs, window: 1 })
    : null;
  if (delta !== null) {
    const step = Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
    // One statement: two requests with the same code cannot both pass.
    const used = await q.query(
      `update owner_totp set last_step = $2, failures = 0, confirmed_at = coalesce(confirmed_at, now())
       where owner_id = $1 and last_step < $2 returning 1`,
      [ownerId, step],
    );
    if (used.length > 0) return { ok: true };
  }
  await secondFactorFailed(q, ownerId);
  return { ok: false, reason: delta === null ? "wrong" : "replayed" };
}

/** A wrong code (or recovery code): counted towards the lock, the count restarting after a quiet lock period. */
export async function secondFactorFailed(q: Queryable, ownerId: string): Promise<void> {
  await q.query(
    `update owner_totp set
       failures = case when failed_at > now() - make_interval(secs => $2) then failures + 1 else 1 end,
       failed_at = now()
     where owner_id = $1`,
    [ownerId, SECOND_FACTOR_LOCK_SECONDS],
  );
}

/** Whether the owner's second factor is locked by wrong codes (recovery codes then refuse too). */
export async function secondFactorLocked(q: Queryable, ownerId: string): Promise<boolean> {
  const [row] = await q.query<{ locked: boolean }>(
    `select (failures >= $2 and failed_at > now() - make_interval(secs => $3)) as locked from owner_totp where owner_id = $1`,
    [ownerId, SECOND_FACTOR_FAILURES, SECOND_FACTOR_LOCK_SECONDS],
  );
  return row?.locked === true;
}

/** SQL: the owner (`ownerId`, an SQL expression) has a second factor: a confirmed app or a passkey. */
export const hasSecondFactorSql = (ownerId: string) =>
  `(exists (select 1 from owner_totp t where t.owner_id = ${ownerId} and t.confirmed_at is not null)
    or exists (select 1 from owner_passkeys p where p.owner_id = ${ownerId}))`;

/** True when the owner has a second factor (a confirmed app or a passkey): sign-in asks for it. */
export async function hasSecondFactor(q: Queryable, ownerId: string): Promise<boolean> {
  const [row] = await q.query<{ has: boolean }>(`select ${hasSecondFactorSql("$1::uuid")} as has`, [ownerId]);
  return row?.has === true;
}

/** True when the owner's authenticator app is set up (confirmed). */
export async function hasTotp(q: Queryable, ownerId: string): Promise<boolean> {
  const [row] = await q.query("select 1 from owner_totp where owner_id = $1 and confirmed_at is not null", [
    ownerId,
  ]);
  return row !== undefined;
}

/** Removes the app; the recovery codes go too once no passkey is left. False when no app was set up. */
export async function removeTotp(q: Queryable, ownerId: string): Promise<boolean> {
  const rows = await q.query<{ confirmed: boolean }>(
    "delete from owner_totp where owner_id = $1 returning confirmed_at is not null as confirmed",
    [ownerId],
  );
  await q.query(
    "delete from owner_recovery_codes where owner_id = $1 and not exists (select 1 from owner_passkeys where owner_id = $1)",
    [ownerId],
  );
  return rows.some((row) => row.confirmed);
}

/** `stl owners reset-2fa`: the app, every passkey and the recovery codes; false when there was none of them. */
export async function removeEverySecondFactor(q: Queryable, ownerId: string): Promise<boolean> {
  const had = await hasSecondFactor(q, ownerId);
  await q.query("delete from owner_totp where owner_id = $1", [ownerId]);
  await q.query("delete from owner_passkeys where owner_id = $1", [ownerId]);
  await q.query("delete from owner_recovery_codes where owner_id = $1", [ownerId]);
  return had;
}
