// Single-use sign-in links: the link carries a 256-bit secret, the database its SHA-256. Two kinds with their own
// lifetimes: "reset" (forgot password, `stl owners link`: 60 minutes) and "setup" (`stl owners create`: 7 days).
// Console invitations are rows of their own account (invitations.ts) and answer at the same path.
import type { Database, Queryable } from "../../db/database.ts";
import { setOwnerPassword } from "./owner-repository.ts";
import { hashSecret, hasSecretShape, newSecret } from "./secret.ts";
import { endOwnerSessions } from "./session-store.ts";

export type SignInLinkKind = "reset" | "setup";
export const SIGN_IN_LINK_SECONDS: Record<SignInLinkKind, number> = {
  reset: 60 * 60,
  setup: 7 * 24 * 60 * 60,
};
export const SIGN_IN_LINK_PATH = "/console/link";

/** Returns the secret of a new link for this owner: the only clear copy. */
export async function createSignInLink(
  q: Queryable,
  ownerId: string,
  kind: SignInLinkKind = "reset",
): Promise<string> {
  const secret = newSecret();
  await q.query(
    `insert into sign_in_links (token_hash, owner_id, kind, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashSecret(secret), ownerId, kind, SIGN_IN_LINK_SECONDS[kind]],
  );
  return secret;
}

/** @example signInLinkUrl("http://localhost:3000", secret) // "http://localhost:3000/console/link/Xq3…" */
export const signInLinkUrl = (baseUrl: string, secret: string) =>
  `${baseUrl.replace(/\/+$/, "")}${SIGN_IN_LINK_PATH}/${secret}`;

/** The email of a link that still works (unused, unexpired, owner enabled): for the set-password page. */
export async function peekSignInLink(q: Queryable, secret: string): Promise<{ email: string } | undefined> {
  if (!hasSecretShape(secret)) return undefined;
  const [row] = await q.query<{ email: string }>(
    `select o.email from sign_in_links l join owners o on o.id = l.owner_id and o.disabled_at is null
     where l.token_hash = $1 and l.used_at is null and l.expires_at > now()`,
    [hashSecret(secret)],
  );
  return row;
}

/** Marks the link used, once: of two concurrent uses only one gets the owner id. */
export async function consumeSignInLink(q: Queryable, secret: string): Promise<string | undefined> {
  if (!hasSecretShape(secret)) return undefined;
  const [row] = await q.query<{ owner_id: string }>(
    `update sign_in_links l set used_at = now() from owners o
     where l.token_hash = $1 and l.used_at is null and l.expires_at > now()
       and o.id = l.owner_id and o.disabled_at is null
     returning l.owner_id`,
    [hashSecret(secret)],
  );
  return row?.owner_id;
}

/** Redeeming any link ends the owner's other unused links: an older link mailed earlier no longer works. */
export async function endUnusedLinks(q: Queryable, ownerId: string): Promise<void> {
  await q.query("update sign_in_links set used_at = now() where owner_id = $1 and used_at is null", [
    ownerId,
  ]);
}

/**
 * Uses a link to set its owner's password, ending every other session and every other unused link of that owner;
 * the owner's id, or undefined when the link no longer works.
 */
export async function redeemSignInLink(
  db: Database,
  secret: string,
  passwordHash: string,
): Promise<string | undefined> {
  return await db.transaction(async (tx) => {
    const ownerId = await consumeSignInLink(tx, secret);
    if (!ownerId) return undefined;
    await setOwnerPassword(tx, ownerId, passwordHash);
    await endOwnerSessions(tx, ownerId);
    await endUnusedLinks(tx, ownerId);
    return ownerId;
  });
}
