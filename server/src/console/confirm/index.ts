// Re-confirmation: a sensitive change (sensitivePage) made more than 10 minutes after the owner last gave their
// password sends them here; the password goes through the sign-in guard (argon2 slot, throttle), then back.
import { Elysia } from "elysia";
import { confirmSession } from "../../core/accounts/session-store.ts";
import { retryAfterHeader } from "../../http/respond.ts";
import { field } from "../kit/form.ts";
import { CONSOLE_HOME, consolePathOrNull } from "../kit/navigation.ts";
import { CONFIRM_PATH, type ConsoleDeps, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { checkPassword } from "../sign-in/password-check.ts";
import { ConfirmPage } from "./confirm-page.tsx";

export function confirmPages(deps: ConsoleDeps) {
  const page = (
    ctx: OwnerContext,
    next: string,
    status = 200,
    error?: string,
    headers?: Record<string, string>,
  ) => htmlPage(ctx.state, ConfirmPage({ ...ctx, next, error }) as string, { status, headers });

  return new Elysia({ name: "confirm-pages" })
    .get(
      CONFIRM_PATH,
      ownerPage(deps, (ctx) =>
        page(ctx, consolePathOrNull(new URL(ctx.request.url).searchParams.get("next")) ?? CONSOLE_HOME),
      ),
    )
    .post(
      CONFIRM_PATH,
      ownerPage(deps, async (ctx) => {
        const next = consolePathOrNull(field(ctx.form, "next")) ?? CONSOLE_HOME;
        const password = ctx.form.get("password") ?? "";
        if (!password) return page(ctx, next, 422, ctx.t("form.required"));
        const checked = await checkPassword(deps, ctx, ctx.session.email, password);
        if (!checked.ok) {
          const headers = checked.retryAfterSeconds ? retryAfterHeader(checked.retryAfterSeconds) : undefined;
          return page(ctx, next, checked.status, checked.error, headers);
        }
        await confirmSession(deps.db, ctx.sessionSecret, new Date(deps.clock()));
        return redirectTo(ctx.state, ctx.request, next);
      }),
      { parse: "none" },
    );
}
