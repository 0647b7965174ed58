// What the Do-not-call page reads: a page of the account's numbers (keyset, searchable) with how each came on the
// list, their count, every number for the export, and the change history.
import type { Queryable } from "../../db/database.ts";
import { microsToTimestamp, timestampToMicros } from "../inbox/keyset-cursor.ts";
import type { DncVia, RecordedChange } from "./dnc-repository.ts";

export interface ShownNumber {
  phone: string;
  added_at: Date;
  via: DncVia | null;
  actor: string | null;
  note: string | null;
}

/** Numbers a page shows. */
export const NUMBERS_PER_PAGE = 100;

export interface NumberPage {
  numbers: ShownNumber[];
  /** The next page's cursor, when there is one. */
  nextCursor?: string;
}

/** `<added_at micros>.<E.164>`: where a page stops, newest first. */
const CURSOR = /^(\d{1,18})\.(\+\d{8,15})$/;

/**
 * A search with digits matches numbers containing them (any spelling: "(415) 555" finds +1415555…); any other
 * text matches the note. Returns SQL and pushes its parameter.
 */
function searchCondition(search: string, params: unknown[]): string {
  const text = search.trim();
  if (text === "") return "true";
  const digits = text.replace(/\D/g, "");
  const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
  if (digits.length > 0) {
    params.push(`%${digits}%`);
    return `n.phone like $${params.length}`;
  }
  params.push(`%${escapeLike(text)}%`);
  return `exists (select 1 from dnc_changes c where c.account_id = n.account_id and c.phone = n.phone
    and c.action = 'add' and c.note ilike $${params.length})`;
}

const SHOWN_NUMBER = `select n.phone, n.added_at, ${timestampToMicros("n.added_at")} as added_micros, c.via, c.actor, c.note
  from dnc_numbers n
  left join lateral (
    select via, actor, note from dnc_changes c
    where c.account_id = n.account_id and c.phone = n.phone and c.action = 'add' and c.created_at >= n.added_at
    order by c.created_at, c.id limit 1
  ) c on true`;

/**
 * Newest first, NUMBERS_PER_PAGE at most, after `cursor`; the addition that put each number on the list gives
 * its way in, actor and note. Keyset paging: a page costs the same at the end of 100,000 numbers as at the start.
 *
 * @example const { numbers, nextCursor } = await listNumberPage(db, accountId, { search: "415" });
 */
export async function listNumberPage(
  db: Queryable,
  accountId: string,
  options: { search?: string; cursor?: string; limit?: number } = {},
): Promise<NumberPage> {
  const limit = options.limit ?? NUMBERS_PER_PAGE;
  const params: unknown[] = [accountId];
  const where = ["n.account_id = $1", searchCondition(options.search ?? "", params)];
  const after = CURSOR.exec(options.cursor ?? "");
  if (after) {
    params.push(after[1], after[2]);
    where.push(`(n.added_at, n.phone) < (${microsToTimestamp(`$${params.length - 1}`)}, $${params.length})`);
  }
  params.push(limit + 1);
  const rows = await db.query<ShownNumber & { added_micros: string }>(
    `${SHOWN_NUMBER} where ${where.join(" and ")} order by n.added_at desc, n.phone desc limit $${params.length}`,
    params,
  );
  const numbers = rows.slice(0, limit);
  const last = numbers.at(-1);
  return {
    numbers: numbers.map(({ added_micros: _, ...number }) => number),
    nextCursor: rows.length > limit && last ? `${last.added_micros}.${last.phone}` : undefined,
  };
}

/** How many numbers the account has on its list, or match the search. */
export async function countNumbers(db: Queryable, accountId: string, search = ""): Promise<number> {
  const params: unknown[] = [accountId];
  const condition = searchCondition(search, params);
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from dnc_numbers n where n.account_id = $1 and ${condition}`,
    params,
  );
  return row?.n ?? 0;
}

/**
 * Every number of the account, a page at a time (for the CSV export): the list is never held whole.
 *
 * @example for await (const numbers of allNumbers(db, accountId)) write(numbers);
 */
export async function* allNumbers(
  db: Queryable,
  accountId: string,
  pageSize = 1_000,
): AsyncGenerator<ShownNumber[]> {
  let cursor: string | undefined;
  do {
    const page = await listNumberPage(db, accountId, { cursor, limit: pageSize });
    if (page.numbers.length > 0) yield page.numbers;
    cursor = page.nextCursor;
  } while (cursor);
}

/** How many changes the page shows: the most recent ones. */
const HISTORY_SHOWN = 200;

/** The account's most recent changes, newest first. */
export function listRecentChanges(db: Queryable, accountId: string): Promise<RecordedChange[]> {
  return db.query<RecordedChange>(
    `select phone, action, via, actor, note, tasks_affected, created_at from dnc_changes
     where account_id = $1 order by created_at desc, id desc limit $2`,
    [accountId, HISTORY_SHOWN],
  );
}
