// Whether a phone is on its account's do-not-call list, read where a lead is decided (intake and repeats). The
// list itself (adding, removing, what that withdraws) is core/dnc's; this read sits below it, so leads never
// import the list's own code.
import type { Queryable } from "../../db/database.ts";

/** Whether the number is on the account's list now. */
export async function isOnList(db: Queryable, accountId: string, phone: string): Promise<boolean> {
  const rows = await db.query("select 1 from dnc_numbers where account_id = $1 and phone = $2", [
    accountId,
    phone,
  ]);
  return rows.length > 0;
}
