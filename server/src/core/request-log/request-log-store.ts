// The request log's rows: one multi-row insert per flush, a token's rows by page or one by id, and the sweep.
import type { Queryable } from "../../db/database.ts";
import { type FieldShape, parseShapeText } from "./body-shape.ts";
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
  /** The posted body's shape as stored (shapeText); null when nothing was read. */
  body: string | null;
  /** What the integration doctor reads (request-facts.ts); the pages and the API do not show it. */
  facts?: RequestFacts;
}

/** A stored row, as the API and the console read it: the body's shape one object per field. */
export interface RequestLogRow extends Omit<RequestLogEntry, "body"> {
  id: string;
  body: FieldShape[] | null;
}

// The shapes travel as one text, split on a character no shape holds (string_to_array reads it for a fraction of
// an array literal's parse); '-', never a shape, stands for none. The text starts with a separator and its first
// (empty) element is dropped: a lone empty shape would otherwise split into no element at all.
const BODY_SEPARATOR = "chr(30)";

// A flush is one statement whatever its size (one plan per connection): a typed array per column, unnested.
// PostgreSQL parses arrays of plain values for a fraction of what it spends on a JSON document of the same rows.
const INSERT_SQL = `insert into request_log (token_id, account_id, at, method, path, status, problem_code, pointers,
    latency_ms, dry_run, replayed, client_address, request_id, body, idempotency_key, lead_id, consent_lag_s,
    clock_skew_s, bot_check_sent)
  select token_id, account_id, at, method, path, status, problem_code, pointers::text[], latency_ms, dry_run,
    replayed, client_address, request_id, body, idempotency_key, lead_id, consent_lag_s, clock_skew_s, bot_check_sent
  from unnest($1::text::uuid[], $2::text::uuid[], $3::text::timestamptz[], $4::text::text[], $5::text::text[],
    $6::text::smallint[], $7::text::text[], $8::text::text[], $9::text::real[], $10::text::boolean[],
    $11::text::boolean[], $12::text::text[], $13::text::text[], (string_to_array($14::text, ${BODY_SEPARATOR}, '-'))[2:],
    $15::text::boolean[], $16::text::uuid[], $17::text::integer[], $18::text::integer[], $19::text::boolean[])
    as r(token_id, account_id, at, method, path, status, problem_code, pointers, latency_ms, dry_run, replayed,
      client_address, request_id, body, idempotency_key, lead_id, consent_lag_s, clock_skew_s, bot_check_sent)`;

/** One element of a PostgreSQL array literal: NULL, or the text quoted with its `"` and `\` escaped. */
const element = (value: string | null): string =>
  value === null ? "NULL" : `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/**
 * @example await insertRequestLogEntries(db, entries); // one statement, one commit
 */
export async function insertRequestLogEntries(q: Queryable, entries: RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  /** A column's values as a PostgreSQL array literal. */
  const column = (value: (entry: RequestLogEntry) => string | null) =>
    `{${entries.map((entry) => element(value(entry))).join(",")}}`;
  /** …of values that need no quotes: ids, times, numbers, booleans (or none). */
  const plain = (value: (entry: RequestLogEntry) => string | number | boolean | null | undefined) =>
    `{${entries.map((entry) => value(entry) ?? "NULL").join(",")}}`;
  await q.query(INSERT_SQL, [
    plain((e) => e.tokenId),
    plain((e) => e.accountId),
    plain((e) => e.at.toISOString()),
    column((e) => e.method),
    column((e) => e.path),
    plain((e) => e.status),
    column((e) => e.problemCode),
    // Each row's pointers are an array literal of their own, cast back to text[] by the statement.
    column((e) => e.pointers && `{${e.pointers.map(element).join(",")}}`),
    plain((e) => e.latencyMs),
    plain((e) => e.dryRun),
    plain((e) => e.replayed),
    column((e) => e.clientAddress),
    column((e) => e.requestId),
    entries.map((e) => `\x1e${e.body ?? "-"}`).join(""),
    plain((e) => e.facts?.idempotencyKey),
    plain((e) => e.facts?.leadId),
    plain((e) => e.facts?.consentLagSeconds),
    plain((e) => e.facts?.clockSkewSeconds),
    plain((e) => e.facts?.botCheckSent),
  ]);
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
  body: string | null;
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
  body: row.body === null ? null : parseShapeText(row.body),
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

// Every token with rows, one index probe each (a skip scan of request_log_token): tokens are few, rows many.
const TOKENS_SQL = `with recursive tokens(token_id) as (
    (select token_id from request_log order by token_id limit 1)
    union all
    select (select r.token_id from request_log r where r.token_id > tokens.token_id order by r.token_id limit 1)
    from tokens where tokens.token_id is not null)
  select token_id from tokens where token_id is not null`;

// A token's oldest rows by id (the index's order) that are past the period, read only when its oldest row is (one
// probe a token when none is). Ids follow the flushes, so a row may be a flush interval older than one with a
// smaller id: it goes at the next sweep.
const EXPIRED_SQL = `delete from request_log where ctid = any(array(
    select ctid from (select ctid, at from request_log where token_id = $1 order by id limit ${SWEEP_BATCH_ROWS}) oldest
    where at < now() - make_interval(days => $2)
      and (select at from request_log where token_id = $1 order by id limit 1) < now() - make_interval(days => $2)))
  returning 1`;

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
  for (const { token_id } of await q.query<{ token_id: string }>(TOKENS_SQL)) {
    for (;;) {
      const rows = await q.query(EXPIRED_SQL, [token_id, bounds.retentionDays]);
      deleted += rows.length;
      if (rows.length < SWEEP_BATCH_ROWS) break;
    }
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
