// What the Do-not-call page reads: the account's numbers with how each came on the list, and the change history.
import type { Queryable } from "../../db/database.ts";
import type { DncVia, RecordedChange } from "./dnc-repository.ts";

export interface ShownNumber {
  phone: string;
  added_at: Date;
  via: DncVia | null;
  actor: string | null;
  note: string | null;
}

/** Newest first; the addition that put each number on the list gives its way in, actor and note. */
export function listShownNumbers(db: Queryable, accountId: string): Promise<ShownNumber[]> {
  return db.query<ShownNumber>(
    `select n.phone, n.added_at, c.via, c.actor, c.note
     from dnc_numbers n
     left join lateral (
       select via, actor, note from dnc_changes c
       where c.account_id = n.account_id and c.phone = n.phone and c.action = 'add' and c.created_at >= n.added_at
       order by c.created_at, c.id limit 1
     ) c on true
     where n.account_id = $1
     order by n.added_at desc, n.phone`,
    [accountId],
  );
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
