// The hand-off queue's SQL vocabulary: a response is queued (a handoff_queue row) until it settles, and then
// the lead keeps what it settled as (0048_handoff_queue.sql). Shared by every statement that dequeues one.

/**
 * The `set` items that record on the lead a response just dequeued: its status, its attempts counter (kept as
 * the fence of any claim still in flight) and last error. No indexed column: the update stays HOT.
 *
 * @example `update leads l set response_state = 'missed', ${settledAs("'missed'", "m.attempts", "m.last_error")} from missed m …`
 */
export const settledAs = (status: string, attemptsSql: string, errorSql: string) =>
  `handoff_status = ${status}, handoff_attempts = ${attemptsSql}, handoff_error = ${errorSql}`;
