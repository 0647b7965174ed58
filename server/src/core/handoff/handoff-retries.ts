// "Hand off again": an owner asks for a failed lead to be delivered once more while its respond_by has not passed.

import type { Database, Queryable } from "../../db/database.ts";
import { plainRows } from "../../db/plain-rows.ts";
import { isUuid } from "../../db/uuid-text.ts";

export interface RetryEntry {
  requested_by: string;
  requested_at: Date;
}

export type HandOffAgainResult =
  | { ok: true; taskId: string; requestedAt: Date }
  /**
   * not_found: no such lead in this account. not_failed: nothing to retry (never call-eligible,
   * already handed off, or no attempt has failed yet). respond_by_passed: too late to call.
   * in_flight: a delivery attempt is running right now.
   */
  | { ok: false; code: "not_found" | "not_failed" | "respond_by_passed" | "in_flight" };

/**
 * Makes the lead's response task due now (queued, the lead pending again), and records who
 * asked and when, in one transaction. The caller then announces it (a "requeued" lead change): the
 * dispatcher wakes and the live feed tells the inbox; any dispatcher's next poll finds the task anyway.
 *
 * @example const result = await handOffAgain(db, { accountId, leadId, ownerId }); if (result.ok) leadChanges.announce({ kind: "requeued", accountId });
 */
export async function handOffAgain(
  db: Database,
  request: { accountId: string; leadId: string; ownerId: string },
): Promise<HandOffAgainResult> {
  if (!isUuid(request.leadId)) return { ok: false, code: "not_found" };
  return await db.transaction(async (tx) => {
    // biome-ignore lint/suspicious/noExplicitAny: one row, read field by field
    const [task] = await tx.query<any>(
      `select t.id::text as id, t.status, t.last_error, t.attempts, t.due_at > now() as before_due,
         t.next_attempt_at > now() as leased, l.response_state,
         (select count(*)::int from handoff_attempts a where a.lead_id = l.id) as finished
       from leads l left join response_tasks t on t.lead_id = l.id
       where l.account_id = $1 and l.id = $2
       for update of l`,
      [request.accountId, request.leadId],
    );
    if (!task) return { ok: false, code: "not_found" };
    if (
      !task.id ||
      task.status === "delivered" ||
      // Cancelled by the do-not-call list: only removing the number may give it back.
      task.status === "cancelled" ||
      task.last_error === null ||
      task.response_state === "not_called"
    ) {
      return { ok: false, code: "not_failed" };
    }
    if (!task.before_due) return { ok: false, code: "respond_by_passed" };
    // A claim whose attempt has not been recorded yet is still delivering: leave it to finish.
    if (task.status === "pending" && task.leased && task.finished < task.attempts) {
      return { ok: false, code: "in_flight" };
    }
    const [stamp] = await tx.query<{ now: Date }>("select now() as now");
    // Queued again (a settled one keeps its attempts counter and last error), due now.
    await tx.query(
      `insert into handoff_queue (lead_id, due_at, next_attempt_at, attempts, last_error)
       select id, respond_by, now(), coalesce(handoff_attempts, 0), handoff_error from leads where id = $1
       on conflict (lead_id) do update set next_attempt_at = now()`,
      [request.leadId],
    );
    await tx.query(
      "update leads set response_state = 'pending', handoff_status = null, updated_at = now() where id = $1",
      [request.leadId],
    );
    await tx.query(
      `insert into handoff_retries (id, lead_id, task_id, requested_by, requested_at) values ($1, $2, $3, $4, now())`,
      [Bun.randomUUIDv7(), request.leadId, task.id, request.ownerId],
    );
    return { ok: true, taskId: task.id, requestedAt: stamp!.now };
  });
}

/** Oldest first. */
export async function listRetries(q: Queryable, leadId: string): Promise<RetryEntry[]> {
  return plainRows(
    await q.query<RetryEntry>(
      "select requested_by, requested_at from handoff_retries where lead_id = $1 order by requested_at, id",
      [leadId],
    ),
  );
}
