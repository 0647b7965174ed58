// The status-callback outbox: rows written beside a lead's state change, claimed and settled by the sender loop.
import type { NotCalledReason, ResponseState, StatusCallback } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import { CALLBACK_URLS_CHANNEL } from "./callback-urls.ts";

export type CallbackType = StatusCallback["type"];

/**
 * A CTE body that queues `type` for the leads whose ids the query `leadIds` selects, for the tokens
 * that posted them and have a callback URL. Put it in the statement that changes the leads' state,
 * so the callback commits with the change or not at all.
 *
 * @example `with done as (…), callbacks as (${queueCallbacks("select lead_id from done", "lead.missed")}) …`
 */
export function queueCallbacks(leadIds: string, type: CallbackType): string {
  return `insert into status_callbacks (id, lead_id, channel_token_id, type)
    select gen_random_uuid(), l.id, l.channel_token_id, '${type}'
    from leads l join channel_tokens ct on ct.id = l.channel_token_id
    where l.id in (${leadIds}) and ct.callback_url is not null`;
}

export interface ClaimedCallback {
  id: string;
  token_id: string;
  attempts: number;
  type: CallbackType;
  url: string;
  /** scheme://host:port of the URL, lower case: what the per-destination limit counts. */
  destination: string;
  secret: string;
  lead_id: string;
  platform: string | null;
  external_lead_id: string | null;
  test: boolean;
  response_state: ResponseState;
  response_reason: NotCalledReason | null;
  received_at: Date | string;
  respond_by: Date | string;
}

export interface ClaimLimits {
  /** Free slots of the pool: callbacks claimed at most. */
  limit: number;
  leaseMs: number;
  /** In flight at once per destination. */
  perDestination: number;
  /** This process's callbacks in flight per destination: their slots are taken. */
  busy: ReadonlyMap<string, number>;
}

const DESTINATION = "lower(substring(ct.callback_url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'))";

/**
 * Claims due callbacks under a lease, like the hand-offs' claim (SKIP LOCKED, attempts fence the settlement),
 * fair between tokens: each token's oldest callback first, round by round, so one token's backlog never
 * starves another's; and no destination past its free slots, so a slow receiver holds only its own.
 * The URL is the token's at claim time: a callback goes where its token points when it is sent. A paused token's
 * callbacks are not claimed: they wait for "Resume" (callback-pause.ts).
 */
export function claimCallbacks(q: Queryable, limits: ClaimLimits): Promise<ClaimedCallback[]> {
  return q.query<ClaimedCallback>(
    `with ranked as (
       select c.id, c.next_attempt_at, ${DESTINATION} as destination,
         row_number() over (partition by c.channel_token_id order by c.next_attempt_at, c.id) as token_round,
         row_number() over (partition by ${DESTINATION} order by c.next_attempt_at, c.id) as destination_rank
       from status_callbacks c join channel_tokens ct on ct.id = c.channel_token_id
       where c.status = 'pending' and c.next_attempt_at <= now() and ct.callback_url is not null
         and ct.callbacks_paused_at is null
     ), fair as (
       select r.id from ranked r
       left join (select key as destination, value::int as n from jsonb_each_text($3::text::jsonb)) busy
         on busy.destination = r.destination
       where r.destination_rank + coalesce(busy.n, 0) <= $4
       order by r.token_round, r.next_attempt_at
       limit $1
     ), due as (
       select c.id from status_callbacks c
       where c.id in (select id from fair) and c.status = 'pending' and c.next_attempt_at <= now()
       for update skip locked
     ), claimed as (
       update status_callbacks c set attempts = c.attempts + 1,
         next_attempt_at = now() + $2::int * interval '1 millisecond'
       from due where c.id = due.id
       returning c.id, c.attempts, c.type, c.lead_id, c.channel_token_id
     )
     select c.id::text as id, c.channel_token_id::text as token_id, c.attempts, c.type, ct.callback_url as url, ${DESTINATION} as destination,
       ct.callback_secret as secret, l.id::text as lead_id, l.platform, l.external_lead_id, l.test,
       l.response_state, l.response_reason, l.received_at, l.respond_by
     from claimed c join leads l on l.id = c.lead_id join channel_tokens ct on ct.id = c.channel_token_id`,
    [
      limits.limit,
      Math.ceil(limits.leaseMs),
      // As JSON text: one parameter, read the same way by both drivers.
      JSON.stringify(Object.fromEntries(limits.busy)),
      limits.perDestination,
    ],
  );
}

/** A callback whose token lost its URL since it was queued is closed as failed, never sent elsewhere. */
export async function settleCallback(
  q: Queryable,
  callback: ClaimedCallback,
  outcome: { ok: true } | { ok: false; error: string; retryInMs: number | undefined },
  attempt?: CallbackAttempt,
) {
  const params: unknown[] = outcome.ok
    ? [callback.id, callback.attempts]
    : [callback.id, callback.attempts, outcome.error.slice(0, 300), outcome.retryInMs ?? null];
  const settle = outcome.ok
    ? `update status_callbacks set status = 'delivered', delivered_at = now(), last_error = null
       where id = $1 and attempts = $2`
    : `update status_callbacks set last_error = $3,
         status = case when $4::int is null then 'failed' else 'pending' end,
         next_attempt_at = case when $4::int is null then next_attempt_at
           else now() + $4::int * interval '1 millisecond' end
       where id = $1 and attempts = $2`;
  if (!attempt) {
    await q.query(settle, params);
    return;
  }
  // The attempt's row in the delivery log, in the same statement as the settlement.
  const n = params.length;
  params.push(
    callback.url.slice(0, 2_000),
    attempt.status ?? null,
    attempt.latencyMs,
    attempt.answerHead ?? null,
  );
  await q.query(
    `with settled as (${settle} returning *)
     insert into callback_attempts (callback_id, channel_token_id, attempt, event, url, status, latency_ms,
       answer_head, error, next_attempt_at)
     select id, channel_token_id, $2, type, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, last_error,
       case when status = 'pending' then next_attempt_at end
     from settled`,
    params,
  );
}

/** What one delivery attempt met: the receiver's status (none without an answer), its latency and first bytes. */
export interface CallbackAttempt {
  status: number | undefined;
  latencyMs: number;
  answerHead: string | undefined;
}

/**
 * Sets or clears a token's callback, and tells the senders (NOTIFY); false when no such token. Clearing closes the token's queued callbacks
 * as failed in the same statement: they have nowhere to go. A new URL takes the queued ones with it.
 */
export async function setTokenCallback(
  q: Queryable,
  tokenId: string,
  callback: { url: string; secret: string } | null,
): Promise<boolean> {
  const rows = await q.query(
    `with token as (
       update channel_tokens set callback_url = $2, callback_secret = $3 where id = $1 returning id
     ), closed as (
       update status_callbacks set status = 'failed', last_error = 'the token''s callback URL was cleared'
       where $2::text is null and channel_token_id in (select id from token) and status = 'pending'
     )
     select 1 from token`,
    [tokenId, callback?.url ?? null, callback?.secret ?? null],
  );
  if (rows.length > 0) await q.query("select pg_notify($1, '')", [CALLBACK_URLS_CHANNEL]);
  return rows.length > 0;
}
