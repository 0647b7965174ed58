// Single-use sign-in links (24 h): the link carries a 256-bit secret, the database its SHA-256.
import type { Database, Queryable } from "../../db/database.ts";
import { setOwnerPassword } from "./owner-repository.ts";
import { hashSecret, hasSecretShape, newSecret } from "./secret.ts";
import { endOwnerSessions } from "./session-store.ts";

const SIGN_IN_LINK_SECONDS = 24 * 60 * 60;
export const SIGN_IN_LINK_PATH = "/console/link";

/** Returns the secret of a new link for this owner: the only clear copy. */
export async function createSignInLink(q: Queryable, ownerId: string): Promise<string> {
  const secret = newSecret();
  await q.query(
    `insert into sign_in_links (token_hash, owner_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [hashSecret(secret), ownerId, SIGN_IN_LINK_SECONDS],
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

/** Uses a link to set its owner's password, ending every other session of that owner; the owner's id, or undefined when the link no longer works. */
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
    return ownerId;
  });
}
