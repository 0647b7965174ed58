// A task this process wrote leased at insert, handed to its own dispatcher as the claim would have
// returned it: no claim statement, no second write of the task before its delivery.
import type { Queryable } from "../../db/database.ts";
import type { Logger } from "../../logger.ts";
import type { LeadRow } from "../leads/lead-record.ts";
import type { ClaimedTask } from "./payload.ts";

/** The claimed task of a fresh lead: its first response, first attempt. */
export function ownTask(lead: LeadRow, taskId: string, accountSlug: string): ClaimedTask {
  const { phone, email, first_name, last_name, language, timezone, property_ref, price, source } = lead;
  return {
    ...{ task_id: taskId, attempts: 1, response_no: 1, lead_id: lead.id, account_id: lead.account_id },
    ...{ account_slug: accountSlug, phone, email, first_name, last_name, language, timezone, property_ref },
    ...{ price, source, context: lead.context, consent: lead.consent, test: lead.test },
    ...{ state: lead.state, postal_code: lead.postal_code },
    ...{ received_at: lead.received_at, respond_by: lead.respond_by, response_reason: lead.response_reason },
  };
}

/**
 * Hands fresh leads' tasks to `deliver`, with their account's slug (read once per account: slugs never
 * change). Should the read fail, the task's lease runs out and a claim delivers it: never lost.
 *
 * @example const handOver = ownTaskHandOver(db, logger, (task) => dispatcher.handOver(task));
 */
export function ownTaskHandOver(db: Queryable, logger: Logger, deliver: (task: ClaimedTask) => void) {
  const slugs = new Map<string, Promise<string>>();
  const slugOf = (accountId: string) => {
    const known = slugs.get(accountId);
    if (known) return known;
    const read = db
      .query<{ slug: string }>("select slug from accounts where id = $1", [accountId])
      .then(([row]) => row!.slug);
    slugs.set(accountId, read);
    read.catch(() => slugs.delete(accountId));
    return read;
  };
  return (lead: LeadRow, taskId: string) => {
    slugOf(lead.account_id).then(
      (slug) => deliver(ownTask(lead, taskId, slug)),
      (error) =>
        logger.warn("own task left to its lease", { lead_id: lead.id, error_message: String(error) }),
    );
  };
}
