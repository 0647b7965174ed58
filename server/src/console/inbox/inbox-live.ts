// What the inbox pages need beyond the database: the live feed, the dispatcher's wake-up and the server's shutdown.
import type { LeadFeed } from "../../core/leads/lead-feed.ts";
import type { StreamSlots } from "./stream-slots.ts";

export interface InboxLive {
  /** The process's lead feed (main.ts: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
  feed: LeadFeed;
  /** Tells this process's dispatcher a task is due now ("hand off again"); its poll finds it anyway. */
  wakeDispatcher: () => void;
  /** Aborted when the server shuts down: every open stream ends so the server can stop. */
  closing: AbortSignal;
  /** Caps on open streams (per session, per process); the defaults when absent. */
  streamSlots?: StreamSlots;
}
