// The hand-off queue's SQL vocabulary: a response is queued (a handoff_queue row) until it settles, and then
// the lead keeps what it settled as (0048_handoff_queue.sql). Shared by every statement that dequeues one.

/** A lead `l`'s task id: the id kept from before the queue, else the lead's own (webhook-ids derive from it). */
export const TASK_ID_SQL = "coalesce(l.task_id, l.id)";

/**
 * The `set` items that record on the lead a response just dequeued as `row` (a deleted queue row, its
 * attempts kept as the fence of any claim still in flight): its status and last error. No indexed column.
 *
 * @example `update leads l set response_state = 'missed', ${settledAs("'missed'", "m", "m.last_error")} from missed m …`
 */
export const settledAs = (status: string, row: string, errorSql: string) =>
  `handoff_status = ${status}, handoff_attempts = ${row}.attempts, handoff_error = ${errorSql}`;
