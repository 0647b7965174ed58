// The account setting "require a second factor": its owners without one are sent to set it up before any other page.
import type { Queryable } from "../../db/database.ts";

export async function secondFactorRequired(q: Queryable, accountId: string): Promise<boolean> {
  const [row] = await q.query<{ on: boolean }>(
    "select require_second_factor as on from accounts where id = $1",
    [accountId],
  );
  return row?.on === true;
}

/** Sets it; false when it already was so (nothing to audit). */
export async function requireSecondFactor(q: Queryable, accountId: string, on: boolean): Promise<boolean> {
  const rows = await q.query(
    "update accounts set require_second_factor = $2 where id = $1 and require_second_factor <> $2 returning 1",
    [accountId, on],
  );
  return rows.length > 0;
}
