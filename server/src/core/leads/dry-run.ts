// The intake's dry run: the same transaction as a real post, rolled back, so it answers exactly and stores nothing
// (how a request asks for one: api/intake/dry-run-header.ts).
import type { Database } from "../../db/database.ts";
import { joinedTransaction } from "../../db/joined-transaction.ts";
import type { ChannelIdentity } from "../accounts/authenticator.ts";
import { acceptLead, type IntakeOutcome } from "./service.ts";
import type { ValidLead } from "./validation/validate-lead.ts";

class RolledBack extends Error {
  constructor(readonly outcome: IntakeOutcome) {
    super("dry run rolled back");
  }
}

/**
 * Runs acceptLead in a transaction that is always rolled back: the idempotency claim, the repeat
 * lookup and the do-not-call check all happen, so the outcome is what a real post would get now.
 *
 * @example const outcome = await acceptLeadDryRun(db, channel, valid, fingerprint, new Date());
 */
export async function acceptLeadDryRun(
  db: Database,
  channel: ChannelIdentity,
  lead: ValidLead,
  fingerprint: string,
  now: Date,
): Promise<IntakeOutcome> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await acceptLead(joinedTransaction(db, tx), channel, lead, fingerprint, now));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    throw error;
  }
  throw new Error("a dry run's transaction committed");
}
