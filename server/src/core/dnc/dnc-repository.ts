// The SQL of the do-not-call list: the numbers on it, every change to it, and its effect on hand-offs.
import type { Queryable } from "../../db/database.ts";
import { withdrawCallsSql, withdrawnCallError } from "../leads/call-eligibility.ts";

/** How a change came in: the assistant's events endpoint, the `stl dnc` command, or an owner page. */
export type DncVia = "assistant" | "cli" | "page";
export type DncAction = "add" | "remove" | "wrong_number";

export interface DncChange {
  accountId: string;
  /** E.164. */
  phone: string;
  via: DncVia;
  /** The webhook-id of an assistant event, the operator of a command, the owner on a page. */
  actor: string;
  note?: string | null;
}

export interface ListedNumber {
  phone: string;
  added_at: Date;
}

/** Adds the number; false when it was already on the list (nothing else changes then). */
export async function insertNumber(db: Queryable, accountId: string, phone: string): Promise<boolean> {
  const rows = await db.query(
    "insert into dnc_numbers (account_id, phone, added_at) values ($1, $2, now()) on conflict do nothing returning 1",
    [accountId, phone],
  );
  return rows.length > 0;
}

/** Takes the number off; false when it was not on the list. */
export async function deleteNumber(db: Queryable, accountId: string, phone: string): Promise<boolean> {
  const rows = await db.query("delete from dnc_numbers where account_id = $1 and phone = $2 returning 1", [
    accountId,
    phone,
  ]);
  return rows.length > 0;
}

/**
 * Withdraws the call from the pending and retrying hand-offs of the number in the account: a lead
 * with an email keeps an email-only hand-off with `reason`; the others' tasks are cancelled and the
 * leads marked not_called with `reason` (withdrawCallsSql). Hand-offs already email-only are left as they
 * are. Returns how many.
 */
export async function cancelPendingHandoffs(
  db: Queryable,
  accountId: string,
  phone: string,
  reason: "opted_out" | "wrong_number",
): Promise<number> {
  const rows = await db.query(
    `with ${withdrawCallsSql("l.account_id = $1 and l.phone = $2", "$4", "$3")}
     select 1 from withdrawn`,
    [accountId, phone, withdrawnCallError(reason), reason],
  );
  return rows.length;
}

/**
 * After a removal: leads held back only by the list whose respond_by has not passed get their
 * hand-off back, queued again (a cancelled one keeps its attempts counter, which fences its old claims).
 * Such a lead has no queued response (cancelled: dequeued; arrived while listed: never queued), so the insert
 * has no conflict clause.
 * A lead whose five-minute response has passed stays as it is. Returns how many.
 */
export async function resumeHandoffs(db: Queryable, accountId: string, phone: string): Promise<number> {
  const rows = await db.query(
    `with reopened as (
       update leads set response_state = 'pending', response_reason = null, handoff_status = null,
         handoff_error = null
       where account_id = $1 and phone = $2 and response_state = 'not_called'
         and response_reason = 'opted_out' and respond_by > now()
       returning id, respond_by, handoff_attempts
     )
     insert into handoff_queue (lead_id, due_at, next_attempt_at, attempts)
     select id, respond_by, now(), coalesce(handoff_attempts, 0) from reopened
     returning 1`,
    [accountId, phone],
  );
  return rows.length;
}

/**
 * Adds many numbers of one account in one statement (the same effects as insertNumber,
 * cancelPendingHandoffs and recordChange per number). `rows` carry the change ids, in file order.
 * Returns how many numbers were new and how many hand-offs were cancelled.
 */
export async function addNumbers(
  db: Queryable,
  who: Omit<DncChange, "phone" | "note">,
  rows: { id: string; phone: string; note: string | null }[],
): Promise<{ added: number; cancelled: number }> {
  // The list travels as JSON text: one parameter, read the same way by both drivers.
  const [counts] = await db.query<{ added: number; cancelled: number }>(
    `with input as (
       select r.*, row_number() over (partition by r.phone order by r.id) as nth
       from jsonb_to_recordset($1::text::jsonb) as r(id uuid, phone text, note text)
     ), added as (
       insert into dnc_numbers (account_id, phone, added_at)
       select distinct $2::uuid, phone, now() from input
       on conflict do nothing
       returning phone
     ), ${withdrawCallsSql("l.account_id = $2 and l.phone in (select phone from input)", "'opted_out'", "$5")}, logged as (
       insert into dnc_changes (id, account_id, phone, action, via, actor, note, tasks_affected)
       select i.id, $2, i.phone, 'add', $3, $4, i.note,
         case when i.nth = 1 then (select count(*) from withdrawn w where w.phone = i.phone) else 0 end
       from input i
     )
     select (select count(*)::int from added) as added, (select count(*)::int from withdrawn) as cancelled`,
    [JSON.stringify(rows), who.accountId, who.via, who.actor, withdrawnCallError("opted_out")],
  );
  return counts ?? { added: 0, cancelled: 0 };
}

export async function recordChange(
  db: Queryable,
  change: DncChange,
  action: DncAction,
  tasksAffected: number,
) {
  await db.query(
    `insert into dnc_changes (id, account_id, phone, action, via, actor, note, tasks_affected)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      Bun.randomUUIDv7(),
      change.accountId,
      change.phone,
      action,
      change.via,
      change.actor,
      change.note ?? null,
      tasksAffected,
    ],
  );
}

export function listNumbers(db: Queryable, accountId: string): Promise<ListedNumber[]> {
  return db.query<ListedNumber>(
    "select phone, added_at from dnc_numbers where account_id = $1 order by added_at, phone",
    [accountId],
  );
}

export interface RecordedChange {
  phone: string;
  action: DncAction;
  via: DncVia;
  actor: string;
  note: string | null;
  tasks_affected: number;
  created_at: Date;
}

/** The account's change log, oldest first; one number's when `phone` is given. */
export function listChanges(db: Queryable, accountId: string, phone?: string): Promise<RecordedChange[]> {
  return db.query<RecordedChange>(
    `select phone, action, via, actor, note, tasks_affected, created_at from dnc_changes
     where account_id = $1 and ($2::text is null or phone = $2)
     order by created_at, id`,
    [accountId, phone ?? null],
  );
}
