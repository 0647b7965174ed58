// The routes of a token's "Recent requests" and of one request's detail: behind the session guard, for a token of
// the session's account only (another account's token, or another token's row, is the 404 page). Read-only.
import { Elysia } from "elysia";
import { findAccountToken } from "../../core/accounts/token-service.ts";
import { latestCallbackAttempts, sendCallbackAgain } from "../../core/callbacks/callback-attempts.ts";
import { tokenCallbackState } from "../../core/callbacks/callback-pause.ts";
import { readDoctorWindow } from "../../core/doctor/doctor-window.ts";
import { diagnoseIntegration } from "../../core/doctor/integration-doctor.ts";
import { parseRequestLogQuery } from "../../core/request-log/request-log-query.ts";
import { findRequestLogRow, requestLogPage } from "../../core/request-log/request-log-store.ts";
import { isUuid } from "../../db/uuid-text.ts";
import { takePageNotice } from "../kit/notices.ts";
import { type ConsoleDeps, notFoundPage, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { callbackNoticeLine } from "./callback-recovery.tsx";
import { DELIVERIES_SHOWN } from "./deliveries-table.tsx";
import { RecentRequestsPage, requestsUrl } from "./recent-requests-page.tsx";
import { RequestDetailPage } from "./request-detail-page.tsx";
import { actionPageProps } from "./token-action-pages.tsx";

/** Rows per page: a bounded list, older ones behind a link. */
export const CONSOLE_REQUESTS_PAGE = 50;
const REQUESTS_PATH = "/console/integrations/tokens/:id/requests";

export function recentRequestsPages(deps: ConsoleDeps) {
  const { db } = deps;
  const tokenOf = (ctx: OwnerContext) => findAccountToken(db, ctx.session.accountId, ctx.params.id ?? "");

  return new Elysia({ name: "recent-requests-pages" })
    .get(
      REQUESTS_PATH,
      ownerPage(deps, async (ctx) => {
        const token = await tokenOf(ctx);
        if (!token) return notFoundPage(ctx);
        const search = new URL(ctx.request.url).searchParams;
        const query = { status: search.get("status") ?? "", problemCode: search.get("problem_code") ?? "" };
        const parsed = parseRequestLogQuery(search);
        const owner = { tokenId: token.id, accountId: ctx.session.accountId };
        const page = parsed.ok
          ? await requestLogPage(db, owner, parsed.filter, CONSOLE_REQUESTS_PAGE)
          : { rows: [], next: undefined };
        const html = RecentRequestsPage({
          ...actionPageProps(ctx, token),
          query,
          invalid: !parsed.ok,
          rows: page.rows,
          next: page.next,
          paged: search.has("cursor"),
          deliveries: await latestCallbackAttempts(db, token.id, DELIVERIES_SHOWN),
          doctor: {
            t: ctx.t,
            baseUrl: deps.publicUrl ?? ctx.origin.origin,
            findings: diagnoseIntegration(await readDoctorWindow(db, owner, token.scope === "intake")),
          },
          callbacks: {
            state: await tokenCallbackState(db, token.id),
            confirmation: callbackNoticeLine(ctx.t, await takePageNotice(db, ctx)),
          },
        }) as string;
        return htmlPage(ctx.state, html, { status: parsed.ok ? 200 : 422 });
      }),
    )
    .get(
      `${REQUESTS_PATH}/:requestId`,
      ownerPage(deps, async (ctx) => {
        const token = await tokenOf(ctx);
        const requestId = ctx.params.requestId ?? "";
        const owner = token && { tokenId: token.id, accountId: ctx.session.accountId };
        const row =
          owner && /^[0-9]{1,18}$/.test(requestId) && (await findRequestLogRow(db, owner, requestId));
        if (!token || !row) return notFoundPage(ctx);
        return htmlPage(ctx.state, RequestDetailPage({ ...actionPageProps(ctx, token), row }) as string);
      }),
    )
    .post(
      "/console/integrations/tokens/:id/callbacks/:callbackId/send-again",
      ownerPage(deps, async (ctx) => {
        const token = await tokenOf(ctx);
        const callbackId = ctx.params.callbackId ?? "";
        // A new attempt under the same webhook-id; another token's or account's callback is the 404 page.
        const queued = token && isUuid(callbackId) && (await sendCallbackAgain(db, token.id, callbackId));
        if (!token || !queued) return notFoundPage(ctx);
        return redirectTo(ctx.state, ctx.request, requestsUrl(token.id));
      }),
      { parse: "none" },
    );
}
