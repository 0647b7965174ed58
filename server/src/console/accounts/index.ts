// The account chooser of an owner of several accounts (after sign-in, and from the header): the session moves to
// the chosen account only when the owner is a member of it; anything else is 404.
import { Elysia } from "elysia";
import { membershipsOf } from "../../core/accounts/owner-repository.ts";
import { switchSessionAccount } from "../../core/accounts/session-store.ts";
import { isUuid } from "../../db/uuid-text.ts";
import { field } from "../kit/form.ts";
import { ACCOUNTS_PATH, CONSOLE_HOME, consolePathOrNull } from "../kit/navigation.ts";
import { type ConsoleDeps, notFoundPage, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { AccountsPage } from "./accounts-page.tsx";

export function accountsPage(deps: ConsoleDeps) {
  return new Elysia({ name: "accounts-page" })
    .get(
      ACCOUNTS_PATH,
      ownerPage(deps, async (ctx) => {
        const next = consolePathOrNull(new URL(ctx.request.url).searchParams.get("next")) ?? CONSOLE_HOME;
        const accounts = await membershipsOf(deps.db, ctx.session.ownerId);
        const html = AccountsPage({ ...ctx, accounts, currentId: ctx.session.accountId, next }) as string;
        return htmlPage(ctx.state, html);
      }),
    )
    .post(
      `${ACCOUNTS_PATH}/switch`,
      ownerPage(deps, async (ctx) => {
        const accountId = field(ctx.form, "account");
        const switched =
          isUuid(accountId) && (await switchSessionAccount(deps.db, ctx.sessionSecret, accountId));
        if (!switched) return notFoundPage(ctx);
        return redirectTo(ctx.state, ctx.request, consolePathOrNull(field(ctx.form, "next")) ?? CONSOLE_HOME);
      }),
      { parse: "none" },
    );
}
