// A token whose status callbacks have failed for a day is paused: nothing more is sent to it (new callbacks are
// queued and wait) until an owner resumes it. The decision lives in the token's row, so processes sharing one
// PostgreSQL agree: only the one whose update pauses the row tells the owners.
import type { Database, Queryable } from "../../db/database.ts";
import type { Logger } from "../../logger.ts";
import { auditedChange } from "../accounts/audit-log.ts";
import { CALLBACK_URLS_CHANNEL } from "./callback-urls.ts";

/** CALLBACK_PAUSE_AFTER_MS's default: failing this long without one delivery pauses the token. */
export const CALLBACK_PAUSE_AFTER_MS = 24 * 3_600_000;

/** Callbacks made due at once per statement when a token resumes: no giant update holding its rows. */
const RESUME_BATCH = 500;

/** A token just paused by this process: its owners are to be told. */
export interface PausedToken {
  tokenId: string;
  accountId: string;
  name: string;
  failingSince: Date;
}

/**
 * Records a settled attempt's outcome on its token. The rule: a failed attempt starts the token's run of failures
 * (`callbacks_failing_since`, when none is running); a delivered attempt ends it. A failed attempt settled at `now`
 * when the run began `pauseAfterMs` or more before pauses the token: no delivery in that time, and a failed attempt
 * at its start. Returns the token when this call paused it (once, whichever process settles first); a row is
 * written only when the run starts, ends or pauses. The pause is audited (no actor: the server did it).
 *
 * @example const paused = await recordCallbackOutcome(db, tokenId, false, new Date(), CALLBACK_PAUSE_AFTER_MS);
 */
export async function recordCallbackOutcome(
  db: Database,
  tokenId: string,
  delivered: boolean,
  now: Date,
  pauseAfterMs: number,
  logger?: Logger,
): Promise<PausedToken | undefined> {
  if (delivered) {
    await db.query(
      "update channel_tokens set callbacks_failing_since = null where id = $1 and callbacks_failing_since is not null",
      [tokenId],
    );
    return undefined;
  }
  return await auditedChange(
    db,
    (tx) => recordFailure(tx, tokenId, now, pauseAfterMs),
    (paused) => paused && { action: "callbacks.paused", accountId: paused.accountId, target: paused.name },
    logger,
  );
}

async function recordFailure(
  q: Queryable,
  tokenId: string,
  now: Date,
  pauseAfterMs: number,
): Promise<PausedToken | undefined> {
  // Under concurrent settlements the row lock orders them; the loser re-reads the row and finds it paused.
  const [row] = await q.query<{
    account_id: string;
    name: string;
    failing_since: Date | string;
    paused: boolean;
  }>(
    `update channel_tokens set
       callbacks_failing_since = coalesce(callbacks_failing_since, $2::timestamptz),
       callbacks_paused_at = case when callbacks_failing_since <= $2::timestamptz - $3::int * interval '1 millisecond'
         then $2::timestamptz else callbacks_paused_at end
     where id = $1 and (callbacks_failing_since is null or (callbacks_paused_at is null
       and callbacks_failing_since <= $2::timestamptz - $3::int * interval '1 millisecond'))
     returning account_id::text, name, callbacks_failing_since as failing_since,
       callbacks_paused_at = $2::timestamptz as paused`,
    [tokenId, now.toISOString(), Math.round(pauseAfterMs)],
  );
  if (!row?.paused) return undefined;
  return { tokenId, accountId: row.account_id, name: row.name, failingSince: new Date(row.failing_since) };
}

export interface TokenCallbackState {
  /** When the token's callbacks were paused; null while they are sent. */
  pausedAt: Date | null;
  failingSince: Date | null;
}

/** @example const { pausedAt } = await tokenCallbackState(db, token.id); */
export async function tokenCallbackState(q: Queryable, tokenId: string): Promise<TokenCallbackState> {
  const [row] = await q.query<{ paused_at: Date | string | null; failing_since: Date | string | null }>(
    "select callbacks_paused_at as paused_at, callbacks_failing_since as failing_since from channel_tokens where id = $1",
    [tokenId],
  );
  const date = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return { pausedAt: date(row?.paused_at), failingSince: date(row?.failing_since) };
}

/**
 * "Resume": the token's callbacks are sent again, a new run of failures counted from scratch. False when it was not
 * paused. makeKeptCallbacksDue runs before it, wakeCallbackSenders after it.
 *
 * @example if (await resumeTokenCallbacks(tx, token.id)) …
 */
export async function resumeTokenCallbacks(q: Queryable, tokenId: string): Promise<boolean> {
  const resumed = await q.query(
    `update channel_tokens set callbacks_paused_at = null, callbacks_failing_since = null
     where id = $1 and callbacks_paused_at is not null returning 1`,
    [tokenId],
  );
  return resumed.length > 0;
}

/**
 * Every callback of the token kept while it was paused (or waiting out a backoff) made due now, a batch per
 * statement, while the token is still paused: no sender claims a paused token's callback, so none of these is
 * leased. Made due after the resume, a callback a sender had just claimed (its lease is a next_attempt_at ahead)
 * was made due again and sent twice. Nothing is changed once the token was resumed (another owner's click).
 *
 * @example await makeKeptCallbacksDue(db, token.id); if (await resumeTokenCallbacks(tx, token.id)) …
 */
export async function makeKeptCallbacksDue(q: Queryable, tokenId: string): Promise<void> {
  for (;;) {
    const due = await q.query(
      `update status_callbacks set next_attempt_at = now()
       where id in (select id from status_callbacks
         where channel_token_id = $1 and status = 'pending' and next_attempt_at > now() limit $2)
         and exists (select 1 from channel_tokens where id = $1 and callbacks_paused_at is not null)
       returning 1`,
      [tokenId, RESUME_BATCH],
    );
    if (due.length < RESUME_BATCH) break;
  }
}

/** After a resume: senders that found no URL to serve ask again; the others find the kept callbacks at their next poll. */
export async function wakeCallbackSenders(q: Queryable): Promise<void> {
  await q.query("select pg_notify($1, '')", [CALLBACK_URLS_CHANNEL]);
}
