// The delivery log of a token's status callbacks as its page reads it: the latest attempts, newest first.
import type { Queryable } from "../../db/database.ts";

export interface CallbackAttemptRow {
  callback_id: string;
  attempt: number;
  event: string;
  url: string;
  at: Date;
  /** The receiver's HTTP status; null when it did not answer (timeout, refused destination, network). */
  status: number | null;
  latency_ms: number;
  answer_head: string | null;
  error: string | null;
  /** When the next attempt is due; null once delivered or given up. */
  next_attempt_at: Date | null;
  /** The callback's state now: a delivered or failed one may be sent again. */
  callback_status: "pending" | "delivered" | "failed";
}

/** @example const attempts = await latestCallbackAttempts(db, tokenId, 20); */
export async function latestCallbackAttempts(
  q: Queryable,
  tokenId: string,
  limit: number,
): Promise<CallbackAttemptRow[]> {
  const rows = await q.query<CallbackAttemptRow>(
    `select a.callback_id::text, a.attempt, a.event, a.url, a.at, a.status, a.latency_ms, a.answer_head, a.error,
       a.next_attempt_at, c.status as callback_status
     from callback_attempts a join status_callbacks c on c.id = a.callback_id
     where a.channel_token_id = $1 order by a.at desc limit $2`,
    [tokenId, limit],
  );
  return rows.map((row) => ({
    ...row,
    at: new Date(row.at),
    latency_ms: Number(row.latency_ms),
    next_attempt_at: row.next_attempt_at && new Date(row.next_attempt_at),
  }));
}

/**
 * "Send again": a delivered or failed callback of this token is queued for one more attempt now, under its own
 * webhook-id (receivers deduplicate by it). False when the token has no such callback or it is still queued.
 *
 * @example if (!(await sendCallbackAgain(db, tokenId, callbackId))) return notFoundPage(ctx);
 */
export async function sendCallbackAgain(q: Queryable, tokenId: string, callbackId: string): Promise<boolean> {
  const rows = await q.query(
    `update status_callbacks set status = 'pending', next_attempt_at = now()
     where id = $1 and channel_token_id = $2 and status in ('delivered', 'failed') returning 1`,
    [callbackId, tokenId],
  );
  return rows.length === 1;
}
