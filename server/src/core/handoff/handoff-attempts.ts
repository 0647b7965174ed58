// Hand-off attempts as the detail view lists them: recorded by the dispatcher when each delivery attempt ends.

import type { Queryable } from "../../db/database.ts";
import { plainRows } from "../../db/plain-rows.ts";
import { describeError, type Logger } from "../../logger.ts";
import type { CallDecision } from "./call-decision.ts";

export interface HandoffAttempt {
  taskId: string;
  leadId: string;
  /** The task's attempts counter for this claim. */
  attempt: number;
  /** Which response of the lead (1 unless a repeat opened another). */
  responseNo?: number;
  startedAt: Date;
  latencyMs: number;
  ok: boolean;
  /** The assistant's HTTP status, when it answered. */
  httpStatus?: number;
  /** Why it failed (timeout, connection refused, non-2xx). */
  error?: string;
  /** What the attempt decided: its call permission, its call window, the rules version. */
  decision?: HandoffDecision;
}

/**
 * A hand-off's compliance decision, kept whole with its attempt for the lead's evidence record and
 * page (earlier attempts kept only call, call_window and rules_version), with the number it offered.
 */
export type HandoffDecision = Pick<CallDecision, "call" | "call_window" | "rules_version"> &
  Partial<CallDecision> & {
    /** The number the hand-off offered (null: email only); absent in attempts made before hand-offs had ids. */
    phone?: string | null;
  };

export interface AttemptEntry {
  attempt: number;
  started_at: Date;
  latency_ms: number;
  ok: boolean;
  http_status: number | null;
  error: string | null;
  /** The call decision the attempt carried (null for attempts recorded before decisions were kept). */
  decision: HandoffDecision | null;
}

/** The history's columns, in the order both writers give them (one attempt here, a burst in the settlement). */
export const INSERT_ATTEMPT =
  "insert into handoff_attempts (id, task_id, lead_id, attempt, started_at, latency_ms, ok, http_status, error, response_no, decision)";

/**
 * A failure to write the history is logged, never thrown: the hand-off itself matters more.
 *
 * @example await recordHandoffAttempt(db, logger, { taskId, leadId, attempt: 1, startedAt, latencyMs: 42, ok: true, httpStatus: 204 });
 */
export async function recordHandoffAttempt(q: Queryable, logger: Logger, attempt: HandoffAttempt) {
  try {
    await q.query(`${INSERT_ATTEMPT} values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb)`, [
      Bun.randomUUIDv7(),
      attempt.taskId,
      attempt.leadId,
      attempt.attempt,
      attempt.startedAt,
      Math.round(attempt.latencyMs),
      attempt.ok,
      attempt.httpStatus ?? null,
      attempt.error ?? null,
      attempt.responseNo ?? 1,
      attempt.decision ? JSON.stringify(attempt.decision) : null,
    ]);
  } catch (error) {
    logger.warn("recording a hand-off attempt failed", { lead_id: attempt.leadId, ...describeError(error) });
  }
}

/** Oldest first. */
export async function listHandoffAttempts(q: Queryable, leadId: string): Promise<AttemptEntry[]> {
  return plainRows(
    await q.query<AttemptEntry>(
      `select attempt, started_at, latency_ms, ok, http_status, error, decision
     from handoff_attempts where lead_id = $1 order by started_at, attempt`,
      [leadId],
    ),
  );
}
