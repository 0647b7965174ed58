// The live feed's catch-up: an account's leads changed since a cursor, re-reading an overlap window so a late commit is never missed.
import type { Queryable } from "../../db/database.ts";
import { filterConditions, type InboxFilter } from "./inbox-filter.ts";
import {
  INBOX_ROW_COLUMNS,
  INBOX_ROW_FROM,
  type InboxRow,
  type InboxRowRecord,
  toInboxRow,
} from "./inbox-row.ts";
import {
  decodeCursor,
  encodeCursor,
  type KeysetPosition,
  microsToTimestamp,
  timestampToMicros,
} from "./keyset-cursor.ts";

/**
 * A change is stamped when a transaction starts its work, not when it commits: a row can become
 * visible after rows stamped later. Each catch-up re-reads this window before the cursor; a
 * transaction holding a stamp longer than this (the intake's lock_timeout is 5 s) or a clock skew
 * between servers larger than it could be missed. Re-read rows are sent again: clients upsert by id.
 */
export const OVERLAP_MS = 15_000;
const BATCH = 500;
const ZERO_ID = "00000000-0000-0000-0000-000000000000";

export interface LeadChanges {
  /** Changed rows, oldest change first; a row may repeat one sent before (upsert it by `id`). */
  rows: (InboxRow & { updated_micros: string })[];
  /** Where the next catch-up starts: the newest change seen so far. */
  cursor: string;
}

/** A cursor for "from now on", for a client that just loaded the first page. */
export const feedCursorAt = (moment: Date): string =>
  encodeCursor({ micros: String(moment.getTime() * 1000), id: ZERO_ID });

/**
 * Batches of the account's leads changed at or after (cursor − OVERLAP_MS), read in keyset order of
 * their change; the last batch's cursor is the newest change. A change is a lead's insert (at its
 * received_at, found through leads_inbox) or a later change of its updated_at (a row of lead_changes,
 * logged by a trigger: no leads index holds updated_at, so a settlement's update stays HOT). A lead
 * changed twice in the window comes twice, both times as it is now. An absent or unreadable cursor
 * starts from now.
 *
 * @example for await (const { rows, cursor } of changesSince(db, accountId, lastEventId)) send(rows, cursor);
 */
export async function* changesSince(
  db: Queryable,
  accountId: string,
  cursor: string | undefined,
  filter: InboxFilter = {},
  overlapMs = OVERLAP_MS,
): AsyncGenerator<LeadChanges> {
  const start = decodeCursor(cursor) ?? decodeCursor(feedCursorAt(new Date()))!;
  let highWater: KeysetPosition = start;
  let after: KeysetPosition = {
    micros: String(BigInt(start.micros) - BigInt(overlapMs) * 1000n),
    id: ZERO_ID,
  };
  for (;;) {
    const params: unknown[] = [accountId];
    const where = ["l.account_id = $1", ...filterConditions(filter, params)].join(" and ");
    params.push(after.micros, after.id, BATCH);
    const n = params.length;
    const position = `(${microsToTimestamp(`$${n - 2}`)}, $${n - 1}::uuid)`;
    const records = await db.query<InboxRowRecord & { changed_micros: string }>(
      `select ${INBOX_ROW_COLUMNS}, ${timestampToMicros("ch.changed_at")} as changed_micros
       ${INBOX_ROW_FROM}
       join (
         (select l.id, l.received_at as changed_at from leads l
          where ${where} and (l.received_at, l.id) > ${position}
          order by l.received_at, l.id limit $${n})
         union all
         (select l.id, c.changed_at from lead_changes c join leads l on l.id = c.lead_id
          where c.account_id = $1 and ${where} and (c.changed_at, c.lead_id) > ${position}
          order by c.changed_at, c.lead_id limit $${n})
       ) ch on ch.id = l.id
       order by ch.changed_at, ch.id
       limit $${n}`,
      params,
    );
    const last = records.at(-1);
    if (last) {
      after = { micros: last.changed_micros, id: last.id };
      if (BigInt(last.changed_micros) > BigInt(highWater.micros)) highWater = after;
    }
    yield {
      rows: records.map(({ changed_micros: _c, ...record }) => ({
        ...toInboxRow(record),
        updated_micros: record.updated_micros,
      })),
      cursor: encodeCursor(highWater),
    };
    if (records.length < BATCH) return;
  }
}

/**
 * Whether more than `max` of the account's leads changed since the cursor (with the overlap): a client that
 * far behind reloads its page instead of catching up row by row. Counts at most max + 1 index entries.
 *
 * @example if (await changedMoreThan(db, accountId, lastEventId, 500)) send("event: reload");
 */
export async function changedMoreThan(
  db: Queryable,
  accountId: string,
  cursor: string | undefined,
  max: number,
  overlapMs = OVERLAP_MS,
): Promise<boolean> {
  const start = decodeCursor(cursor);
  if (!start) return false;
  const since = String(BigInt(start.micros) - BigInt(overlapMs) * 1000n);
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select 1 from leads l where l.account_id = $1 and l.updated_at >= ${microsToTimestamp("$2")} limit $3
     ) changed`,
    [accountId, since, max + 1],
  );
  return (row?.n ?? 0) > max;
}
