// The SQL of the assistant's signed requests: webhook-ids already processed, and the lead an event names.
import { WEBHOOK_TOLERANCE_SECONDS } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";

/** Records the webhook-id; false when it was already processed (a replay). */
export async function claimWebhookId(tx: Queryable, webhookId: string): Promise<boolean> {
  const rows = await tx.query(
    "insert into assistant_webhook_ids (webhook_id) values ($1) on conflict do nothing returning 1",
    [webhookId],
  );
  return rows.length > 0;
}

/**
 * Ids older than twice the timestamp tolerance: their messages are refused by timestamp anyway, so
 * forgetting them cannot let a replay through.
 */
export async function forgetOldWebhookIds(db: Queryable): Promise<void> {
  await db.query(
    "delete from assistant_webhook_ids where received_at < now() - $1::int * interval '1 second'",
    [2 * WEBHOOK_TOLERANCE_SECONDS],
  );
}

const FORGET_EVERY_MS = 60_000;

/** Calls forgetOldWebhookIds at most once a minute, in the background: a failure is logged, never answered. */
export function webhookIdForgetter(db: Queryable, logger: Logger): () => void {
  let last = 0;
  return () => {
    if (Date.now() - last < FORGET_EVERY_MS) return;
    last = Date.now();
    forgetOldWebhookIds(db).catch((error) =>
      logger.warn("forgetting old webhook-ids failed", describeError(error)),
    );
  };
}

/** The lead's account and number, or undefined for an unknown id (events never create leads). */
export async function findLeadNumber(
  tx: Queryable,
  leadId: string,
): Promise<{ account_id: string; phone: string | null } | undefined> {
  const [row] = await tx.query<{ account_id: string; phone: string | null }>(
    "select account_id::text as account_id, phone from leads where id = $1",
    [leadId],
  );
  return row;
}
