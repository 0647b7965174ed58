// The latest rows of a list a page shows, and how many older ones it leaves out: a bound on what one page reads.
import type { Queryable } from "./database.ts";

export interface LatestRows<Row> {
  /** Oldest first. */
  rows: Row[];
  /** Rows older than those read. */
  earlier: number;
}

/**
 * `sql` selects the rows newest first, limited, each with `count(*) over () as total`.
 *
 * @example await latestRows(q, "select at, count(*) over () as total from t where lead_id = $1 order by at desc limit 50", [id])
 */
export async function latestRows<Row>(
  q: Queryable,
  sql: string,
  params: unknown[],
): Promise<LatestRows<Row>> {
  const rows = await q.query<Row & { total: number | string }>(sql, params);
  return {
    rows: [...rows].reverse(),
    earlier: rows.length === 0 ? 0 : Number(rows[0]!.total) - rows.length,
  };
}
