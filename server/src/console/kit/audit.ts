// The audit row of a console action: the signed-in owner as actor, the session's account, the client's address.
import { type AuditAction, recordAudit } from "../../core/accounts/audit-log.ts";
import type { ConsoleDeps, OwnerContext } from "./owner-guard.ts";

/** @example await audited(deps, ctx, "token.revoked", token.name); */
export async function audited(
  deps: Pick<ConsoleDeps, "db" | "logger">,
  ctx: OwnerContext,
  action: AuditAction,
  target?: string,
): Promise<void> {
  await recordAudit(
    deps.db,
    {
      action,
      accountId: ctx.session.accountId,
      actorId: ctx.session.ownerId,
      actorEmail: ctx.session.email,
      target,
      clientAddress: ctx.origin.clientAddress,
    },
    deps.logger,
  );
}
