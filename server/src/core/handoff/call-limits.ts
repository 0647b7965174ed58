// What limits a delivery beyond the calling hours: emergency holds (read at most once a second) and per-phone call caps.
import type { CallCapStanding } from "@speed-to-lead/spec";
import type { Database, Queryable } from "../../db/database.ts";
import { callPermitted } from "../leads/call-eligibility.ts";
import { callingRulesOfPhone } from "./area-code-states.ts";
import { attemptsSince, capBlocks, capHours, capStandings } from "./call-caps.ts";
import { type CallHold, currentHolds } from "./call-holds.ts";
import type { CallBlock } from "./calling-hours.ts";
import type { ClaimedTask } from "./payload.ts";
import { markHeld } from "./task-store.ts";

/** How long the holds read by one delivery serve the next ones. */
const HOLDS_FRESH_MS = 1_000;

/** One per dispatcher: its cache of the holds in force, and the checks a delivery asks of them and of the caps. */
export class CallLimits {
  private holds: readonly CallHold[] = [];
  private holdsReadAt = Number.NEGATIVE_INFINITY;
  private holdsRead: Promise<CallHold[]> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * The holds in force, read at most once a second: they are few and change rarely, and a delivery
   * (claimed, or handed over by the intake) should not pay a query for them. A hold added or removed
   * reaches every dispatcher within a second.
   */
  async currentHolds(): Promise<readonly CallHold[]> {
    if (Date.now() - this.holdsReadAt >= HOLDS_FRESH_MS) {
      this.holdsRead ??= currentHolds(this.db).finally(() => {
        this.holdsRead = undefined;
      });
      this.holds = await this.holdsRead;
      this.holdsReadAt = Date.now();
    }
    return this.holds;
  }

  /**
   * An emergency hold on the lead's area code in force now and past respond_by: the call waits longer than
   * the response may, so the lead is answered without its phone (reason held). A shorter or later hold,
   * and any holiday hold, only moves or cuts the call window.
   */
  async applyHolds(task: ClaimedTask, phoneHolds: readonly CallHold[]): Promise<ClaimedTask> {
    const now = Date.now();
    const respondBy = new Date(task.respond_by).getTime();
    const outlasting = phoneHolds.some(
      (hold) =>
        hold.kind === "emergency" &&
        new Date(hold.starts_at).getTime() <= now &&
        new Date(hold.ends_at).getTime() >= respondBy,
    );
    if (!outlasting || !callPermitted(task)) return task;
    await markHeld(this.db, task.lead_id);
    return { ...task, response_reason: "held" };
  }

  /**
   * A call to a number whose rules cap calls: the attempts counted so far may push the window later
   * (`blocks`), and the hand-off says how many calls each cap still allows (`caps`).
   * `now` must be the instant the window is computed from: a block starting even 1 ms after it would
   * cut the window to that millisecond instead of moving it.
   */
  async capsOf(task: ClaimedTask, now: number): Promise<{ blocks: CallBlock[]; caps: CallCapStanding[] }> {
    if (!callPermitted(task)) return { blocks: [], caps: [] };
    return capsOfNumber(this.db, task.account_id, task.phone!, now);
  }
}

/** The attempts counted against the number's caps at `now`, as window blocks and as standings. */
export async function capsOfNumber(
  db: Queryable,
  accountId: string,
  phone: string,
  now: number,
): Promise<{ blocks: CallBlock[]; caps: CallCapStanding[] }> {
  const rules = callingRulesOfPhone(phone);
  const hours = capHours(rules);
  if (hours === 0) return { blocks: [], caps: [] };
  const attempts = await attemptsSince(db, accountId, phone, new Date(now - hours * 3_600_000));
  return { blocks: capBlocks(rules, attempts, now), caps: capStandings(rules, attempts, now) };
}
