// What the inbox pages need beyond the database: the live feed, the lead changes and the server's shutdown.
import type { LeadChangeBus } from "../../core/leads/lead-change-bus.ts";
import type { LeadFeed } from "../../core/leads/lead-feed.ts";
import type { StreamSlots } from "./stream-slots.ts";

export interface InboxLive {
  /** The process's lead feed (main.ts: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
  feed: LeadFeed;
  /** Told of what an owner changes ("hand off again", do not call): the dispatcher wakes, open inboxes refresh. */
  leadChanges: LeadChangeBus;
  /** Aborted when the server shuts down: every open stream ends so the server can stop. */
  closing: AbortSignal;
  /** Caps on open streams (per session, per process); the defaults when absent. */
  streamSlots?: StreamSlots;
}
