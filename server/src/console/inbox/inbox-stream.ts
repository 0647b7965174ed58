// The inbox's server-sent events: rendered rows of the account's changed leads, resumable with Last-Event-ID.

import { findSession } from "../../core/accounts/session-store.ts";
import type { InboxFilter } from "../../core/inbox/inbox-filter.ts";
import { isFiltered, matchingLeadIds } from "../../core/inbox/matching-leads.ts";
import { watchInbox } from "../../core/inbox/watch-inbox.ts";
import type { Database } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";
import { parseCookies } from "../kit/cookies.ts";
import { type OwnerContext, SESSION_COOKIE } from "../kit/owner-guard.ts";
import type { InboxLive } from "./inbox-live.ts";
import { LeadRow } from "./lead-row.tsx";

/** How often an open stream checks that its session still lives (sign-out elsewhere, expiry) and pings. */
export const SESSION_CHECK_MS = 10_000;
/** The browser's wait before reconnecting after a drop. */
const RETRY_MS = 1_000;

/**
 * Each event is `leads`, its data `{ rows: <tr> strings, gone: lead ids that no longer match the filter }` as
 * JSON (one line: JSON escapes every line break), its id the feed cursor. The browser upserts rows by lead
 * id, so a catch-up overlap never duplicates one.
 */
export function inboxStream(
  db: Database,
  logger: Logger,
  live: InboxLive,
  ctx: OwnerContext,
  filter: InboxFilter,
  cursor: string | undefined,
): Response {
  const stop = new AbortController();
  const end = () => stop.abort();
  live.closing.addEventListener("abort", end);
  ctx.request.signal.addEventListener("abort", end);
  const secret = parseCookies(ctx.request.headers.get("cookie"))[SESSION_COOKIE] ?? "";
  const encoder = new TextEncoder();

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(text));
      };
      const check = setInterval(async () => {
        const session = await findSession(db, secret, { touch: false }).catch(() => undefined);
        if (!session) end();
        else send(": ping\n\n");
      }, SESSION_CHECK_MS);
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      try {
        // Every change of the account, then sorted by the filter: a shown row that stops matching (a lead
        // handed off on a "pending" page) is taken off the page rather than left stale.
        const filtered = isFiltered(filter);
        const changes = watchInbox({
          db,
          feed: live.feed,
          accountId: ctx.session.accountId,
          cursor,
          signal: stop.signal,
        });
        for await (const batch of changes) {
          const ids = batch.rows.map((row) => row.id);
          const matching = filtered
            ? await matchingLeadIds(db, ctx.session.accountId, filter, ids)
            : new Set(ids);
          const now = new Date();
          const rows = batch.rows
            .filter((row) => matching.has(row.id))
            .map((row) => LeadRow({ lang: ctx.lang, t: ctx.t, row, now }) as string);
          const gone = ids.filter((id) => !matching.has(id));
          send(`id: ${batch.cursor}\nevent: leads\ndata: ${JSON.stringify({ rows, gone })}\n\n`);
        }
      } catch (error) {
        // The browser reconnects with its Last-Event-ID and catches up from there.
        if (!stop.signal.aborted) logger.warn("inbox stream failed", describeError(error));
      } finally {
        clearInterval(check);
        live.closing.removeEventListener("abort", end);
        ctx.request.signal.removeEventListener("abort", end);
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      }
    },
    cancel: end,
  });
  ctx.state.status = 200;
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
      "x-request-id": ctx.state.requestId,
    },
  });
}
