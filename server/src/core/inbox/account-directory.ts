// Small lookups the inbox pages show: the account's channel tokens (the channel filter) and its owners' emails.

import type { Queryable } from "../../db/database.ts";

/** A channel token as the inbox's channel filter offers it. */
export interface ChannelOption {
  id: string;
  name: string;
}

export async function channelOptions(db: Queryable, accountId: string): Promise<ChannelOption[]> {
  return await db.query<ChannelOption>(
    "select id::text as id, name from channel_tokens where account_id = $1 order by name, created_at",
    [accountId],
  );
}

/** Owner id → email, for "who asked" on the detail view; only the account's own members. */
export async function ownerEmails(db: Queryable, accountId: string): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; email: string }>(
    `select o.id::text as id, o.email from owners o
     join account_members m on m.owner_id = o.id and m.account_id = $1`,
    [accountId],
  );
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Whether any lead (live or test) reached the account: /console then opens the inbox. */
export async function accountHasLeads(db: Queryable, accountId: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>("select 1 as one from leads where account_id = $1 limit 1", [
    accountId,
  ]);
  return rows.length > 0;
}
