// "A lead changed", said once: the intake, the console and the dispatcher announce here after their commit;
// the hand-off, the inbox's live feed and the metrics subscribe (main.ts wires them).
import { describeError, type Logger } from "../../logger.ts";
import type { LeadRow } from "./lead-record.ts";

/** The intake stored a lead (new or updated), and maybe its response task. */
export interface LeadStored {
  kind: "stored";
  lead: LeadRow;
  created: boolean;
  /** Set when this request wrote the lead's response task. */
  responseTaskId?: string;
  /** That task is leased to this process's dispatcher: hand it over, nobody claims it. */
  responseTaskLeased?: boolean;
}

export type LeadChange =
  | LeadStored
  /** An owner asked to hand a lead off again: a response task is due now. */
  | { kind: "requeued"; accountId: string }
  /** State or history changed elsewhere (a hand-off delivered, missed or refused; a number put on the list). */
  | { kind: "updated"; accountIds: readonly string[] };

/** The accounts whose leads a change touched. */
export function accountsOf(change: LeadChange): readonly string[] {
  if (change.kind === "stored") return [change.lead.account_id];
  if (change.kind === "requeued") return [change.accountId];
  return change.accountIds;
}

/** Whether a change committed a response task due now: dispatchers look at once instead of at their next poll. */
export const taskDue = (change: LeadChange) =>
  change.kind === "requeued" || (change.kind === "stored" && change.responseTaskId !== undefined);

export type LeadChangeListener = (change: LeadChange) => void;

export interface LeadChangeBus {
  /** After the commit, never inside a transaction. Never throws: a failing listener is logged. */
  announce(change: LeadChange): void;
  /** `listener` hears every change from now on, in this process; returns the unsubscribe. */
  subscribe(listener: LeadChangeListener): () => void;
}

/**
 * In-process and synchronous: each listener decides what it does with a change (the feed coalesces and
 * NOTIFYs other processes, the dispatcher wakes, the metrics count).
 *
 * @example
 * const leadChanges = createLeadChangeBus(logger);
 * leadChanges.subscribe((change) => feed.publish(...accountsOf(change)));
 * leadChanges.announce({ kind: "requeued", accountId });
 */
export function createLeadChangeBus(logger: Logger): LeadChangeBus {
  const listeners = new Set<LeadChangeListener>();
  return {
    announce(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          logger.warn("lead change listener failed", { change: change.kind, ...describeError(error) });
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
