// The transactional outbox of the five-minute response: one response_tasks row per answered lead.
import type { Queryable } from "../../db/database.ts";

export interface NewResponseTask {
  id: string;
  leadId: string;
  accountId: string;
  /** The lead's respond_by. */
  dueAt: Date;
  /** When the dispatcher may first try: at once. */
  nextAttemptAt: Date;
}

/**
 * Call inside the transaction that stores the lead or opens its response. A lead has one task row:
 * a second response (late consent, or a call after an email-only hand-off) reopens it with the next
 * response_no, so the webhook-id changes. A pending task already claimed (possibly in flight with
 * the old permissions) is reopened too, and its attempts counter moves on, which fences that claim
 * out of the settlement; a pending task never tried is left as it is (its first delivery reads the
 * lead as it is then). Returns the task's id.
 */
export async function insertResponseTask(q: Queryable, task: NewResponseTask): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `insert into response_tasks (id, lead_id, account_id, status, due_at, next_attempt_at, created_at)
     values ($1, $2, $3, 'pending', $4, $5, $5)
     on conflict (lead_id) do update
       set status = 'pending', due_at = excluded.due_at, next_attempt_at = excluded.next_attempt_at,
         last_error = null, response_no = response_tasks.response_no + 1,
         attempts = response_tasks.attempts + 1
       where response_tasks.status <> 'pending' or response_tasks.due_at <> excluded.due_at
         or response_tasks.attempts > 0
     returning id`,
    [task.id, task.leadId, task.accountId, task.dueAt, task.nextAttemptAt],
  );
  return row?.id;
}
