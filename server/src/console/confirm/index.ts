// Re-confirmation: a sensitive change (sensitivePage) made more than 10 minutes after the owner last gave their
// password sends them here; the password goes through the sign-in guard (argon2 slot, throttle), or a code of their
// second factor through its own limits, then back.
import { Elysia } from "elysia";
import { authenticationOptions, usePasskey } from "../../core/accounts/passkeys.ts";
import { hashSecret } from "../../core/accounts/secret.ts";
import { confirmSession } from "../../core/accounts/session-store.ts";
import { hasSecondFactor } from "../../core/accounts/totp-factor.ts";
import { retryAfterHeader } from "../../http/respond.ts";
import { field } from "../kit/form.ts";
import { CONSOLE_HOME, consolePathOrNull } from "../kit/navigation.ts";
import { CONFIRM_PATH, type ConsoleDeps, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { checkPassword } from "../sign-in/password-check.ts";
import { relyingParty } from "../sign-in/relying-party.ts";
import { checkSecondFactor } from "../sign-in/second-factor-check.ts";
import { ConfirmPage } from "./confirm-page.tsx";

/** A passkey's challenge for re-confirmation is kept on the session. */
const holderOf = (ctx: OwnerContext) =>
  ({ table: "owner_sessions", idHash: hashSecret(ctx.sessionSecret) }) as const;

export function confirmPages(deps: ConsoleDeps) {
  const page = async (
    ctx: OwnerContext,
    next: string,
    status = 200,
    errors: { error?: string; codeError?: string } = {},
    headers?: Record<string, string>,
  ) => {
    const { ownerId } = ctx.session;
    const secondFactor = await hasSecondFactor(deps.db, ownerId);
    const options = await authenticationOptions(deps.db, relyingParty(deps, ctx), ownerId, holderOf(ctx));
    const passkeyOptions = options && JSON.stringify(options);
    const html = ConfirmPage({ ...ctx, next, secondFactor, passkeyOptions, ...errors }) as string;
    return htmlPage(ctx.state, html, { status, headers });
  };

  async function confirmWithPasskey(ctx: OwnerContext, next: string, credential: string) {
    const { ownerId } = ctx.session;
    if (!(await usePasskey(deps.db, relyingParty(deps, ctx), ownerId, holderOf(ctx), credential)))
      return await page(ctx, next, 401, { codeError: ctx.t("passkey.failed") });
    await confirmSession(deps.db, ctx.sessionSecret, new Date(deps.clock()));
    return redirectTo(ctx.state, ctx.request, next);
  }

  async function confirmWithCode(ctx: OwnerContext, next: string, code: string) {
    const checked = await checkSecondFactor(deps, ctx.session.ownerId, code);
    if (!checked.ok) return await page(ctx, next, checked.status, { codeError: ctx.t(checked.error) });
    await confirmSession(deps.db, ctx.sessionSecret, new Date(deps.clock()));
    return redirectTo(ctx.state, ctx.request, next);
  }

  return new Elysia({ name: "confirm-pages" })
    .get(
      CONFIRM_PATH,
      ownerPage(
        deps,
        async (ctx) =>
          await page(
            ctx,
            consolePathOrNull(new URL(ctx.request.url).searchParams.get("next")) ?? CONSOLE_HOME,
          ),
        { enrolment: true },
      ),
    )
    .post(
      CONFIRM_PATH,
      ownerPage(
        deps,
        async (ctx) => {
          const next = consolePathOrNull(field(ctx.form, "next")) ?? CONSOLE_HOME;
          const credential = ctx.form.get("credential") ?? "";
          if (credential) return await confirmWithPasskey(ctx, next, credential);
          const code = field(ctx.form, "code");
          if (code && ctx.form.get("password") === null) return await confirmWithCode(ctx, next, code);
          const password = ctx.form.get("password") ?? "";
          if (!password) return await page(ctx, next, 422, { error: ctx.t("form.required") });
          const checked = await checkPassword(deps, ctx, ctx.session.email, password);
          if (!checked.ok) {
            const headers = checked.retryAfterSeconds
              ? retryAfterHeader(checked.retryAfterSeconds)
              : undefined;
            return await page(ctx, next, checked.status, { error: checked.error }, headers);
          }
          await confirmSession(deps.db, ctx.sessionSecret, new Date(deps.clock()));
          return redirectTo(ctx.state, ctx.request, next);
        },
        { enrolment: true },
      ),
      { parse: "none" },
    );
}
