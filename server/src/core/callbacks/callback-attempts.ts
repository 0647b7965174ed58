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
}

/** @example const attempts = await latestCallbackAttempts(db, tokenId, 20); */
export async function latestCallbackAttempts(
  q: Queryable,
  tokenId: string,
  limit: number,
): Promise<CallbackAttemptRow[]> {
  const rows = await q.query<CallbackAttemptRow>(
    `select callback_id::text, attempt, event, url, at, status, latency_ms, answer_head, error, next_attempt_at
     from callback_attempts where channel_token_id = $1 order by at desc limit $2`,
    [tokenId, limit],
  );
  return rows.map((row) => ({
    ...row,
    at: new Date(row.at),
    latency_ms: Number(row.latency_ms),
    next_attempt_at: row.next_attempt_at && new Date(row.next_attempt_at),
  }));
}
