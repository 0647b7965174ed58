// The lead inbox's services: pages, detail, hand off again, CSV export and the live feed (plain data, no HTTP).

export { changesSince, feedCursorAt, type LeadChanges, OVERLAP_MS } from "./changes-since.ts";
export { exportInboxCsv } from "./csv-export.ts";
export type { AttemptEntry } from "./handoff-attempts.ts";
export { type HandOffAgainResult, handOffAgain, type RetryEntry } from "./handoff-retries.ts";
export type { InboxFilter } from "./inbox-filter.ts";
export { DEFAULT_PAGE_SIZE, type InboxPage, listInboxPage, MAX_PAGE_SIZE } from "./inbox-page.ts";
export type { InboxRow } from "./inbox-row.ts";
export { getLeadDetail, type LeadDetail } from "./lead-detail.ts";
export { createLeadFeed, LEAD_CHANGE_CHANNEL, type LeadFeed } from "./lead-feed.ts";
export type { RepeatEntry } from "./repeat-history.ts";
export { type WatchOptions, watchInbox } from "./watch-inbox.ts";
