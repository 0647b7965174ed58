// Mails that tell owners what happened to their account or their person: sent after the answer (a slow or failing
// mail server never holds a page), in the page's language, each failure logged. Without SMTP_URL nothing is sent.
import { ownerEmailsOf } from "../../core/accounts/owner-repository.ts";
import { describeError } from "../../logger.ts";
import type { MessageKey } from "./dictionary.ts";
import type { ConsoleDeps, PageContext } from "./owner-guard.ts";

export interface OwnerMail {
  subject: MessageKey;
  body: MessageKey;
  params: Record<string, string>;
}

/** Sends `mail` to each address, in the background. */
export function mailTo(deps: ConsoleDeps, ctx: PageContext, to: string[], mail: OwnerMail): void {
  const mailer = deps.mailer;
  if (!mailer) return;
  const subject = ctx.t(mail.subject, mail.params);
  const text = ctx.t(mail.body, mail.params);
  for (const address of to)
    void mailer
      .send({ to: address, subject, text })
      .catch((error) =>
        deps.logger.error("owner mail failed", { subject: mail.subject, ...describeError(error) }),
      );
}

/** Tells every owner of the account (as they are after the change). */
export async function mailAccountOwners(
  deps: ConsoleDeps,
  ctx: PageContext,
  accountId: string,
  mail: OwnerMail,
): Promise<void> {
  if (!deps.mailer) return;
  mailTo(deps, ctx, await ownerEmailsOf(deps.db, accountId), mail);
}
