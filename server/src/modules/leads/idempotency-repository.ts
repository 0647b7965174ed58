// SQL of the idempotency_keys table: claim a key, read what an earlier request stored, record the response.
import type { Queryable } from "../../db/database.ts";

export interface IdempotencyRecord {
  fingerprint: string;
  lead_id: string | null;
  response_status: number | null;
  response_body: string | null;
}

/**
 * Claims (account, key) for this transaction. When another open transaction holds the key, PostgreSQL
 * makes this statement wait for it to end; that wait is what keeps concurrent retries from creating two
 * leads. Returns false when the key was already used.
 */
export async function claimIdempotencyKey(
  q: Queryable,
  accountId: string,
  key: string,
  fingerprint: string,
  createdAt: Date,
): Promise<boolean> {
  const rows = await q.query(
    `insert into idempotency_keys (account_id, key, fingerprint, created_at) values ($1, $2, $3, $4)
     on conflict (account_id, key) do nothing returning key`,
    [accountId, key, fingerprint, createdAt],
  );
  return rows.length === 1;
}

export async function findIdempotencyRecord(
  q: Queryable,
  accountId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await q.query<IdempotencyRecord>(
    "select fingerprint, lead_id, response_status, response_body from idempotency_keys where account_id = $1 and key = $2",
    [accountId, key],
  );
  return row;
}

/** Stores the exact bytes of the first response, replayed byte for byte on a retry. */
export async function recordIdempotentResponse(
  q: Queryable,
  accountId: string,
  key: string,
  response: { leadId: string; status: number; body: string },
): Promise<void> {
  await q.query(
    "update idempotency_keys set lead_id = $3, response_status = $4, response_body = $5 where account_id = $1 and key = $2",
    [accountId, key, response.leadId, response.status, response.body],
  );
}
