// Deletes rows once they are of no use: expired sessions, sign-in links, invitations and devices, throttle rows quiet
// for a day, owner notices past their time, audit rows past AUDIT_RETENTION_DAYS, and the live feed's old lead changes. Every process sweeps on its own timer; bounded batches need no
// coordination.
import type { Queryable } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";
import { DEFAULT_AUDIT_RETENTION_DAYS } from "./audit-log.ts";
import { RESET_WINDOW_SECONDS } from "./reset-mail-budget.ts";
import { sessionIdleSql } from "./session-store.ts";

/** Rows per DELETE: short statements that never hold many row locks, whoever else sweeps at the same time. */
const BATCH_ROWS = 500;
/** Batches per table and sweep: a backlog is worked off over several sweeps rather than in one long burst. */
const BATCHES_PER_SWEEP = 20;
/** A throttle row (not locked) this long after its last attempt has nothing left to say. */
const QUIET_ATTEMPTS_SECONDS = 24 * 60 * 60;
/** How far back the live feed's catch-up finds a lead's later changes (its inserts are found by received_at). */
export const LEAD_CHANGES_KEPT_SECONDS = 7 * 24 * 60 * 60;

const EXPIRED: { table: string; where: string }[] = [
  {
    table: "owner_sessions",
    where: `expires_at <= now() or last_seen_at <= now() - make_interval(secs => ${sessionIdleSql("")})`,
  },
  { table: "sign_in_links", where: "expires_at <= now()" },
  // A notice not taken within its ten minutes never will be (the redirect is followed at once).
  { table: "owner_notices", where: "created_at <= now() - interval '1 hour'" },
  { table: "owner_devices", where: "expires_at <= now()" },
  {
    table: "reset_mail_budget",
    where: `window_start <= now() - make_interval(secs => ${RESET_WINDOW_SECONDS})`,
  },
  { table: "account_invitations", where: "expires_at <= now() - interval '30 days'" },
  {
    table: "sign_in_attempts",
    where: `(locked_until is null or locked_until <= now())
            and last_attempt_at <= now() - make_interval(secs => ${QUIET_ATTEMPTS_SECONDS})`,
  },
  {
    table: "lead_changes",
    where: `changed_at <= now() - make_interval(secs => ${LEAD_CHANGES_KEPT_SECONDS})`,
  },
];

/**
 * One sweep: per table, DELETEs of at most BATCH_ROWS rows picked by ctid until fewer were left. Two
 * processes sweeping at once delete each row once (the second finds it gone) and both finish.
 *
 * @example const deleted = await sweepExpiredRows(db); // { owner_sessions: 3, … }
 */
export async function sweepExpiredRows(
  q: Queryable,
  { auditRetentionDays = DEFAULT_AUDIT_RETENTION_DAYS }: { auditRetentionDays?: number } = {},
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  const audit = {
    table: "audit_events",
    where: `at <= now() - make_interval(days => ${Math.ceil(auditRetentionDays)})`,
  };
  for (const { table, where } of [...EXPIRED, audit]) {
    deleted[table] = 0;
    for (let batch = 0; batch < BATCHES_PER_SWEEP; batch++) {
      const rows = await q.query(
        `delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${BATCH_ROWS}))
         returning 1`,
      );
      deleted[table] += rows.length;
      if (rows.length < BATCH_ROWS) break;
    }
  }
  return deleted;
}

/**
 * Sweeps every `intervalSeconds` (the first after a random part of it, so processes started together spread
 * out); a failed sweep is logged and the next one tries again.
 *
 * @example const sweep = startExpiredRowsSweep(db, { intervalSeconds: 600, logger }); … sweep.stop();
 */
export function startExpiredRowsSweep(
  q: Queryable,
  {
    intervalSeconds,
    auditRetentionDays,
    logger,
  }: { intervalSeconds: number; auditRetentionDays?: number; logger: Logger },
): { stop(): void } {
  let timer: ReturnType<typeof setTimeout>;
  const schedule = (delayMs: number) => {
    timer = setTimeout(async () => {
      try {
        const deleted = await sweepExpiredRows(q, { auditRetentionDays });
        if (Object.values(deleted).some((count) => count > 0)) logger.info("expired rows swept", deleted);
      } catch (error) {
        logger.warn("sweep of expired rows failed", describeError(error));
      }
      schedule(intervalSeconds * 1000);
    }, delayMs);
    timer.unref?.();
  };
  schedule(Math.random() * intervalSeconds * 1000);
  return { stop: () => clearTimeout(timer) };
}
