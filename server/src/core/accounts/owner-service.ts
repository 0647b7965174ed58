// Removing owners for `stl owners disable` and the Team page alike: a membership of one account ends (with that
// person's sessions in it), never the person, who may be invited again. The page never removes the last owner.
import type { Database, Queryable } from "../../db/database.ts";
import { findOwnerId } from "./owner-repository.ts";

/** Ends the owner's membership of `accountId` (every membership when absent) and the sessions acting for it. */
export async function removeMemberships(q: Queryable, ownerId: string, accountId?: string): Promise<number> {
  const removed = await q.query(
    "delete from account_members where owner_id = $1 and ($2::uuid is null or account_id = $2) returning 1",
    [ownerId, accountId ?? null],
  );
  await q.query("delete from owner_sessions where owner_id = $1 and ($2::uuid is null or account_id = $2)", [
    ownerId,
    accountId ?? null,
  ]);
  return removed.length;
}

/** The operator's removal (by email or id), of one account or all; the person's id, or undefined when unknown. */
export async function removeOwner(
  q: Queryable,
  idOrEmail: string,
  accountId?: string,
): Promise<string | undefined> {
  const id = await findOwnerId(q, idOrEmail);
  if (id) await removeMemberships(q, id, accountId);
  return id;
}

export type TeamRefusal = "not_found" | "last_owner";

/**
 * The page's removal: an owner of this account only, never the last one. The account row is locked, so two owners
 * removing each other at once leave one.
 */
export async function removeTeamOwner(
  db: Database,
  accountId: string,
  ownerId: string,
): Promise<{ ok: true; email: string } | { ok: false; code: TeamRefusal }> {
  return await db.transaction(async (tx) => {
    await tx.query("select id from accounts where id = $1 for update", [accountId]);
    const owners = await tx.query<{ id: string; email: string }>(
      `select o.id::text as id, o.email from owners o join account_members m on m.owner_id = o.id
       where m.account_id = $1`,
      [accountId],
    );
    const target = owners.find((owner) => owner.id === ownerId);
    if (!target) return { ok: false, code: "not_found" };
    if (owners.length <= 1) return { ok: false, code: "last_owner" };
    await removeMemberships(tx, target.id, accountId);
    return { ok: true, email: target.email };
  });
}
