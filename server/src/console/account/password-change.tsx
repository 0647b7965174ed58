// The Account page's password change: the current password (through the sign-in guard) and the new one twice. A
// change ends every other session of the owner, is an audit row (in the change's transaction) and is mailed.
import { auditedChange } from "../../core/accounts/audit-log.ts";
import { setOwnerPassword } from "../../core/accounts/owner-repository.ts";
import { hashPassword, passwordProblem } from "../../core/accounts/password-policy.ts";
import { endOtherSessions } from "../../core/accounts/session-store.ts";
import type { Translate } from "../kit/dictionary.ts";
import { ACCOUNT_PATH } from "../kit/navigation.ts";
import type { ConsoleDeps, OwnerContext } from "../kit/owner-guard.ts";
import { mailTo } from "../kit/owner-mail.ts";
import { CurrentPasswordField } from "../sign-in/current-password-field.tsx";
import { PASSWORD_MESSAGES } from "../sign-in/link-pages.ts";
import { NewPasswordFields } from "../sign-in/new-password-fields.tsx";
import { checkPassword } from "../sign-in/password-check.ts";

export const PASSWORD_PATH = `${ACCOUNT_PATH}/password`;

export interface PasswordErrors {
  current?: string;
  password?: string;
  confirm?: string;
}

export function PasswordForm({
  t,
  csrf,
  errors = {},
}: {
  t: Translate;
  csrf: string;
  errors?: PasswordErrors;
}) {
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{t("account.password.title")}</h2>
      <form method="post" action={PASSWORD_PATH} novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <CurrentPasswordField t={t} error={errors.current} />
        <NewPasswordFields t={t} name="new" errors={errors} />
        <button type="submit" class="secondary">
          {t("account.password.submit")}
        </button>
      </form>
    </section>
  );
}

/** Changes the password; the errors to show beside the fields when it did not (with the answer's status). */
export async function changePassword(
  deps: ConsoleDeps,
  ctx: OwnerContext,
): Promise<{ ok: true } | { ok: false; status: number; errors: PasswordErrors }> {
  const { t } = ctx;
  const current = ctx.form.get("password") ?? "";
  const next = ctx.form.get("new") ?? "";
  const problem = next ? await passwordProblem(next, ctx.session.email) : undefined;
  const errors: PasswordErrors = {
    current: current ? undefined : t("form.required"),
    password: !next ? t("form.required") : problem ? t(PASSWORD_MESSAGES[problem]) : undefined,
    confirm: !problem && next && ctx.form.get("confirm") !== next ? t("password.mismatch") : undefined,
  };
  if (errors.current || errors.password || errors.confirm) return { ok: false, status: 422, errors };
  const checked = await checkPassword(deps, ctx, ctx.session.email, current);
  if (!checked.ok) return { ok: false, status: checked.status, errors: { current: checked.error } };
  const release = deps.passwordWork.tryAcquire();
  if (!release) return { ok: false, status: 429, errors: { password: t("signIn.busy") } };
  let hash: string;
  try {
    hash = await hashPassword(next);
  } finally {
    release();
  }
  const { ownerId, email } = ctx.session;
  await auditedChange(
    deps.db,
    async (db) => {
      await setOwnerPassword(db, ownerId, hash);
      await endOtherSessions(db, ownerId, ctx.sessionSecret);
    },
    () => ({
      action: "password.changed",
      actorId: ownerId,
      actorEmail: email,
      clientAddress: ctx.origin.clientAddress,
    }),
    deps.logger,
  );
  mailTo(deps, ctx, [email], {
    subject: "password.mail.changed.subject",
    body: "password.mail.changed.body",
    params: { email, address: ctx.origin.clientAddress },
  });
  return { ok: true };
}
