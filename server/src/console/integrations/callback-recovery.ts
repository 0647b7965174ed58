// The posts of a token's status-callback controls, behind the session guard and its CSRF check, for a token of the
// session's account only (another account's is the 404 page): "Recover since" a period, and "Resume" after a pause.
// Both are audited; both answer with a redirect to the token's page and a one-time confirmation.
import { Elysia } from "elysia";
import { findAccountToken } from "../../core/accounts/token-service.ts";
import {
  makeKeptCallbacksDue,
  resumeTokenCallbacks,
  wakeCallbackSenders,
} from "../../core/callbacks/callback-pause.ts";
import { recoverCallbacks } from "../../core/callbacks/callback-recovery.ts";
import { auditedPageChange } from "../kit/audit.ts";
import { field } from "../kit/form.ts";
import { redirectWithNotice } from "../kit/notices.ts";
import { type ConsoleDeps, notFoundPage, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { callbacksUrl } from "./callback-recovery.tsx";
import { requestsUrl } from "./recent-requests-page.tsx";
import { RecoverPage } from "./recover-page.tsx";
import { parseRecoveryPeriod } from "./recovery-period.ts";
import { actionPageProps } from "./token-action-pages.tsx";

export function callbackRecoveryPosts(deps: ConsoleDeps) {
  const { db } = deps;
  const tokenOf = (ctx: OwnerContext) => findAccountToken(db, ctx.session.accountId, ctx.params.id ?? "");

  return new Elysia({ name: "callback-recovery-posts" })
    .post(
      callbacksUrl(":id", "recover"),
      ownerPage(deps, async (ctx) => {
        const token = await tokenOf(ctx);
        if (!token) return notFoundPage(ctx);
        const sent = { from: field(ctx.form, "from"), to: field(ctx.form, "to") };
        const parsed = parseRecoveryPeriod(sent.from, sent.to, new Date(deps.clock()));
        if (!parsed.ok) {
          const errors = Object.fromEntries(
            Object.entries(parsed.errors).map(([name, key]) => [name, ctx.t(key)]),
          );
          const html = RecoverPage({ ...actionPageProps(ctx, token), sent: { ...sent, errors } }) as string;
          return htmlPage(ctx.state, html, { status: 422 });
        }
        const { from, to } = parsed.period;
        // The batches commit one by one (no transaction holding every row); the audit row follows with the count.
        const result = await recoverCallbacks(db, token.id, parsed.period);
        await auditedPageChange(
          deps,
          ctx,
          "callbacks.recovered",
          async () => result,
          ({ queued }) => `${token.name}: ${from.toISOString()} – ${to.toISOString()}, ${queued} queued`,
        );
        return await redirectWithNotice(db, ctx, requestsUrl(token.id), {
          kind: "callbacks-recovered",
          queued: result.queued,
          read: result.read,
          resumeFrom: result.resumeFrom?.toISOString(),
        });
      }),
      { parse: "none" },
    )
    .post(
      callbacksUrl(":id", "resume"),
      ownerPage(deps, async (ctx) => {
        const token = await tokenOf(ctx);
        if (!token) return notFoundPage(ctx);
        // Made due while still paused (callback-pause.ts says why), then resumed in the audited change.
        await makeKeptCallbacksDue(db, token.id);
        const resumed = await auditedPageChange(
          deps,
          ctx,
          "callbacks.resumed",
          (tx) => resumeTokenCallbacks(tx, token.id),
          (done) => (done ? token.name : undefined),
        );
        // A second click (or another owner's) finds it sent already: the page as it is, without a confirmation.
        if (!resumed) return redirectTo(ctx.state, ctx.request, requestsUrl(token.id));
        await wakeCallbackSenders(db);
        return await redirectWithNotice(db, ctx, requestsUrl(token.id), { kind: "callbacks-resumed" });
      }),
      { parse: "none" },
    );
}
