// The audit row of a console action: the signed-in owner as actor, the session's account, the client's address.
import { type AuditAction, type AuditEvent, auditedChange } from "../../core/accounts/audit-log.ts";
import type { Database } from "../../db/database.ts";
import type { ConsoleDeps, OwnerContext } from "./owner-guard.ts";

const eventOf = (ctx: OwnerContext, action: AuditAction, target?: string): AuditEvent => ({
  action,
  accountId: ctx.session.accountId,
  actorId: ctx.session.ownerId,
  actorEmail: ctx.session.email,
  target,
  clientAddress: ctx.origin.clientAddress,
});

/**
 * The change and its audit row in one transaction; `targetOf` names what was acted on from the result, or
 * `undefined` when nothing changed (then no row).
 *
 * @example await auditedPageChange(deps, ctx, "token.revoked", (db) => revoke(db, …), (r) => (r.ok ? name : undefined))
 */
export async function auditedPageChange<T>(
  deps: Pick<ConsoleDeps, "db" | "logger">,
  ctx: OwnerContext,
  action: AuditAction,
  change: (db: Database) => Promise<T>,
  targetOf: (result: T) => string | undefined,
): Promise<T> {
  return await auditedChange(
    deps.db,
    change,
    (result) => {
      const target = targetOf(result);
      return target === undefined ? undefined : eventOf(ctx, action, target);
    },
    deps.logger,
  );
}
