// The request log's rows: one multi-row insert per flush, a token's rows by page or one by id, and the sweep.
import type { Queryable } from "../../db/database.ts";
import type { FieldShape } from "./body-shape.ts";
import type { RequestFacts } from "./request-facts.ts";

/** What the log keeps of one request that named a token. */
export interface RequestLogEntry {
  tokenId: string;
  accountId: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  problemCode: string | null;
  /** The 422's field pointers; null for any other answer. */
  pointers: string[] | null;
  latencyMs: number;
  dryRun: boolean;
  replayed: boolean;
  clientAddress: string | null;
  requestId: string;
  body: FieldShape[] | null;
  /** What the integration doctor reads (request-facts.ts); the pages and the API do not show it. */
  facts?: RequestFacts;
}

/** A stored row, as the API and the console read it. */
export interface RequestLogRow extends RequestLogEntry {
  id: string;
}

// The rows travel as one JSON parameter: one statement text whatever the flush's size (one plan per connection).
const INSERT_SQL = `insert into request_log (token_id, account_id, at, method, path, status, problem_code, pointers,
    latency_ms, dry_run, replayed, client_address, request_id, body, idempotency_key, lead_id, consent_lag_s,
    clock_skew_s, bot_check_sent)
  select token_id, account_id, at, method, path, status, problem_code,
    array(select jsonb_array_elements_text(pointers)), latency_ms, dry_run, replayed, client_address, request_id, body,
    idempotency_key, lead_id, consent_lag_s, clock_skew_s, bot_check_sent
  from jsonb_to_recordset($1::text::jsonb) as r(token_id uuid, account_id uuid, at timestamptz, method text,
    path text, status smallint, problem_code text, pointers jsonb, latency_ms real, dry_run boolean,
    replayed boolean, client_address text, request_id text, body jsonb, idempotency_key boolean, lead_id uuid,
    consent_lag_s integer, clock_skew_s integer, bot_check_sent boolean)`;

/**
 * @example await insertRequestLogEntries(db, entries); // one statement, one commit
 */
export async function insertRequestLogEntries(q: Queryable, entries: RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    token_id: entry.tokenId,
    account_id: entry.accountId,
    at: entry.at.toISOString(),
    method: entry.method,
    path: entry.path,
    status: entry.status,
    problem_code: entry.problemCode,
    pointers: entry.pointers,
    latency_ms: entry.latencyMs,
    dry_run: entry.dryRun,
    replayed: entry.replayed,
    client_address: entry.clientAddress,
    request_id: entry.requestId,
    body: entry.body,
    idempotency_key: entry.facts?.idempotencyKey ?? null,
    lead_id: entry.facts?.leadId ?? null,
    consent_lag_s: entry.facts?.consentLagSeconds ?? null,
    clock_skew_s: entry.facts?.clockSkewSeconds ?? null,
    bot_check_sent: entry.facts?.botCheckSent ?? null,
  }));
  await q.query(INSERT_SQL, [JSON.stringify(rows)]);
}

/** Narrows a token's rows: an exact status, or a status class ("4xx"), and a problem code. */
export interface RequestLogFilter {
  status?: number | `${1 | 2 | 3 | 4 | 5}xx`;
  problemCode?: string;
  /** Rows older than this id (the cursor of the previous page). */
  before?: string;
}

interface StoredRow {
  id: string | number;
  token_id: string;
  account_id: string;
  at: Date | string;
  method: string;
  path: string;
  status: number;
  problem_code: string | null;
  pointers: string[] | null;
  latency_ms: number;
  dry_run: boolean;
  replayed: boolean;
  client_address: string | null;
  request_id: string;
  body: FieldShape[] | null;
}

const COLUMNS = `id, token_id, account_id, at, method, path, status, problem_code, pointers, latency_ms, dry_run,
  replayed, client_address, request_id, body`;

const rowOf = (row: StoredRow): RequestLogRow => ({
  id: String(row.id),
  tokenId: row.token_id,
  accountId: row.account_id,
  at: new Date(row.at),
  method: row.method,
  path: row.path,
  status: Number(row.status),
  problemCode: row.problem_code,
  pointers: row.pointers,
  latencyMs: Number(row.latency_ms),
  dryRun: row.dry_run,
  replayed: row.replayed,
  clientAddress: row.client_address,
  requestId: row.request_id,
  body: row.body,
});

/**
 * One page of a token's rows, newest first, and the cursor of the next (undefined on the last page). Every
 * lookup is scoped by token and account: another token's rows are never read.
 *
 * @example const { rows, next } = await requestLogPage(db, { tokenId, accountId }, { status: "4xx" }, 50);
 */
export async function requestLogPage(
  q: Queryable,
  owner: { tokenId: string; accountId: string },
  filter: RequestLogFilter,
  limit: number,
): Promise<{ rows: RequestLogRow[]; next: string | undefined }> {
  const params: unknown[] = [owner.tokenId, owner.accountId];
  const where = ["token_id = $1", "account_id = $2"];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (typeof filter.status === "number") add((n) => `status = ${n}`, filter.status);
  else if (filter.status) {
    const floor = Number(filter.status[0]) * 100;
    add((n) => `status >= ${n}`, floor);
    add((n) => `status < ${n}`, floor + 100);
  }
  if (filter.problemCode) add((n) => `problem_code = ${n}`, filter.problemCode);
  if (filter.before) add((n) => `id < ${n}`, filter.before);
  params.push(limit + 1);
  const rows = await q.query<StoredRow>(
    `select ${COLUMNS} from request_log where ${where.join(" and ")} order by id desc limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit).map(rowOf);
  return { rows: page, next: rows.length > limit ? page.at(-1)?.id : undefined };
}

/** @example const row = await findRequestLogRow(db, { tokenId, accountId }, "42"); // undefined: not this token's */
export async function findRequestLogRow(
  q: Queryable,
  owner: { tokenId: string; accountId: string },
  id: string,
): Promise<RequestLogRow | undefined> {
  const [row] = await q.query<StoredRow>(
    `select ${COLUMNS} from request_log where token_id = $1 and account_id = $2 and id = $3`,
    [owner.tokenId, owner.accountId, id],
  );
  return row && rowOf(row);
}

/** Rows deleted per statement: short statements, few row locks, whoever else sweeps at once. */
const SWEEP_BATCH_ROWS = 1_000;

/**
 * Deletes rows older than `retentionDays`, and each listed token's rows past its newest `maxRowsPerToken`.
 *
 * @example const deleted = await sweepRequestLog(db, { retentionDays: 7, maxRowsPerToken: 10_000 }, tokenIds);
 */
export async function sweepRequestLog(
  q: Queryable,
  bounds: { retentionDays: number; maxRowsPerToken: number },
  tokenIds: string[],
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await q.query(
      `delete from request_log where ctid = any(array(
         select ctid from request_log where at < now() - make_interval(days => $1) limit ${SWEEP_BATCH_ROWS}))
       returning 1`,
      [bounds.retentionDays],
    );
    deleted += rows.length;
    if (rows.length < SWEEP_BATCH_ROWS) break;
  }
  // The delivery log of status callbacks is kept as long.
  deleted += (
    await q.query("delete from callback_attempts where at < now() - make_interval(days => $1) returning 1", [
      bounds.retentionDays,
    ])
  ).length;
  for (const tokenId of tokenIds) {
    // The id of the newest row past the cap: it and every older row of the token go.
    const rows = await q.query(
      `delete from request_log where token_id = $1 and id <= (
         select id from request_log where token_id = $1 order by id desc offset $2 limit 1)
       returning 1`,
      [tokenId, bounds.maxRowsPerToken],
    );
    deleted += rows.length;
  }
  return deleted;
}
