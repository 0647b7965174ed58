// The account's do-not-call list as CSV, a thousand numbers at a time: every cell neutralised against formulas.
import type { Queryable } from "../../db/database.ts";
import { csvLine } from "../inbox/csv-cell.ts";
import { allNumbers } from "./listed-numbers.ts";

/**
 * Header, then one line per number, newest first; times in UTC (ISO 8601).
 *
 * @example new Response(textStream(exportDncCsv(db, accountId)))
 */
export async function* exportDncCsv(db: Queryable, accountId: string): AsyncGenerator<string> {
  yield csvLine(["phone", "added_at", "via", "by", "note"]);
  for await (const numbers of allNumbers(db, accountId)) {
    yield numbers.map((n) => csvLine([n.phone, n.added_at, n.via, n.actor, n.note])).join("");
  }
}
