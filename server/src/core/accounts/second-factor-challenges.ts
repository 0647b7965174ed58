// A sign-in halfway: the password (or a link) was right and the owner has a second factor. The browser holds the
// challenge's secret in a cookie; the database its SHA-256, the sign-in it stands for, and how many codes were tried.
import type { Queryable } from "../../db/database.ts";
import { hashSecret, hasSecretShape, newSecret } from "./secret.ts";

/** How long the code may take to arrive: then the password is asked again. */
export const CHALLENGE_SECONDS = 5 * 60;
/** Codes tried against one challenge before it ends (the owner's factor also locks after repeated failures). */
export const CHALLENGE_ATTEMPTS = 5;

export interface PendingSignIn {
  ownerId: string;
  accountId: string;
  accounts: number;
  keep: boolean;
  method: "password" | "link" | "invitation";
  next?: string;
}

export async function createChallenge(q: Queryable, pending: PendingSignIn): Promise<string> {
  const secret = newSecret();
  // One challenge per owner at a time: a new sign-in replaces the one before.
  await q.query("delete from second_factor_challenges where owner_id = $1", [pending.ownerId]);
  await q.query(
    `insert into second_factor_challenges (id_hash, owner_id, account_id, accounts, keep, method, next_path, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [
      hashSecret(secret),
      pending.ownerId,
      pending.accountId,
      pending.accounts,
      pending.keep,
      pending.method,
      pending.next ?? null,
      CHALLENGE_SECONDS,
    ],
  );
  return secret;
}

/** The live challenge of this cookie value with its owner's email; `attempt: true` counts one code tried. */
export async function findChallenge(
  q: Queryable,
  secret: string | undefined,
  { attempt = false }: { attempt?: boolean } = {},
): Promise<(PendingSignIn & { email: string }) | undefined> {
  if (!secret || !hasSecretShape(secret)) return undefined;
  const [row] = await q.query<PendingSignIn & { email: string }>(
    `update second_factor_challenges c set attempts = c.attempts + $2
     from owners o
     where c.id_hash = $1 and o.id = c.owner_id and o.disabled_at is null
       and c.expires_at > now() and c.attempts < $3
     returning c.owner_id as "ownerId", c.account_id as "accountId", c.accounts, c.keep, c.method,
               c.next_path as next, o.email`,
    [hashSecret(secret), attempt ? 1 : 0, CHALLENGE_ATTEMPTS],
  );
  if (!row) return undefined;
  return { ...row, next: row.next ?? undefined };
}

export async function endChallenge(q: Queryable, secret: string): Promise<void> {
  await q.query("delete from second_factor_challenges where id_hash = $1", [hashSecret(secret)]);
}
