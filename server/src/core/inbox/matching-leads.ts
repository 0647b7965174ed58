// Which of some changed leads still match a page's filter: the stream shows those and takes the others off the page.
import type { Queryable } from "../../db/database.ts";
import type { InboxFilter } from "./inbox-filter.ts";
import { filterConditions } from "./inbox-filter.ts";

export const isFiltered = (filter: InboxFilter) => Object.values(filter).some((value) => value !== undefined);

/** The ids among `leadIds` (at most a feed batch, 500) that match `filter` in this account. */
export async function matchingLeadIds(
  db: Queryable,
  accountId: string,
  filter: InboxFilter,
  leadIds: string[],
): Promise<Set<string>> {
  if (leadIds.length === 0) return new Set();
  const params: unknown[] = [accountId];
  const where = ["l.account_id = $1", ...filterConditions(filter, params)];
  const first = params.length + 1;
  params.push(...leadIds);
  const list = leadIds.map((_, index) => `$${first + index}::uuid`).join(", ");
  const rows = await db.query<{ id: string }>(
    `select l.id::text as id from leads l where ${where.join(" and ")} and l.id in (${list})`,
    params,
  );
  return new Set(rows.map((row) => row.id));
}
