// The Sessions page: the owner sees where they are signed in and ends any session, or all but this one. Only the
// owner's own sessions: another owner's handle is 404.
import { Elysia } from "elysia";
import { endOtherSessions, endOwnerSession, listOwnerSessions } from "../../core/accounts/session-store.ts";
import { type ConsoleDeps, notFoundPage, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { SESSIONS_PATH, SessionsPage } from "./sessions-page.tsx";

export function sessionsPage(deps: ConsoleDeps) {
  const confirmationOf = (ctx: OwnerContext) => {
    const search = new URL(ctx.request.url).searchParams;
    if (search.get("done") === "one") return ctx.t("sessions.ended");
    const count = Number(search.get("count"));
    if (search.get("done") === "others" && Number.isSafeInteger(count) && count >= 0)
      return ctx.t("sessions.endedOthers", { count });
    return undefined;
  };

  return new Elysia({ name: "sessions-page" })
    .get(
      SESSIONS_PATH,
      ownerPage(deps, async (ctx) => {
        const sessions = await listOwnerSessions(deps.db, ctx.session.ownerId, ctx.sessionSecret);
        const html = SessionsPage({ ...ctx, sessions, confirmation: confirmationOf(ctx) }) as string;
        return htmlPage(ctx.state, html);
      }),
    )
    .post(
      `${SESSIONS_PATH}/:id/end`,
      ownerPage(deps, async (ctx) => {
        if (!(await endOwnerSession(deps.db, ctx.session.ownerId, ctx.params.id ?? "")))
          return notFoundPage(ctx);
        return redirectTo(ctx.state, ctx.request, `${SESSIONS_PATH}?done=one`);
      }),
      { parse: "none" },
    )
    .post(
      `${SESSIONS_PATH}/end-others`,
      ownerPage(deps, async (ctx) => {
        const count = await endOtherSessions(deps.db, ctx.session.ownerId, ctx.sessionSecret);
        return redirectTo(ctx.state, ctx.request, `${SESSIONS_PATH}?done=others&count=${count}`);
      }),
      { parse: "none" },
    );
}
