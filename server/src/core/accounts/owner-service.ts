// Disabling owners for `stl owners disable` and the Team page alike (both invite with owner-access.ts and list with
// listOwners), and the limits only the page has: its account's owners only, never the last one, no takeover.
import type { Database, Queryable } from "../../db/database.ts";
import { disableOwner, normalizeEmail } from "./owner-repository.ts";
import { endOwnerSessions } from "./session-store.ts";

/** Disables an owner (by email or id) and ends every session of theirs; the owner's id, or undefined. */
export async function disableOwnerEverywhere(q: Queryable, idOrEmail: string): Promise<string | undefined> {
  const id = await disableOwner(q, idOrEmail);
  if (id) await endOwnerSessions(q, id);
  return id;
}

export type TeamRefusal = "not_found" | "last_owner" | "other_accounts" | "has_access";

/**
 * Whether an owner of this account may invite `email` from the page: a new person, or one invited here who has
 * not set a password yet. Anyone else already signs in somewhere: a link would let the inviter take that access.
 */
export async function invitable(q: Queryable, accountId: string, email: string): Promise<boolean> {
  const [row] = await q.query<{ has_password: boolean; elsewhere: boolean }>(
    `select o.password_hash is not null or o.disabled_at is not null as has_password,
            exists (select 1 from account_members m where m.owner_id = o.id and m.account_id <> $1) as elsewhere
     from owners o where o.email = $2`,
    [accountId, normalizeEmail(email)],
  );
  return !row || (!row.has_password && !row.elsewhere);
}

/**
 * The page's disable: an owner of this account only (not one who also belongs to another account), never the
 * last active one. The account row is locked, so two owners disabling each other at once leave one.
 */
export async function disableTeamOwner(
  db: Database,
  accountId: string,
  ownerId: string,
): Promise<{ ok: true; email: string } | { ok: false; code: TeamRefusal }> {
  return await db.transaction(async (tx) => {
    await tx.query("select id from accounts where id = $1 for update", [accountId]);
    const owners = await tx.query<{ id: string; email: string; active: boolean; elsewhere: boolean }>(
      `select o.id::text as id, o.email, o.disabled_at is null as active,
              exists (select 1 from account_members x where x.owner_id = o.id and x.account_id <> $1) as elsewhere
       from owners o join account_members m on m.owner_id = o.id and m.account_id = $1`,
      [accountId],
    );
    const target = owners.find((owner) => owner.id === ownerId);
    if (!target?.active) return { ok: false, code: "not_found" };
    if (target.elsewhere) return { ok: false, code: "other_accounts" };
    if (owners.filter((owner) => owner.active).length <= 1) return { ok: false, code: "last_owner" };
    await disableOwnerEverywhere(tx, target.id);
    return { ok: true, email: target.email };
  });
}
