// The assistant's signed requests' webhook-ids: each processed once, forgotten once its timestamp is refused anyway.
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
