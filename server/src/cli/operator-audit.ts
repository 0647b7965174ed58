// The audit row of an operator's command (`stl tokens …`, `stl dnc remove`, `stl accounts evidence|cooldown`): no owner
// acted, so the actor is "stl:" and the operator (--by, else the operating-system user), shown as such.
import { type AuditAction, auditedChange, recordAudit } from "../core/accounts/audit-log.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ParsedArgs } from "./args.ts";
import { operator } from "./operator.ts";

export async function operatorAudit(
  q: Queryable,
  args: ParsedArgs,
  action: AuditAction,
  accountId: string,
  target: string,
) {
  await recordAudit(q, { action, accountId, actorEmail: `stl: ${operator(args)}`, target });
}

/**
 * The change and its audit row in one transaction; `rowOf` gives the account and target from the result, or
 * undefined when nothing changed (then no row).
 */
export async function operatorChange<T>(
  db: Database,
  args: ParsedArgs,
  action: AuditAction,
  change: (db: Database) => Promise<T>,
  rowOf: (result: T) => { accountId: string; target: string } | undefined,
): Promise<T> {
  return await auditedChange(db, change, (result) => {
    const row = rowOf(result);
    return row && { action, ...row, actorEmail: `stl: ${operator(args)}` };
  });
}
