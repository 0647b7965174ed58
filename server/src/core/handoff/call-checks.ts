// The pre-dial checks as recorded: each question and its answer, bounded per hand-off, listed on the lead's page.
import { CALL_CHECKS_PER_HANDOFF, type CallCheckAnswer } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import { latestRows } from "../../db/latest-rows.ts";

/**
 * Takes the hand-off's lock for the check's transaction and counts its checks: concurrent checks of one
 * hand-off queue here, so the bound holds exactly. False when it is used up.
 */
export async function checksLeft(tx: Queryable, handoffId: string): Promise<boolean> {
  await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`call-check:${handoffId}`]);
  const [row] = await tx.query<{ checks: number | string }>(
    "select count(*) as checks from call_checks where handoff_id = $1",
    [handoffId],
  );
  return Number(row?.checks ?? 0) < CALL_CHECKS_PER_HANDOFF;
}

/** Records a check with its answer, in the transaction that claimed its webhook-id. */
export async function recordCallCheck(
  tx: Queryable,
  answer: CallCheckAnswer,
  webhookId: string,
): Promise<void> {
  await tx.query(
    `insert into call_checks (id, handoff_id, lead_id, phone, checked_at, allowed, answer, webhook_id)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8)`,
    [
      answer.check_id,
      answer.handoff_id,
      answer.lead_id,
      answer.phone,
      answer.checked_at,
      answer.allowed,
      JSON.stringify(answer),
      webhookId,
    ],
  );
}

/** A lead's checks as its page lists them: the latest LISTED_CALL_CHECKS, and how many came before. */
export interface LeadCallChecks {
  /** Oldest first. */
  checks: CallCheckAnswer[];
  earlier: number;
}

/** The most a lead's page lists: a bound on what one page reads and renders. */
export const LISTED_CALL_CHECKS = 50;

/** @example const { checks, earlier } = await listCallChecks(db, lead.id); */
export async function listCallChecks(q: Queryable, leadId: string): Promise<LeadCallChecks> {
  const { rows, earlier } = await latestRows<{ answer: CallCheckAnswer | string }>(
    q,
    `select answer, count(*) over () as total from call_checks
     where lead_id = $1 order by checked_at desc, id desc limit ${LISTED_CALL_CHECKS}`,
    [leadId],
  );
  return {
    // Bun SQL hands jsonb over as text, PGlite as an object.
    checks: rows.map((row) => (typeof row.answer === "string" ? JSON.parse(row.answer) : row.answer)),
    earlier,
  };
}
