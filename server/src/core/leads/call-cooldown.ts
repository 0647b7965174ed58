// One call per number per cool-down: a fresh lead for a number whose call another lead of the account started
// within the account's cool-down joins that lead's history instead of starting another call.
import type { Queryable } from "../../db/database.ts";
import type { LeadRow } from "./lead-record.ts";

/** The account's default (accounts.call_cooldown_hours); 0 turns the cool-down off. */
export const DEFAULT_CALL_COOLDOWN_HOURS = 24;

export const CALLED_RECENTLY = "called_recently";

/**
 * The latest lead of the account with this number whose call was started (pending with a call, or handed off
 * with one) and received within `hours` before `now`; read through the (account_id, phone) index.
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
  const [row] = await q.query<{ id: string; received_at: Date }>(
    `select id::text as id, received_at from leads
     where account_id = $1 and phone = $2 and response_reason is null and not test
       and response_state in ('pending', 'handed_off')
       and received_at > $3::timestamptz - make_interval(hours => $4) and received_at <= $3
     order by received_at desc limit 1`,
    [accountId, phone, now, hours],
  );
  return row;
}

/**
 * A new lead that would start a call while its number cools down: answered by email only (or not at all
 * without an email), joined to the earlier lead. Others are returned as they are.
 *
 * @example const row = await withCooldown(tx, newRow, 24); // row.response_reason "called_recently" when joined
 */
export async function withCooldown(q: Queryable, row: LeadRow, hours: number): Promise<LeadRow> {
  const wouldCall = row.response_state === "pending" && row.response_reason === null && row.phone !== null;
  if (!wouldCall || row.test) return row;
  const earlier = await recentCallOf(q, row.account_id, row.phone!, hours, new Date(row.received_at));
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
