// The inbox pages: the list (filters, keyset pages), its live stream, the CSV export, the detail view,
// "hand off again", "add to do-not-call" from a lead, and its evidence record as a download. Every query is scoped by the session's account; another
// account's lead is the 404 page.
/// <reference path="../../file-imports.d.ts" />
import { Elysia } from "elysia";
import { numberStanding } from "../../core/dnc/number-standing.ts";
import { addToList } from "../../core/dnc/service.ts";
import { evidenceRecord } from "../../core/handoff/evidence-record.ts";
import { handOffAgain } from "../../core/handoff/handoff-retries.ts";
import { accountHasLeads, channelOptions, ownerEmails } from "../../core/inbox/account-directory.ts";
import { feedCursorAt } from "../../core/inbox/changes-since.ts";
import { exportInboxCsv } from "../../core/inbox/csv-export.ts";
import { listInboxPage } from "../../core/inbox/inbox-page.ts";
import { getLeadDetail } from "../../core/inbox/lead-detail.ts";
import { findLeadById } from "../../core/leads/lead-status-repository.ts";
import { releaseLead } from "../../core/leads/quarantine.ts";
import { problemResponse } from "../../http/respond.ts";
import type { ConsoleAsset } from "../kit/assets.ts";
import type { Translate } from "../kit/dictionary.ts";
import { field } from "../kit/form.ts";
import { type ConsoleNotice, redirectWithNotice, takePageNotice } from "../kit/notices.ts";
import { type ConsoleDeps, notFoundPage, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage } from "../kit/page-response.ts";
// A file import: `bun build --compile` embeds it; from source it is its path on disk.
import inboxJs from "./inbox.js" with { type: "file" };
import type { InboxLive } from "./inbox-live.ts";
import { InboxPage } from "./inbox-page.tsx";
import { readInboxQuery, toInboxFilter } from "./inbox-query.ts";
import { inboxStream, SESSION_CHECK_MS } from "./inbox-stream.ts";
import { LeadDetailPage, type LeadDetailPageProps } from "./lead-detail-page.tsx";
import { DNC_NOTE_MAX, LeadDncPage } from "./lead-dnc-page.tsx";
import { createStreamSlots } from "./stream-slots.ts";
import { textStream } from "./text-stream.ts";

/** The inbox page's script, served with the console's assets. */
export const INBOX_ASSETS: Record<string, ConsoleAsset> = {
  "inbox.js": { path: inboxJs, type: "text/javascript" },
};

const searchOf = (ctx: OwnerContext) => new URL(ctx.request.url).searchParams;

/** The one-time notice a lead's form left (do-not-call, hand off again), in words. */
function leadNotice(t: Translate, posted: ConsoleNotice | undefined): LeadDetailPageProps["notice"] {
  if (posted?.kind === "dnc-added") return { kind: "ok", text: t("lead.dnc.added", { phone: posted.phone }) };
  if (posted?.kind === "lead-released")
    return { kind: posted.outcome === "done" ? "ok" : "error", text: t(`lead.quarantine.${posted.outcome}`) };
  if (posted?.kind !== "handed-off-again") return undefined;
  return posted.outcome === "ok"
    ? { kind: "ok", text: t("lead.retry.done") }
    : { kind: "error", text: t(`lead.retry.${posted.outcome}`) };
}

export function inboxPages(deps: ConsoleDeps, live: InboxLive) {
  const { db } = deps;
  const streamSlots = live.streamSlots ?? createStreamSlots();

  return new Elysia({ name: "inbox-pages" })
    .get(
      "/console/inbox",
      ownerPage(deps, async (ctx) => {
        const params = searchOf(ctx);
        const query = readInboxQuery(params);
        const cursor = params.get("cursor") ?? undefined;
        const now = new Date();
        const [page, channels] = await Promise.all([
          listInboxPage(db, ctx.session.accountId, toInboxFilter(query), { cursor }),
          channelOptions(db, ctx.session.accountId),
        ]);
        const newAccount = page.rows.length === 0 && !(await accountHasLeads(db, ctx.session.accountId));
        const html = InboxPage({
          ...ctx,
          query,
          channels,
          rows: page.rows,
          nextCursor: page.nextCursor,
          paged: cursor !== undefined,
          streamCursor: feedCursorAt(now),
          now,
          newAccount,
        }) as string;
        return htmlPage(ctx.state, html);
      }),
    )
    .get(
      "/console/inbox/events",
      ownerPage(deps, (ctx) => {
        const params = searchOf(ctx);
        const filter = toInboxFilter(readInboxQuery(params));
        // A reconnecting browser says where it stopped; a fresh one starts at its page's read time.
        const cursor = ctx.request.headers.get("last-event-id") || params.get("cursor") || undefined;
        const session = ctx.sessionSecret;
        const release = streamSlots.take(session, ctx.session.accountId);
        if (!release)
          return problemResponse(ctx.state, "rate_limited", { retryAfterSeconds: SESSION_CHECK_MS / 1000 });
        return inboxStream(db, deps.logger, live, ctx, filter, cursor, release);
      }),
    )
    .get(
      "/console/inbox/export.csv",
      ownerPage(deps, (ctx) => {
        const filter = toInboxFilter(readInboxQuery(searchOf(ctx)));
        const day = new Date().toISOString().slice(0, 10);
        ctx.state.status = 200;
        return new Response(textStream(exportInboxCsv(db, ctx.session.accountId, filter)), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="leads-${day}.csv"`,
            "cache-control": "no-store",
            "x-content-type-options": "nosniff",
            "x-request-id": ctx.state.requestId,
          },
        });
      }),
    )
    .get(
      "/console/inbox/:id/evidence.json",
      ownerPage(deps, async (ctx) => {
        const lead = await findLeadById(db, ctx.session.accountId, ctx.params.id ?? "");
        if (!lead) return notFoundPage(ctx);
        ctx.state.status = 200;
        // The same document and signature as GET /api/speed-to-lead/leads/{id}/evidence.
        return new Response(JSON.stringify(await evidenceRecord(db, lead, await deps.evidenceKey())), {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-disposition": `attachment; filename="lead-${lead.id}-evidence.json"`,
            "cache-control": "no-store",
            "x-content-type-options": "nosniff",
            "x-request-id": ctx.state.requestId,
          },
        });
      }),
    )
    .get(
      "/console/inbox/:id",
      ownerPage(deps, async (ctx) => {
        const detail = await getLeadDetail(db, ctx.session.accountId, ctx.params.id ?? "");
        if (!detail) return notFoundPage(ctx);
        const standing = await numberStanding(db, ctx.session.accountId, detail.phone);
        // The numbers hand-offs offered that the lead no longer has: what the assistant reported about them shows too.
        const offered = new Set(detail.handoffs.flatMap((handoff) => handoff.phone ?? []));
        offered.delete(detail.phone ?? "");
        const others = await Promise.all(
          [...offered].map((phone) => numberStanding(db, ctx.session.accountId, phone)),
        );
        const lead = {
          ...detail,
          phone_listed: standing.listed,
          dnc_history: [...standing.history, ...others.flatMap((other) => other.history)],
        };
        const now = new Date();
        const notice = leadNotice(ctx.t, await takePageNotice(db, ctx));
        const canRetry =
          lead.call_eligible &&
          lead.handoff !== null &&
          lead.handoff.status !== "delivered" &&
          lead.handoff.last_error !== null &&
          new Date(lead.respond_by) > now;
        const html = LeadDetailPage({
          ...ctx,
          lead,
          requesters: await ownerEmails(db, ctx.session.accountId),
          canRetry,
          notice,
          now,
        }) as string;
        return htmlPage(ctx.state, html);
      }),
    )
    .get(
      "/console/inbox/:id/do-not-call",
      ownerPage(deps, async (ctx) => {
        const lead = await getLeadDetail(db, ctx.session.accountId, ctx.params.id ?? "");
        if (!lead?.phone) return notFoundPage(ctx);
        const phone = lead.phone_display ?? lead.phone;
        return htmlPage(ctx.state, LeadDncPage({ ...ctx, leadId: lead.id, phone }) as string);
      }),
    )
    .post(
      "/console/inbox/:id/do-not-call",
      ownerPage(deps, async (ctx) => {
        const lead = await getLeadDetail(db, ctx.session.accountId, ctx.params.id ?? "");
        if (!lead?.phone) return notFoundPage(ctx);
        const note = field(ctx.form, "note").slice(0, DNC_NOTE_MAX);
        // The same service, "via page" and the owner as actor, as the Do not call page: one history.
        await addToList(db, {
          accountId: ctx.session.accountId,
          phone: lead.phone,
          via: "page",
          actor: ctx.owner.email,
          note: note || null,
        });
        live.leadChanges.announce({ kind: "updated", accountIds: [ctx.session.accountId] });
        const phone = lead.phone_display ?? lead.phone;
        return redirectWithNotice(db, ctx, `/console/inbox/${lead.id}`, { kind: "dnc-added", phone });
      }),
      { parse: "none" },
    )
    .post(
      "/console/inbox/:id/release",
      ownerPage(deps, async (ctx) => {
        const leadId = ctx.params.id ?? "";
        const release = await releaseLead(db, ctx.session.accountId, leadId);
        if (!release.ok && release.code === "not_found") return notFoundPage(ctx);
        if (release.ok) live.leadChanges.announce({ kind: "requeued", accountId: ctx.session.accountId });
        const outcome = release.ok ? "done" : "not_held";
        return redirectWithNotice(db, ctx, `/console/inbox/${leadId}`, { kind: "lead-released", outcome });
      }),
      { parse: "none" },
    )
    .post(
      "/console/inbox/:id/hand-off",
      ownerPage(deps, async (ctx) => {
        const leadId = ctx.params.id ?? "";
        const result = await handOffAgain(db, {
          accountId: ctx.session.accountId,
          leadId,
          ownerId: ctx.session.ownerId,
        });
        const outcome = result.ok ? "ok" : result.code;
        if (outcome === "not_found") return notFoundPage(ctx);
        if (outcome === "ok")
          live.leadChanges.announce({ kind: "requeued", accountId: ctx.session.accountId });
        return redirectWithNotice(db, ctx, `/console/inbox/${leadId}`, { kind: "handed-off-again", outcome });
      }),
      { parse: "none" },
    );
}
