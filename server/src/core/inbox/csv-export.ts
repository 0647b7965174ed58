// The inbox's current filter as CSV, streamed: read in keyset batches, never the whole set in memory.
import type { Queryable } from "../../db/database.ts";
import { csvLine } from "./csv-cell.ts";
import type { InboxFilter } from "./inbox-filter.ts";
import { listInboxPage } from "./inbox-page.ts";
import type { InboxRow } from "./inbox-row.ts";

const BATCH = 500;

const COLUMNS: [header: string, cell: (row: InboxRow) => unknown][] = [
  ["received_at", (row) => row.received_at],
  ["first_name", (row) => row.first_name],
  ["last_name", (row) => row.last_name],
  ["phone", (row) => row.phone],
  ["phone_display", (row) => row.phone_display],
  ["email", (row) => row.email],
  ["source", (row) => row.source],
  ["source_original", (row) => row.source_original],
  ["source_campaign", (row) => row.source_campaign],
  ["property_ref", (row) => row.property_ref],
  ["platform", (row) => row.platform],
  ["external_lead_id", (row) => row.external_lead_id],
  ["channel", (row) => row.channel_name],
  ["test", (row) => row.test],
  ["consent", (row) => (row.consent_present ? "present" : "missing")],
  ["call_eligible", (row) => row.call_eligible],
  ["not_called_reason", (row) => row.not_called_reason],
  ["response_state", (row) => row.response_state],
  ["respond_by", (row) => row.respond_by],
  ["lead_id", (row) => row.id],
];

/**
 * Chunks of whole CSV lines (the header first), newest lead first, the same rows the inbox shows for `filter`.
 *
 * @example
 * const lines = exportInboxCsv(db, accountId, { test: false });
 * return new Response(ReadableStream.from(lines), { headers: { "content-type": "text/csv; charset=utf-8" } });
 */
export async function* exportInboxCsv(
  db: Queryable,
  accountId: string,
  filter: InboxFilter = {},
): AsyncGenerator<string> {
  yield csvLine(COLUMNS.map(([header]) => header));
  let cursor: string | undefined;
  do {
    const page = await listInboxPage(db, accountId, filter, { cursor, limit: BATCH });
    if (page.rows.length > 0)
      yield page.rows.map((row) => csvLine(COLUMNS.map(([, cell]) => cell(row)))).join("");
    cursor = page.nextCursor;
  } while (cursor);
}
