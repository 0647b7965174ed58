// One page of an account's inbox: newest first, filtered, keyset-paginated.
import type { Queryable } from "../../db/database.ts";
import { filterConditions, type InboxFilter } from "./inbox-filter.ts";
import { INBOX_ROW_SELECT, type InboxRow, type InboxRowRecord, toInboxRow } from "./inbox-row.ts";
import { decodeCursor, encodeCursor, microsToTimestamp } from "./keyset-cursor.ts";

export const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;

export interface InboxPage {
  rows: InboxRow[];
  /** Pass back as `cursor` for the next (older) page; undefined on the last page. */
  nextCursor?: string;
}

/**
 * An unknown or foreign cursor starts from the newest lead: a cursor only positions, it grants nothing
 * (every query is scoped by accountId).
 *
 * @example const { rows, nextCursor } = await listInboxPage(db, accountId, { test: false }, { limit: 50 });
 */
export async function listInboxPage(
  db: Queryable,
  accountId: string,
  filter: InboxFilter = {},
  page: { cursor?: string; limit?: number } = {},
): Promise<InboxPage> {
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const params: unknown[] = [accountId];
  const where = ["l.account_id = $1", ...filterConditions(filter, params)];
  const after = decodeCursor(page.cursor);
  if (after) {
    params.push(after.micros, after.id);
    where.push(
      `(l.received_at, l.id) < (${microsToTimestamp(`$${params.length - 1}`)}, $${params.length}::uuid)`,
    );
  }
  params.push(limit + 1);
  const records = await db.query<InboxRowRecord>(
    `${INBOX_ROW_SELECT}
     where ${where.join(" and ")}
     order by l.received_at desc, l.id desc
     limit $${params.length}`,
    params,
  );
  const more = records.length > limit;
  const shown = more ? records.slice(0, limit) : records;
  const last = shown.at(-1);
  return {
    rows: shown.map(toInboxRow),
    nextCursor: more && last ? encodeCursor({ micros: last.received_micros, id: last.id }) : undefined,
  };
}
