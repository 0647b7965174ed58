// Console invitations: a pending row of one account (its link's secret hashed), bound to a person only when the
// invitee sets a password (a new address) or signs in with their own (an existing person) through the link.
// Inviting never tells the inviter whether the address belongs to anyone; check and insert share a transaction.
import type { Database, Queryable } from "../../db/database.ts";
import { normalizeEmail } from "./owner-repository.ts";
import { hashSecret, hasSecretShape, newSecret } from "./secret.ts";
import { endOwnerSessions } from "./session-store.ts";
import { endUnusedLinks } from "./sign-in-links.ts";

export const INVITATION_SECONDS = 7 * 24 * 60 * 60;
/** Pending (unexpired) invitations an account may hold at once. */
export const PENDING_INVITATIONS_PER_ACCOUNT = 20;

export interface PendingInvitation {
  id: string;
  email: string;
  created_at: Date;
  expires_at: Date;
}

/**
 * A new invitation of `email` to the account (an older pending one for the address is withdrawn); the link's
 * secret, its only clear copy. Refused only when the account already holds its cap of pending invitations,
 * whoever the address belongs to.
 */
export async function inviteOwner(
  db: Database,
  invite: { accountId: string; email: string; invitedBy?: string },
): Promise<{ ok: true; id: string; secret: string } | { ok: false; code: "too_many_invitations" }> {
  const email = normalizeEmail(invite.email);
  return await db.transaction(async (tx) => {
    // One invite at a time per account: the cap holds however many owners invite at once.
    await tx.query("select id from accounts where id = $1 for update", [invite.accountId]);
    await tx.query(
      `update account_invitations set withdrawn_at = now()
       where account_id = $1 and email = $2 and accepted_at is null and withdrawn_at is null`,
      [invite.accountId, email],
    );
    const [pending] = await tx.query<{ n: number }>(
      `select count(*)::int as n from account_invitations
       where account_id = $1 and accepted_at is null and withdrawn_at is null and expires_at > now()`,
      [invite.accountId],
    );
    if ((pending?.n ?? 0) >= PENDING_INVITATIONS_PER_ACCOUNT)
      return { ok: false, code: "too_many_invitations" };
    const id = Bun.randomUUIDv7();
    const secret = newSecret();
    await tx.query(
      `insert into account_invitations (id, account_id, email, invited_by, token_hash, expires_at)
       values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [id, invite.accountId, email, invite.invitedBy ?? null, hashSecret(secret), INVITATION_SECONDS],
    );
    return { ok: true, id, secret };
  });
}

export interface InvitationView {
  email: string;
  accountSlug: string;
  /** The address already belongs to a person with a password: they accept by signing in, never by setting one. */
  passwordHash: string | null;
}

/** The invitation of a link that still works (pending, unexpired): what its page shows. */
export async function peekInvitation(q: Queryable, secret: string): Promise<InvitationView | undefined> {
  if (!hasSecretShape(secret)) return undefined;
  const [row] = await q.query<InvitationView>(
    `select i.email, a.slug as "accountSlug", o.password_hash as "passwordHash"
     from account_invitations i join accounts a on a.id = i.account_id
     left join owners o on o.email = i.email
     where i.token_hash = $1 and i.accepted_at is null and i.withdrawn_at is null and i.expires_at > now()`,
    [hashSecret(secret)],
  );
  return row;
}

/** How the invitee proved who they are: a new password (a new person), or the password hash they just matched. */
export type InvitationProof = { newPasswordHash: string } | { verifiedHash: string };

export type Acceptance =
  | { ok: true; ownerId: string; accountId: string; created: boolean }
  | { ok: false; code: "link_invalid" | "password_changed" };

/**
 * Accepts the invitation, once: the person is made (new address) or must be the one whose password was checked,
 * unchanged since (two invitations of one new address redeemed at once: the second meets a password and is
 * refused); then the membership, and the person's other unused links end.
 */
export async function acceptInvitation(
  db: Database,
  secret: string,
  proof: InvitationProof,
): Promise<Acceptance> {
  if (!hasSecretShape(secret)) return { ok: false, code: "link_invalid" };
  try {
    return await acceptInTransaction(db, secret, proof);
  } catch (error) {
    // Thrown to undo the acceptance (the invitation stays pending): the invitee may try again with the right proof.
    if (error instanceof PasswordChanged) return { ok: false, code: "password_changed" };
    throw error;
  }
}

class PasswordChanged extends Error {}

async function acceptInTransaction(
  db: Database,
  secret: string,
  proof: InvitationProof,
): Promise<Acceptance> {
  return await db.transaction(async (tx): Promise<Acceptance> => {
    const [invitation] = await tx.query<{ account_id: string; email: string }>(
      `update account_invitations set accepted_at = now()
       where token_hash = $1 and accepted_at is null and withdrawn_at is null and expires_at > now()
       returning account_id, email`,
      [hashSecret(secret)],
    );
    if (!invitation) return { ok: false, code: "link_invalid" };
    const [inserted] = await tx.query<{ id: string }>(
      "insert into owners (id, email) values ($1, $2) on conflict (email) do nothing returning id",
      [Bun.randomUUIDv7(), invitation.email],
    );
    const [person] = await tx.query<{ id: string; password_hash: string | null }>(
      "select id, password_hash from owners where email = $1 for update",
      [invitation.email],
    );
    if (!person) return { ok: false, code: "link_invalid" };
    if ("newPasswordHash" in proof) {
      if (person.password_hash !== null) throw new PasswordChanged();
      await tx.query("update owners set password_hash = $2, disabled_at = null where id = $1", [
        person.id,
        proof.newPasswordHash,
      ]);
      await endOwnerSessions(tx, person.id);
    } else if (person.password_hash !== proof.verifiedHash) throw new PasswordChanged();
    await tx.query(
      "insert into account_members (account_id, owner_id) values ($1, $2) on conflict do nothing",
      [invitation.account_id, person.id],
    );
    await endUnusedLinks(tx, person.id);
    return { ok: true, ownerId: person.id, accountId: invitation.account_id, created: Boolean(inserted) };
  });
}

export async function pendingInvitations(q: Queryable, accountId: string): Promise<PendingInvitation[]> {
  return await q.query<PendingInvitation>(
    `select id::text as id, email, created_at, expires_at from account_invitations
     where account_id = $1 and accepted_at is null and withdrawn_at is null and expires_at > now()
     order by created_at`,
    [accountId],
  );
}

/** Withdraws a pending invitation of this account; its email, or undefined (none, or another account's). */
export async function withdrawInvitation(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<string | undefined> {
  const [row] = await q.query<{ email: string }>(
    `update account_invitations set withdrawn_at = now()
     where id = $1 and account_id = $2 and accepted_at is null and withdrawn_at is null returning email`,
    [id, accountId],
  );
  return row?.email;
}
