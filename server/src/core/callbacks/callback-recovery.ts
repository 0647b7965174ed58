// "Recover since": every delivered or failed status callback a token queued in a period gets one more attempt under
// its own webhook-id (receivers deduplicate), read in order a bounded batch per statement, at most a cap per recovery.
import type { Queryable } from "../../db/database.ts";

/** Callbacks of the period one recovery reads at most; past it the owner recovers again from where it stopped. */
export const RECOVERY_CAP = 10_000;
/** Callbacks read and queued per statement: each batch commits alone, holding its rows only for that statement. */
export const RECOVERY_BATCH = 500;

export interface RecoveryPeriod {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface RecoveryResult {
  /** Callbacks queued for a new attempt (those still queued were left as they were). */
  queued: number;
  /** Callbacks of the period read. */
  read: number;
  /** When the cap stopped it: the time of the first callback not read, where the next recovery starts. */
  resumeFrom: Date | undefined;
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * Queues again the token's callbacks queued in `period` (by the time each was queued), oldest first. A callback
 * still pending (queued, in flight or waiting for a retry) is left alone: it will be sent anyway.
 *
 * @example const { queued } = await recoverCallbacks(db, token.id, { from, to: new Date() });
 */
export async function recoverCallbacks(
  q: Queryable,
  tokenId: string,
  period: RecoveryPeriod,
  { cap = RECOVERY_CAP, batch = RECOVERY_BATCH } = {},
): Promise<RecoveryResult> {
  // The cursor is the last row read, its time as PostgreSQL's text: a JavaScript Date would drop the microseconds.
  let after = { at: period.from.toISOString(), id: NIL_UUID };
  let queued = 0;
  let read = 0;
  while (read < cap) {
    const limit = Math.min(batch, cap - read);
    const [row] = await q.query<{
      read: number;
      queued: number;
      last_at: string | null;
      last_id: string | null;
    }>(
      `with batch as (
         select id, created_at from status_callbacks
         where channel_token_id = $1 and created_at < $3::timestamptz
           and (created_at, id) > ($2::timestamptz, $4::uuid)
         order by created_at, id limit $5
       ), last as (
         select created_at, id from batch order by created_at desc, id desc limit 1
       ), queued as (
         update status_callbacks c set status = 'pending', next_attempt_at = now()
         from batch where c.id = batch.id and c.status in ('delivered', 'failed')
         returning 1
       )
       select (select count(*) from batch)::int as read, (select count(*) from queued)::int as queued,
         (select created_at::text from last) as last_at, (select id::text from last) as last_id`,
      [tokenId, after.at, period.to.toISOString(), after.id, limit],
    );
    queued += Number(row?.queued ?? 0);
    read += Number(row?.read ?? 0);
    // A short batch is the period's end.
    if (!row?.last_at || !row.last_id || Number(row.read) < limit)
      return { queued, read, resumeFrom: undefined };
    after = { at: row.last_at, id: row.last_id };
  }
  return { queued, read, resumeFrom: await nextCallbackTime(q, tokenId, after, period.to) };
}

/** The time of the period's first callback after the cursor; undefined when the cap was met exactly. */
async function nextCallbackTime(
  q: Queryable,
  tokenId: string,
  after: { at: string; id: string },
  to: Date,
): Promise<Date | undefined> {
  const [row] = await q.query<{ at: Date | string }>(
    `select created_at as at from status_callbacks
     where channel_token_id = $1 and created_at < $3::timestamptz and (created_at, id) > ($2::timestamptz, $4::uuid)
     order by created_at, id limit 1`,
    [tokenId, after.at, to.toISOString(), after.id],
  );
  return row ? new Date(row.at) : undefined;
}
