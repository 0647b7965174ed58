// What a call decision reads from the database: per dispatcher, the holds in force (at most once a second), the
// account's calling settings (at most once every 4 s) and a number's reported attempts; per pre-dial check, the same
// read afresh in the check's transaction.
import type { Database, Queryable } from "../../db/database.ts";
import { attemptsSince } from "./call-caps.ts";
import type { DecisionContext } from "./call-decision.ts";
import { type CallHold, currentHolds } from "./call-holds.ts";
import type { CallingHours } from "./calling-hours.ts";

/** How long the holds read by one delivery serve the next ones. */
const HOLDS_FRESH_MS = 1_000;
/** How long an account's settings serve its deliveries: a change reaches every dispatcher within this. */
const ACCOUNT_FRESH_MS = 4_000;

type AccountSettings = DecisionContext["account"];

/** The account's seller name and whether it calls numbers of unknown place. */
async function accountSettings(q: Queryable, accountId: string): Promise<AccountSettings> {
  const [row] = await q.query<{ name: string; call_unknown_locations: boolean }>(
    "select name, call_unknown_locations from accounts where id = $1",
    [accountId],
  );
  return { name: row?.name ?? "", callsUnknownLocations: row?.call_unknown_locations === true };
}

/**
 * Everything decideCall needs, read now through `q` (a pre-dial check's transaction): no cache, so a hold
 * or an attempt recorded a moment ago counts.
 */
export async function freshDecisionContext(
  q: Queryable,
  accountId: string,
  callingHours: CallingHours,
): Promise<DecisionContext> {
  const [account, holds] = await Promise.all([accountSettings(q, accountId), currentHolds(q)]);
  return {
    account,
    callingHours,
    holds,
    attemptsSince: (phone, since) => attemptsSince(q, accountId, phone, since),
  };
}

/** One per dispatcher: caches of the holds and the accounts' settings a decision reads. */
export class CallLimits {
  private holds: readonly CallHold[] = [];
  private holdsReadAt = Number.NEGATIVE_INFINITY;
  private holdsRead: Promise<CallHold[]> | undefined;
  private readonly accounts = new Map<string, { at: number; read: Promise<AccountSettings> }>();

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

  /** The account's seller name and whether it calls numbers of unknown place; bounded by the accounts there are. */
  account(accountId: string): Promise<AccountSettings> {
    const cached = this.accounts.get(accountId);
    if (cached && Date.now() - cached.at < ACCOUNT_FRESH_MS) return cached.read;
    const read = accountSettings(this.db, accountId);
    this.accounts.set(accountId, { at: Date.now(), read });
    read.catch(() => this.accounts.delete(accountId));
    return read;
  }

  /** Everything decideCall needs for a lead of this account. */
  async contextOf(accountId: string, callingHours: CallingHours): Promise<DecisionContext> {
    const [account, holds] = await Promise.all([this.account(accountId), this.currentHolds()]);
    return {
      account,
      callingHours,
      holds,
      attemptsSince: (phone, since) => attemptsSince(this.db, accountId, phone, since),
    };
  }
}
