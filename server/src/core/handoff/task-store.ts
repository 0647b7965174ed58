// The hand-off queue as the dispatcher sees it: claim due responses, then settle each claim (dequeue it).
import type { Database, Queryable, Transaction } from "../../db/database.ts";
import { queueCallbacks } from "../callbacks/callback-outbox.ts";
import { withdrawnCallError } from "../leads/call-eligibility.ts";
import { TASK_ID_SQL } from "../leads/lead-record.ts";
import { type HandoffDecision, INSERT_ATTEMPT } from "./handoff-attempts.ts";
import { settledAs } from "./handoff-queue.ts";
import type { ClaimedTask } from "./payload.ts";

/**
 * A claim is a lease: the claim moves next_attempt_at past the delivery timeout, so no other
 * dispatcher picks the task up while this one delivers it, and a dispatcher that dies leaves a task
 * that becomes due again when the lease runs out. `attempts` fences the settlement: only the holder
 * of the latest claim can settle it. SKIP LOCKED lets concurrent dispatchers claim disjoint tasks.
 * The queue holds only what is not settled (0048_handoff_queue.sql), read by its due time: a claim
 * reads the rows it takes, never a leased one nor the leads stored.
 * The do-not-call list is read in the same statement: a call whose number is on it becomes an
 * email-only hand-off when the lead has an email, else its task is cancelled instead of claimed, so
 * a call-permitted hand-off is claimed before its number went on the list, or never.
 */
const CLAIM_DUE = `
with due as (
  select q.lead_id, l.response_reason is null and exists (
    -- offset 0: an index probe per task, never a hash of the whole list (lead-store.ts says why)
    select 1 from dnc_numbers d where d.account_id = l.account_id and d.phone = l.phone offset 0
  ) as opted_out, l.email is null as no_email
  from handoff_queue q join leads l on l.id = q.lead_id
  where q.next_attempt_at <= now() and q.due_at > now()
  order by q.next_attempt_at
  limit $1
  for update of q skip locked
), refused as (
  delete from handoff_queue q where q.lead_id = any(array(select lead_id from due where opted_out and no_email))
  returning q.lead_id, q.attempts
), refused_leads as (
  update leads l set response_state = 'not_called', response_reason = 'opted_out',
    ${settledAs("'cancelled'", "r.attempts", `'${withdrawnCallError("opted_out")}'`)}
  from refused r where l.id = r.lead_id
), refused_callbacks as (${queueCallbacks("select lead_id from refused", "lead.not_called")}
), claimed as (
  update handoff_queue q
  set attempts = q.attempts + 1, next_attempt_at = now() + $2::int * interval '1 millisecond'
  where q.lead_id = any(array(select lead_id from due where not (opted_out and no_email)))
  returning q.lead_id, q.attempts
), email_only as (
  update leads set response_reason = 'opted_out'
  where id = any(array(select lead_id from due where opted_out and not no_email))
)
select ${TASK_ID_SQL}::text as task_id, c.attempts, coalesce(l.response_no, 1) as response_no, l.id::text as lead_id,
  l.account_id::text as account_id, a.slug as account_slug, l.phone, l.email, l.first_name,
  l.last_name, l.language, l.timezone, l.state, l.postal_code, l.property_ref, l.price, l.source, l.context, l.consent, l.test,
  l.received_at, l.respond_by,
  case when d.opted_out then 'opted_out' else l.response_reason end as response_reason
from claimed c
join due d on d.lead_id = c.lead_id
join leads l on l.id = c.lead_id
join accounts a on a.id = l.account_id`;

/**
 * Plans that hold whatever the statistics say. A table never analyzed is costed at ten pages, and
 * jsonb_to_recordset at 100 rows: a plan made then, kept by the connection, read every task by a
 * sequential scan or a hash at each claim, sweep and settlement (about 20 rows per lead at 1,000 tasks,
 * growing with them). Within these transactions only index probes and nested loops are costed as possible,
 * so each statement reads the due tasks and the rows it settles, by index, on an empty table or a full one.
 * The queue's rows a statement settles are named by `lead_id = any(array(…))`, never by a join: the queue is
 * small, its statistics say a row or none, and a join then read the whole queue by its key for each sweep (the
 * rows in flight, more the slower the deliveries: not a count a test can hold).
 * SET LOCAL ends with the transaction: nothing stays on a pooled connection.
 */
async function withIndexPlans<T>(db: Database, statement: (tx: Transaction) => Promise<T>): Promise<T> {
  return await db.transaction(async (tx) => {
    await tx.exec(
      "set local enable_seqscan = off; set local enable_hashjoin = off; set local enable_mergejoin = off",
    );
    return await statement(tx);
  });
}

export function claimDueTasks(db: Database, limit: number, leaseMs: number): Promise<ClaimedTask[]> {
  return withIndexPlans(db, (tx) => tx.query<ClaimedTask>(CLAIM_DUE, [limit, Math.ceil(leaseMs)]));
}

/** A delivery the assistant acknowledged: its claim and the attempt as the history records it. */
export interface Acknowledgement {
  task: Pick<ClaimedTask, "task_id" | "attempts" | "lead_id" | "response_no">;
  startedAt: Date;
  latencyMs: number;
  /** The assistant's HTTP status; none for the console assistant. */
  httpStatus?: number;
  /** What the delivered hand-off decided, for the evidence record. */
  decision?: HandoffDecision;
}

/** The latest claim acknowledged for a lead (a burst may hold two claims of one lead: only the latest settles). */
const LATEST_CLAIM = (leadId: string) =>
  `(select max(a.attempts) from acknowledged a where a.lead_id = ${leadId})`;

/** The lead `l` settled as delivered by its latest acknowledged claim (the `acknowledged` rows). */
const HANDED_OFF = `response_state = 'handed_off', updated_at = now(), delivered_at = now(),
  ${settledAs("'delivered'", LATEST_CLAIM("l.id"), "null")}`;

/**
 * Dequeues acknowledged tasks, marks their leads handed_off, and records each acknowledged attempt
 * in the hand-off history, many in one statement (one commit for a burst of acknowledgements). A task
 * whose claim was lost (lease ran out, claimed again) is skipped by the attempts fence, but its
 * attempt is still history. A task cancelled by the do-not-call list while this claim was on its way
 * was still delivered: it is recorded as such (the cancelled lead kept the claim's attempts). The lead's
 * update touches no indexed column (HOT); the queue row's delete writes no index entry. Returns the lead
 * ids settled.
 */
export async function markDelivered(db: Database, acknowledgements: Acknowledgement[]): Promise<string[]> {
  if (acknowledgements.length === 0) return [];
  const column = <T>(value: (ack: Acknowledgement) => T) => acknowledgements.map(value);
  // One typed array per column (decision as JSON text). The queue rows and leads are found by `= any(...)` of
  // the ids alone, each claim's attempts by a subquery of the array (a scalar subquery is never made a join):
  // a join let the planner, on a near-empty queue's statistics, read the whole batch by the array once per
  // acknowledgement (rows read grew with the batch). Left to itself the plan cache kept planning this statement anew at every call (pg_stat_statements: 1 plan per
  // call, its generic plan costed a hair above the custom ones): the generic plan is the same plan.
  const rows = await withIndexPlans(db, async (tx) => {
    await tx.exec("set local plan_cache_mode = force_generic_plan");
    const handed = await tx.query<{ lead_id: string }>(
      `with acknowledged as (
       select * from unnest($1::uuid[], $2::int[], $3::uuid[], $4::int[], $5::uuid[], $6::timestamptz[],
         $7::int[], $8::int[], $9::text[])
         as claim(id, attempts, lead_id, response_no, attempt_id, started_at, latency_ms, http_status, decision)
     ), recorded as (
       ${INSERT_ATTEMPT}
       select attempt_id, id, lead_id, attempts, started_at, latency_ms, true, http_status, null, response_no,
         decision::jsonb
       from acknowledged
     ), dequeued as (
       delete from handoff_queue q
       where q.lead_id = any($3::uuid[]) and q.attempts = ${LATEST_CLAIM("q.lead_id")}
       returning q.lead_id
     ), handed as (
       update leads l set ${HANDED_OFF}
       where l.id = any($3::uuid[])
         and (l.id in (select lead_id from dequeued)
           or (l.handoff_status = 'cancelled' and l.handoff_attempts = ${LATEST_CLAIM("l.id")}))
       returning l.id
     ), callbacks as (${queueCallbacks("select id from handed", "lead.handed_off")})
     select id::text as lead_id from handed`,
      [
        column(({ task }) => task.task_id),
        column(({ task }) => task.attempts),
        column(({ task }) => task.lead_id),
        column(({ task }) => task.response_no),
        column(() => Bun.randomUUIDv7()),
        column(({ startedAt }) => startedAt),
        column(({ latencyMs }) => Math.round(latencyMs)),
        column(({ httpStatus }) => httpStatus ?? null),
        column(({ decision }) => (decision ? JSON.stringify(decision) : null)),
      ],
    );
    const settled = new Set(handed.map((row) => row.lead_id));
    const unsettled = acknowledgements.filter(({ task }) => !settled.has(task.lead_id));
    if (unsettled.length === 0) return handed;
    // The statement above waited for a withdrawal that held a queue row and committed meanwhile: its snapshot,
    // older than that commit, saw the lead pending and the row gone, so it settled neither. A new statement sees
    // the lead cancelled with this claim's attempts, delivered all the same. Run only then (a lost claim too).
    return [
      ...handed,
      ...(await tx.query<{ lead_id: string }>(
        `with acknowledged as (
           select * from unnest($1::uuid[], $2::int[]) as claim(lead_id, attempts)
         ), handed as (
           update leads l set ${HANDED_OFF}
           where l.id = any($1::uuid[]) and l.handoff_status = 'cancelled'
             and l.handoff_attempts = ${LATEST_CLAIM("l.id")}
           returning l.id
         ), callbacks as (${queueCallbacks("select id from handed", "lead.handed_off")})
         select id::text as lead_id from handed`,
        [unsettled.map(({ task }) => task.lead_id), unsettled.map(({ task }) => task.attempts)],
      )),
    ];
  });
  return rows.map((row) => row.lead_id);
}

/** After a failed attempt: due again after `delayMs`, never later than respond_by (then it is missed). */
export async function scheduleRetry(db: Queryable, task: ClaimedTask, delayMs: number, error: string) {
  await db.query(
    `update handoff_queue
     set next_attempt_at = least(now() + $3::int * interval '1 millisecond', due_at), last_error = $4
     where lead_id = $1 and attempts = $2`,
    [task.lead_id, task.attempts, Math.ceil(delayMs), error],
  );
}

/**
 * Tasks whose respond_by passed without an acknowledgement become missed, and so do their leads.
 * A task still leased to a dispatcher is left alone until its lease runs out.
 */
export function markOverdueMissed(
  db: Database,
  limit: number,
): Promise<{ lead_id: string; account_id: string; test: boolean }[]> {
  return withIndexPlans(db, (tx) =>
    tx.query(
      `with overdue as (
       select lead_id from handoff_queue
       where due_at <= now() and next_attempt_at <= now()
       order by next_attempt_at
       limit $1
       for update skip locked
     ), missed as (
       delete from handoff_queue q where q.lead_id = any(array(select lead_id from overdue))
       returning q.lead_id, q.attempts, q.last_error
     ), missed_leads as (
       update leads l set response_state = 'missed', updated_at = now(),
         ${settledAs("'missed'", "m.attempts", "coalesce(m.last_error, 'respond_by passed before a delivery was tried')")}
       from missed m where l.id = m.lead_id
       returning l.id, l.account_id, l.test
     ), callbacks as (${queueCallbacks("select id from missed_leads", "lead.missed")})
     select id::text as lead_id, account_id::text as account_id, test from missed_leads`,
      [limit],
    ),
  );
}

/**
 * The call decision at delivery refused a call the lead's fields allowed (held, location_unknown,
 * no_common_hours): the reason is kept on the lead, an email answer stays open.
 */
export async function markCallRefused(db: Queryable, leadId: string, reason: string) {
  await db.query(
    "update leads set response_reason = $2, updated_at = now() where id = $1 and response_reason is null",
    [leadId, reason],
  );
}

/** A task whose lead has no permitted way to be answered is never sent: closed as missed, the lead not_called. */
export async function refuseIneligible(db: Queryable, task: ClaimedTask, reason: string) {
  await db.query(
    `with refused as (
       delete from handoff_queue where lead_id = $1 and attempts = $2
       returning lead_id, attempts
     )
     update leads l set response_state = 'not_called', response_reason = $4, updated_at = now(),
       ${settledAs("'missed'", "r.attempts", "$3")}
     from refused r where l.id = r.lead_id`,
    [task.lead_id, task.attempts, `lead may not be answered: ${reason}`, reason],
  );
}
