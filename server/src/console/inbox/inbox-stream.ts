// The inbox's server-sent events: rendered rows of the account's changed leads, resumable with Last-Event-ID,
// produced only as fast as the client reads them.

import { findSession } from "../../core/accounts/session-store.ts";
import { changedMoreThan } from "../../core/inbox/changes-since.ts";
import type { InboxFilter } from "../../core/inbox/inbox-filter.ts";
import type { InboxRow } from "../../core/inbox/inbox-row.ts";
import { isFiltered, matchingLeadIds } from "../../core/inbox/matching-leads.ts";
import { watchInbox } from "../../core/inbox/watch-inbox.ts";
import type { Database } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";
import type { OwnerContext } from "../kit/owner-guard.ts";
import type { InboxLive } from "./inbox-live.ts";
import { LeadRow } from "./lead-row.tsx";

/** How often an open stream checks that its session still lives (sign-out elsewhere, expiry) and pings. */
export const SESSION_CHECK_MS = 10_000;
/** The browser's wait before reconnecting after a drop. */
const RETRY_MS = 1_000;
/** Changed leads a reconnecting client may catch up on; further behind, it gets `reload` (a fresh page). */
const CATCH_UP_MAX_ROWS = 500;
/**
 * An event left unread this long means the client stopped reading (a stalled tab, a hostile client): the
 * stream is dropped, and a live browser reconnects with its Last-Event-ID.
 */
const STALL_MS = 30_000;

/**
 * Each event is `leads`, its data `{ rows: <tr> strings, gone: lead ids that no longer match the filter }` as
 * JSON (one line: JSON escapes every line break), its id the feed cursor. The browser upserts rows by lead
 * id, so a catch-up overlap never duplicates one. Pull-based: the next batch is read from the database only
 * when the connection took the last one, so a client that stops reading holds one event at most.
 */
export function inboxStream(
  db: Database,
  logger: Logger,
  live: InboxLive,
  ctx: OwnerContext,
  filter: InboxFilter,
  cursor: string | undefined,
  onClose: () => void = () => undefined,
): Response {
  const stop = new AbortController();
  const end = () => stop.abort();
  live.closing.addEventListener("abort", end);
  ctx.request.signal.addEventListener("abort", end);
  const secret = ctx.sessionSecret;
  const encoder = new TextEncoder();
  const accountId = ctx.session.accountId;
  const filtered = isFiltered(filter);
  // Every change of the account, then sorted by the filter: a shown row that stops matching (a lead handed
  // off on a "pending" page) is taken off the page rather than left stale.
  const changes = watchInbox({ db, feed: live.feed, accountId, cursor, signal: stop.signal });
  let pendingBatch: ReturnType<typeof changes.next> | undefined;
  let caughtUp = cursor === undefined;
  let pulling = false;
  let deliveredAt = Date.now();
  let closed = false;
  let stallCheck: ReturnType<typeof setInterval> | undefined;

  const finish = () => {
    if (closed) return;
    closed = true;
    end();
    clearInterval(stallCheck);
    live.closing.removeEventListener("abort", end);
    ctx.request.signal.removeEventListener("abort", end);
    void changes.return(undefined);
    onClose();
  };

  async function render(rows: InboxRow[]) {
    const ids = rows.map((row) => row.id);
    const matching = filtered ? await matchingLeadIds(db, accountId, filter, ids) : new Set(ids);
    const now = new Date();
    const shown = rows
      .filter((row) => matching.has(row.id))
      .map((row) => LeadRow({ lang: ctx.lang, t: ctx.t, row, now }) as string);
    return { rows: shown, gone: ids.filter((id) => !matching.has(id)) };
  }

  /** The next event's text, waiting for a change or the next session check; undefined ends the stream. */
  async function nextEvent(): Promise<string | undefined> {
    if (!caughtUp) {
      caughtUp = true;
      if (await changedMoreThan(db, accountId, cursor, CATCH_UP_MAX_ROWS))
        return "event: reload\ndata: {}\n\n";
    }
    pendingBatch ??= changes.next();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = new Promise<"tick">((resolve) => {
      timer = setTimeout(() => resolve("tick"), SESSION_CHECK_MS);
    });
    const next = await Promise.race([pendingBatch, tick]);
    clearTimeout(timer);
    if (next === "tick") {
      const session = await findSession(db, secret, { touch: false }).catch(() => undefined);
      return session ? ": ping\n\n" : undefined;
    }
    pendingBatch = undefined;
    if (next.done) return undefined;
    const data = await render(next.value.rows);
    return `id: ${next.value.cursor}\nevent: leads\ndata: ${JSON.stringify(data)}\n\n`;
  }

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n: connected\n\n`));
        stallCheck = setInterval(() => {
          if (pulling || closed || Date.now() - deliveredAt < STALL_MS) return;
          finish();
          controller.error(new Error("the client stopped reading"));
        }, STALL_MS / 3);
      },
      async pull(controller) {
        pulling = true;
        try {
          const text = stop.signal.aborted ? undefined : await nextEvent();
          if (closed) return;
          if (text === undefined || stop.signal.aborted) {
            finish();
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(text));
          deliveredAt = Date.now();
        } catch (error) {
          // The browser reconnects with its Last-Event-ID and catches up from there.
          if (!stop.signal.aborted) logger.warn("inbox stream failed", describeError(error));
          finish();
          try {
            controller.close();
          } catch {}
        } finally {
          pulling = false;
        }
      },
      cancel: finish,
    },
    // Nothing is read ahead of the connection: pull() runs only when it asks for more.
    { highWaterMark: 0 },
  );
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
