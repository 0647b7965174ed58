// Tells subscribers, per account, that leads changed: in-process at once, and NOTIFY after the commit to other processes on PostgreSQL.
import type { Queryable } from "../../db/database.ts";
import type { ListenFn } from "../../db/listen.ts";
import { notifyChannel } from "../../db/notify-channel.ts";
import { describeError, type Logger } from "../../logger.ts";
import { accountsOf, type LeadChangeListener } from "./lead-change-bus.ts";

/** The channel every process sends and listens on; the payload is `<sender>|` and a comma-separated list of account ids. */
const LEAD_CHANGE_CHANNEL = "stl_lead_changes";
/** NOTIFY payloads must stay under 8000 bytes: about 200 account ids each. */
const MAX_PAYLOAD = 7_000;

export interface LeadFeed {
  /**
   * Leads of these accounts were stored or changed, and that is COMMITTED. Call after the commit, never
   * inside a transaction: a NOTIFY inside the intake's transaction serialises commits (migration 0003).
   * Calls within the coalescing interval become one notification.
   */
  publish(...accountIds: string[]): void;
  /** `onChange` runs (coalesced) after changes in this account, from any process on the database. */
  subscribe(accountId: string, onChange: () => void): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * This process's own subscribers hear its changes without a database round trip; other processes
 * hear them through NOTIFY, and this one skips its own notifications when they come back.
 *
 * @param options.listen LISTEN on PostgreSQL (bunSqlListen(url)); absent on PGlite, whose one process
 *   is the only writer, and behind a transaction pooler without a direct URL (subscribers then poll).
 * @param options.notify NOTIFY other processes (PostgreSQL); by default when listening. NOTIFY works
 *   through a transaction pooler, so a process that cannot LISTEN still tells those that can.
 * @example const feed = createLeadFeed({ db, logger, listen: url ? bunSqlListen(url) : undefined });
 */
export function createLeadFeed(options: {
  db: Queryable;
  logger: Logger;
  listen?: ListenFn;
  notify?: boolean;
  coalesceMs?: number;
}): LeadFeed {
  const { db, logger, listen } = options;
  const channel = notifyChannel(LEAD_CHANGE_CHANNEL, { db, listen, logger });
  const notify = options.notify ?? listen !== undefined;
  const sender = crypto.randomUUID().slice(0, 8);
  const coalesceMs = options.coalesceMs ?? 20;
  const subscribers = new Map<string, Set<() => void>>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> = Promise.resolve();
  let listening: Promise<(() => Promise<void>) | undefined> | undefined;
  let closed = false;

  const deliver = (accountIds: Iterable<string>) => {
    for (const accountId of accountIds) {
      for (const onChange of subscribers.get(accountId) ?? []) {
        try {
          onChange();
        } catch (error) {
          logger.warn("lead feed subscriber failed", describeError(error));
        }
      }
    }
  };

  const flush = () => {
    timer = undefined;
    const accountIds = [...pending];
    pending.clear();
    deliver(accountIds);
    if (!notify) return;
    sending = sending.then(async () => {
      for (const payload of payloads(sender, accountIds)) await channel.notify(payload);
    });
  };

  return {
    publish(...accountIds) {
      if (closed || accountIds.length === 0) return;
      for (const accountId of accountIds) pending.add(accountId);
      timer ??= setTimeout(flush, coalesceMs);
    },
    async subscribe(accountId, onChange) {
      const set = subscribers.get(accountId) ?? new Set();
      subscribers.set(accountId, set);
      set.add(onChange);
      if (listen)
        listening ??= channel.listen((payload) => {
          const [from, accountIds] = payload.split("|");
          if (from !== sender && accountIds) deliver(accountIds.split(","));
        });
      // Subscribers still catch up on their poll when LISTEN failed; the next subscribe tries again.
      if (listening && !(await listening)) listening = undefined;
      return () => {
        set.delete(onChange);
        if (set.size === 0) subscribers.delete(accountId);
      };
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await sending;
      const unlisten = await listening;
      await unlisten?.().catch(() => undefined);
    },
  };
}

/**
 * The feed as a listener of the lead changes: every change tells its accounts' inboxes.
 *
 * @example leadChanges.subscribe(publishLeadChanges(feed));
 */
export const publishLeadChanges =
  (feed: LeadFeed): LeadChangeListener =>
  (change) =>
    feed.publish(...accountsOf(change));

function* payloads(sender: string, accountIds: string[]): Generator<string> {
  let batch: string[] = [];
  for (const id of accountIds) {
    if ((batch.length + 1) * 37 > MAX_PAYLOAD) {
      yield `${sender}|${batch.join(",")}`;
      batch = [];
    }
    batch.push(id);
  }
  if (batch.length > 0) yield `${sender}|${batch.join(",")}`;
}
