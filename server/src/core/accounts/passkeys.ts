// An owner's passkeys (WebAuthn, the @simplewebauthn/server library): added from the Account page, used as the second
// factor at sign-in. The database keeps each credential's public key and signature counter; the challenge a page
// handed out is kept on the session (adding) or the sign-in challenge (using) and taken once.
// The library's certificate code needs Reflect's metadata when it loads. In the single executable's bundle its own
// import of the polyfill runs after that code, so the polyfill is loaded here and the library on first use.
import "reflect-metadata";
import type { Queryable } from "../../db/database.ts";
import { hasSecondFactorSql, TOTP_ISSUER } from "./totp-factor.ts";

/** @simplewebauthn/server, loaded once on the first passkey action (after the polyfill above). */
const webauthn = () => import("@simplewebauthn/server");

/** Passkeys one owner may hold: a bound on rows a signed-in client can add. */
export const PASSKEYS_PER_OWNER = 10;
/** Longest name kept (the owner types it). */
const NAME_CHARS = 60;

export interface PasskeyListing {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** Where the ceremony runs: the relying party's id (the console's host name) and the page's origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

interface StoredPasskey {
  id: string;
  public_key: string;
  counter: string | number;
  transports: string | null;
}

const transportsOf = (row: { transports: string | null }) =>
  row.transports ? (row.transports.split(",") as AuthenticatorTransport[]) : undefined;

async function storedPasskeys(q: Queryable, ownerId: string): Promise<StoredPasskey[]> {
  return await q.query<StoredPasskey>(
    "select id, public_key, counter, transports from owner_passkeys where owner_id = $1 order by created_at",
    [ownerId],
  );
}

export async function listPasskeys(q: Queryable, ownerId: string): Promise<PasskeyListing[]> {
  return await q.query<PasskeyListing>(
    "select id, name, created_at, last_used_at from owner_passkeys where owner_id = $1 order by created_at",
    [ownerId],
  );
}

/** Options for adding a passkey (its challenge kept on the session); undefined once the owner has the most allowed. */
export async function registrationOptions(
  q: Queryable,
  rp: RelyingParty,
  owner: { id: string; email: string; sessionHash: string },
) {
  const existing = await storedPasskeys(q, owner.id);
  if (existing.length >= PASSKEYS_PER_OWNER) return undefined;
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: rp.id,
    userName: owner.email,
    userID: new TextEncoder().encode(owner.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await q.query("update owner_sessions set webauthn_challenge = $2 where id_hash = $1", [
    owner.sessionHash,
    options.challenge,
  ]);
  return options;
}

/** Takes the challenge a page handed out (once). */
async function takeChallenge(
  q: Queryable,
  table: "owner_sessions" | "second_factor_challenges",
  idHash: string,
) {
  const [row] = await q.query<{ challenge: string | null }>(
    `update ${table} t set webauthn_challenge = null from ${table} old
     where t.id_hash = $1 and old.id_hash = t.id_hash returning old.webauthn_challenge as challenge`,
    [idHash],
  );
  return row?.challenge ?? undefined;
}

/** Verifies the browser's answer to the session's challenge and stores the passkey; false when it does not hold. */
export async function addPasskey(
  q: Queryable,
  rp: RelyingParty,
  owner: { id: string; sessionHash: string },
  answer: string,
  name: string,
): Promise<boolean> {
  const challenge = await takeChallenge(q, "owner_sessions", owner.sessionHash);
  const response = parsed(answer);
  if (!challenge || !response) return false;
  try {
    const verified = await (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified.verified) return false;
    const { credential } = verified.registrationInfo;
    const rows = await q.query(
      `insert into owner_passkeys (id, owner_id, public_key, counter, transports, name)
       select $1, $2, $3, $4, $5, $6
       where (select count(*) from owner_passkeys where owner_id = $2) < $7
       on conflict (id) do nothing returning 1`,
      [
        credential.id,
        owner.id,
        Buffer.from(credential.publicKey).toString("base64url"),
        credential.counter,
        credential.transports?.join(",") ?? null,
        name.trim().slice(0, NAME_CHARS) || "Passkey",
        PASSKEYS_PER_OWNER,
      ],
    );
    return rows.length > 0;
  } catch {
    // A malformed or forged answer: the library throws; it is a refusal like any other.
    return false;
  }
}

/** Where a ceremony's challenge is kept: the sign-in waiting for its second factor, or the session (re-confirmation). */
export interface ChallengeHolder {
  table: "second_factor_challenges" | "owner_sessions";
  idHash: string;
}

/** Options for using one of the owner's passkeys (the challenge kept by `holder`); undefined without any. */
export async function authenticationOptions(
  q: Queryable,
  rp: RelyingParty,
  ownerId: string,
  holder: ChallengeHolder,
) {
  const existing = await storedPasskeys(q, ownerId);
  if (existing.length === 0) return undefined;
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    userVerification: "preferred",
  });
  await q.query(`update ${holder.table} set webauthn_challenge = $2 where id_hash = $1`, [
    holder.idHash,
    options.challenge,
  ]);
  return options;
}

/** Verifies a passkey's answer to `holder`'s challenge; true when it is one of the owner's and holds. */
export async function usePasskey(
  q: Queryable,
  rp: RelyingParty,
  ownerId: string,
  holder: ChallengeHolder,
  answer: string,
): Promise<boolean> {
  const challenge = await takeChallenge(q, holder.table, holder.idHash);
  const response = parsed(answer);
  if (!challenge || !response || typeof response.id !== "string") return false;
  const [row] = await q.query<StoredPasskey>(
    "select id, public_key, counter, transports from owner_passkeys where owner_id = $1 and id = $2",
    [ownerId, response.id],
  );
  if (!row) return false;
  try {
    const verified = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.id,
        publicKey: Buffer.from(row.public_key, "base64url"),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
      requireUserVerification: false,
    });
    if (!verified.verified) return false;
    await q.query(
      "update owner_passkeys set counter = $3, last_used_at = now() where owner_id = $1 and id = $2",
      [ownerId, row.id, verified.authenticationInfo.newCounter],
    );
    return true;
  } catch {
    return false;
  }
}

/** Removes one of the owner's passkeys by id: its name, undefined when there is none (another owner's id included). */
export async function removePasskey(q: Queryable, ownerId: string, id: string): Promise<string | undefined> {
  const [row] = await q.query<{ name: string }>(
    "delete from owner_passkeys where owner_id = $1 and id = $2 returning name",
    [ownerId, id],
  );
  // The last factor gone: its recovery codes would let anyone past nothing.
  await q.query(
    `delete from owner_recovery_codes where owner_id = $1 and not ${hasSecondFactorSql("$1::uuid")}`,
    [ownerId],
  );
  return row?.name;
}

/** The browser's JSON answer, or undefined when it is not a JSON object (at most 64 KiB is read). */
function parsed(answer: string) {
  if (answer.length > 65_536) return undefined;
  try {
    const value = JSON.parse(answer);
    return value && typeof value === "object" ? value : undefined;
  } catch {
    return undefined;
  }
}
