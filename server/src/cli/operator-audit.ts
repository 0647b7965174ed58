// The audit row of an operator's command (`stl tokens …`, `stl dnc remove`, `stl accounts evidence`): no owner
// acted, so the actor is "stl:" and the operator (--by, else the operating-system user), shown as such.
import { type AuditAction, recordAudit } from "../core/accounts/audit-log.ts";
import type { Queryable } from "../db/database.ts";
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
