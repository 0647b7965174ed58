// One call per number per cool-down: a fresh lead for a number whose call another lead of the account started
// within the account's cool-down joins that lead's history instead of starting another call. Decided under a
// lock on (account, number) held to the commit, so leads posted at one instant, in one process or in several
// on one database, see each other: exactly one of them starts the call.
import type { Queryable, Transaction } from "../../db/database.ts";
import type { LeadRow } from "./lead-record.ts";

/** The account's default (accounts.call_cooldown_hours); 0 turns the cool-down off. */
export const DEFAULT_CALL_COOLDOWN_HOURS = 24;

export const CALLED_RECENTLY = "called_recently";

/**
 * The latest lead of the account with this number whose call was started (pending with a call, or handed off
 * with one) and received within `hours` before `now`, or after it: a lead that took the number's lock first
 * may carry a later clock (another request's, another process's). Read through the
 * (account_id, phone) index: rows read are the number's leads in the account, never the account's others.
 *
 * @example const earlier = await recentCallOf(db, accountId, "+14155550142", 24, now); // { id, received_at } | undefined
 */
export async function recentCallOf(
  q: Queryable,
  accountId: string,
  phone: string,
  hours: number,
  now: Date,
): Promise<{ id: string; received_at: Date } | undefined> {
  if (hours <= 0) return undefined;
  // `offset 0` keeps the number's index: a plan made on small tables (kept by the connection) otherwise
  // walks the account's leads of the whole window backwards by receipt, testing each one's phone.
  const [row] = await q.query<{ id: string; received_at: Date }>(
    `select id, received_at from (
       select id::text as id, received_at from leads
       where account_id = $1 and phone = $2 and response_reason is null and not test
         and response_state in ('pending', 'handed_off')
         and received_at > $3::timestamptz - make_interval(hours => $4)
       offset 0
     ) of_number
     order by received_at desc limit 1`,
    [accountId, phone, now, hours],
  );
  return row;
}

/** Whether this new lead would start a call that the cool-down must decide (false when the cool-down is off). */
export const coolsDown = (row: LeadRow, hours: number): boolean =>
  hours > 0 &&
  row.response_state === "pending" &&
  row.response_reason === null &&
  row.phone !== null &&
  !row.test;

/**
 * A new lead that would start a call while its number cools down: answered by email only (or not at all
 * without an email), joined to the earlier lead. Others are returned as they are.
 *
 * `tx` must be the transaction that then stores the lead: the number's lock is taken first and held to its
 * commit, and the read after it (a statement of its own, so under READ COMMITTED a snapshot taken once the
 * lock is held) sees every lead an earlier holder committed. The lock writes nothing (no row, no WAL).
 *
 * @example const row = await withCooldown(tx, newRow, 24); // row.response_reason "called_recently" when joined
 */
export async function withCooldown(tx: Transaction, row: LeadRow, hours: number): Promise<LeadRow> {
  if (!coolsDown(row, hours)) return row;
  await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [
    `call-cooldown:${row.account_id}:${row.phone}`,
  ]);
  const earlier = await recentCallOf(tx, row.account_id, row.phone!, hours, new Date(row.received_at));
  if (!earlier) return row;
  return {
    ...row,
    response_state: row.email === null ? "not_called" : "pending",
    response_reason: CALLED_RECENTLY,
    joined_lead_id: earlier.id,
  };
}

/** When the number may be called again: the earlier lead's receipt plus the cool-down. */
export const callAllowedAfter = (earlierReceivedAt: Date, hours: number) =>
  new Date(new Date(earlierReceivedAt).getTime() + hours * 3_600_000);
