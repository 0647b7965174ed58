// A lead's evidence log as stored (migration 0035): its entries in order, entry 1 read from the lead row until a repeat wrote it.
import type { Queryable } from "../../db/database.ts";

/** One link of the chain: `hash` = SHA-256 of UTF-8 (`prev` + "\n" + `body`), hex. */
export interface EvidenceEntry {
  seq: number;
  /** The exact JSON text hashed: {"at", "data", "kind", "seq"}. */
  body: string;
  prev: string;
  hash: string;
}

/** The most entries one record carries: a bound on what a read loads; the record says its as-of point. */
export const MAX_RECORD_ENTRIES = 2_000;

/** The hash before entry 1. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * Entries 1…n, oldest first, at most `limit`. Entry 1 is computed from the lead row by the same SQL
 * function the triggers hashed it with, unless a repeat already wrote it from the row as it was.
 *
 * @example const entries = await readEvidenceLog(db, lead.id);
 */
export async function readEvidenceLog(
  db: Queryable,
  leadId: string,
  limit = MAX_RECORD_ENTRIES,
): Promise<EvidenceEntry[]> {
  const rows = await db.query<EvidenceEntry>(
    `select 1 as seq, b.body, '${GENESIS_HASH}' as prev,
       encode(evidence_hash(decode('${GENESIS_HASH}', 'hex'), b.body), 'hex') as hash
     from leads l cross join lateral (select evidence_received_body(l) as body) b
     where l.id = $1 and not exists (select 1 from lead_evidence e where e.lead_id = $1 and e.seq = 1)
     union all
     select * from (
       select seq, body, encode(prev, 'hex') as prev, encode(hash, 'hex') as hash
       from lead_evidence where lead_id = $1 order by seq limit $2
     ) stored
     order by seq limit $2`,
    [leadId, limit],
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}
