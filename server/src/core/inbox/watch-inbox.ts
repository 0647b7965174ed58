// The live inbox as an async iterable: a catch-up since the client's cursor, then every change the feed announces.
import type { Queryable } from "../../db/database.ts";
import type { LeadFeed } from "../leads/lead-feed.ts";
import { changesSince, type LeadChanges, OVERLAP_MS } from "./changes-since.ts";
import type { InboxFilter } from "./inbox-filter.ts";

/** A safety net under the notifications: a lost NOTIFY delays a change by at most this. */
export const WATCH_POLL_MS = 5_000;

export interface WatchOptions {
  db: Queryable;
  feed: LeadFeed;
  accountId: string;
  /** The cursor of the last batch the client received (an SSE Last-Event-ID); absent: from now. */
  cursor?: string;
  filter?: InboxFilter;
  /** Ends the iteration (the client went away). */
  signal?: AbortSignal;
  pollMs?: number;
}

/**
 * Yields only batches with rows. Rows already sent at the same updated_at are not sent again, so the
 * overlap window costs queries, not traffic; a client should still upsert rows by id.
 *
 * @example
 * for await (const { rows, cursor } of watchInbox({ db, feed, accountId, cursor: lastEventId, signal })) {
 *   stream.write(`id: ${cursor}\ndata: ${JSON.stringify(rows)}\n\n`);
 * }
 */
export async function* watchInbox(options: WatchOptions): AsyncGenerator<LeadChanges> {
  const { db, feed, accountId, filter, signal } = options;
  const pollMs = options.pollMs ?? WATCH_POLL_MS;
  let cursor = options.cursor;
  let changed = true;
  let wake: (() => void) | undefined;
  const poke = () => {
    changed = true;
    wake?.();
  };
  const unsubscribe = await feed.subscribe(accountId, poke);
  signal?.addEventListener("abort", poke);
  /** lead id → updated_micros last sent, kept for the overlap window. */
  const sent = new Map<string, bigint>();
  try {
    while (!signal?.aborted) {
      if (changed) {
        changed = false;
        for await (const batch of changesSince(db, accountId, cursor, filter)) {
          cursor = batch.cursor;
          const fresh = batch.rows.filter((row) => sent.get(row.id) !== BigInt(row.updated_micros));
          for (const row of fresh) sent.set(row.id, BigInt(row.updated_micros));
          if (fresh.length > 0) yield { rows: fresh, cursor };
        }
        forgetOlderThanOverlap(sent, cursor);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          changed = true;
          resolve();
        }, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener("abort", poke);
  }
}

function forgetOlderThanOverlap(sent: Map<string, bigint>, cursor: string | undefined) {
  const micros = cursor ? BigInt(cursor.slice(0, cursor.indexOf("."))) : 0n;
  const horizon = micros - BigInt(OVERLAP_MS) * 1000n;
  for (const [id, updated] of sent) if (updated < horizon) sent.delete(id);
}
