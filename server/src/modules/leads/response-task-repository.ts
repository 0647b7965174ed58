// The transactional outbox of the five-minute response: one response_tasks row per call-eligible lead.
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
 * Call inside the transaction that stores the lead or makes it eligible. The unique lead_id makes a
 * second call for the same lead a no-op: returns the new task's id, or undefined when one existed.
 */
export async function insertResponseTask(q: Queryable, task: NewResponseTask): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `insert into response_tasks (id, lead_id, account_id, status, due_at, next_attempt_at, created_at)
     values ($1, $2, $3, 'pending', $4, $5, $5)
     on conflict (lead_id) do nothing returning id`,
    [task.id, task.leadId, task.accountId, task.dueAt, task.nextAttemptAt],
  );
  return row?.id;
}
