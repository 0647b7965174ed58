// Every statement the intake runs on leads, idempotency_keys and the hand-off queue: store fresh leads, merge a repeat, find an earlier response.
import type { Queryable } from "../../db/database.ts";
import { type AnsweredState, answeredBody } from "./accepted-body.ts";
import type { LeadRow } from "./lead-record.ts";
import { STORED_ORDER, TASK_ID_SQL } from "./lead-record.ts";

/** What an earlier request with the same idempotency key stored; response_* is null while it is in flight. */
export interface IdempotencyRecord {
  fingerprint: string;
  lead_id: string | null;
  response_status: number | null;
  response_body: string | null;
}

const FIELD_COLUMNS = [
  ...STORED_ORDER,
  "test",
  "consent",
  "consent_received_at",
  "consent_channel_token_id",
  "response_state",
  "response_reason",
  "quarantine",
  "quarantine_released_at",
] as const;

/** SQL types of the columns a new lead is written with; the database sets updated_at to received_at. */
const LEAD_COLUMN_TYPES: Record<string, string> = {
  id: "uuid",
  account_id: "uuid",
  channel_token_id: "uuid",
  received_at: "timestamptz",
  respond_by: "timestamptz",
  ...Object.fromEntries(STORED_ORDER.map((column) => [column, "text"])),
  price: "bigint",
  // As received: the JSON text the 201 was rendered from (json keeps it, jsonb would reorder its keys).
  context: "json",
  test: "boolean",
  consent: "json",
  consent_received_at: "timestamptz",
  consent_channel_token_id: "uuid",
  response_state: "text",
  response_reason: "text",
  external_id_channel: "uuid",
  quarantine: "text",
  joined_lead_id: "uuid",
};
const LEAD_COLUMNS = Object.keys(LEAD_COLUMN_TYPES);

/** A new lead, and what its one write needs beside the row. */
export interface FreshLead {
  lead: LeadRow;
  /** The response state and reason should its phone be on the do-not-call list (the list is read in the statement). */
  listedPlan?: Pick<LeadRow, "response_state" | "response_reason">;
  /**
   * Set when this process's own dispatcher takes the task once committed: the queue row is written claimed
   * (attempt 1, leased this long), as the claim would have left it, so nothing claims it again.
   */
  leaseMs?: number;
  /**
   * The key the lead is stored under, kept on its row with the request's fingerprint and the state its 201
   * answered (absent: the state it is stored in, the list applied). `body` only when the row cannot re-render
   * the answer (answeredBody): then it is kept in idempotency_keys, as a repeat's is (listed: when listed).
   */
  idempotency?: {
    key: string;
    fingerprint: string;
    answered?: AnsweredState;
    body?: string;
    listedBody?: string;
  };
}

/** Per lead, in order: stored (listed says whether the do-not-call list applied), or not stored. */
export type FreshLeadResult = { stored: true; listed: boolean } | { stored: false };

/** Beside the lead's columns, one array each; `ignored` is each lead's list as JSON text (arrays are not ragged). */
const EXTRA_TYPES = {
  ignored: "json",
  listed_state: "text",
  listed_reason: "text",
  idem_key: "text",
  fingerprint: "text",
  answered_state: "text",
  answered_reason: "text",
  body: "text",
  listed_body: "text",
  lease_ms: "int",
};
const INPUT_TYPES = [...Object.entries(LEAD_COLUMN_TYPES), ...Object.entries(EXTRA_TYPES)];

const listedOr = (column: string) =>
  `case when listed then listed_${column.replace("response_", "")} else ${column} end`;

/** What the lead's row keeps of its key: the 201's state is the stored one unless the caller gave another. */
const KEY_COLUMNS: Record<string, string> = {
  idempotency_key: "idem_key",
  fingerprint: "case when idem_key is not null then fingerprint end",
  answered_state: `case when idem_key is null then null when answered_state is not null then answered_state
    else ${listedOr("response_state")} end`,
  answered_reason: `case when idem_key is null then null when answered_state is not null then answered_reason
    else ${listedOr("response_reason")} end`,
};

// Data-modifying CTEs share one snapshot and commit as one statement: one commit for the whole batch.
// A new lead's queue row cannot exist yet, so its insert has no conflict clause (a speculative insertion
// writes one more WAL record per row); nor has the lead's, unless it may repeat a stored
// (platform, external_lead_id): a key is claimed by idempotency_key_free (a lock and a look in both
// tables, 0046_one_row_per_lead.sql), so its unique index never refuses a row.
// The do-not-call list is read in the same statement (no round trip before the insert). A lead is
// inserted only when its key (if any) was free. The queue row (the hand-off's durable marker, its task id the
// lead's) and the not_called status callback follow the lead's final state.
// The rows travel as one typed array per column (unnest), so the text is the same whatever the
// batch's size: one prepared statement planned once per connection. PostgreSQL takes unnest for 100
// rows, and a plan made while the tables were small, kept by the connection, hashed the whole
// do-not-call list for each batch: `offset 0` keeps each lookup an index probe per lead.
// JSON travels as text arrays, cast here: a json[] parameter's elements Bun SQL would encode as JSON strings.
const freshLeadsSql = (repeatable: boolean) => `with input as (
  select ${INPUT_TYPES.map(([column, type]) => (type === "json" ? `${column}::json as ${column}` : column)).join(", ")}, ord
  from unnest(${INPUT_TYPES.map(([, type], i) => `$${i + 1}::${type === "json" ? "text" : type}[]`).join(", ")})
    with ordinality as r(${INPUT_TYPES.map(([column]) => column).join(", ")}, ord)
), planned as (
  select input.*, listed_state is not null and exists (
    select 1 from dnc_numbers d where d.account_id = input.account_id and d.phone = input.phone offset 0
  ) as listed, idem_key is null or idempotency_key_free(account_id, idem_key) as free
  from input
), lead as (
  insert into leads (${LEAD_COLUMNS.join(", ")}, ignored_fields, ${Object.keys(KEY_COLUMNS).join(", ")}, updated_at)
  select ${LEAD_COLUMNS.map((column) => (column.startsWith("response_") ? listedOr(column) : column)).join(", ")},
    case when ignored is not null then array(select json_array_elements_text(ignored)) end,
    ${Object.values(KEY_COLUMNS).join(", ")}, received_at
  from planned p
  where free${
    repeatable
      ? `
  on conflict (account_id, external_lead_id, platform, (coalesce(external_id_channel, account_id)))
    where external_lead_id is not null do nothing`
      : ""
  }
  returning id, account_id, channel_token_id, respond_by, received_at, response_state
), kept_answer as (
  insert into idempotency_keys (account_id, key, fingerprint, lead_id, response_status, response_body, created_at)
  select p.account_id, p.idem_key, p.fingerprint, p.id, 201, case when p.listed then p.listed_body else p.body end,
    p.received_at
  from lead join planned p on p.id = lead.id where p.body is not null
), queued as (
  insert into handoff_queue (lead_id, due_at, next_attempt_at, attempts)
  select lead.id, lead.respond_by, coalesce(now() + p.lease_ms * interval '1 millisecond', lead.received_at),
    case when p.lease_ms is null then 0 else 1 end
  from lead join planned p on p.id = lead.id where lead.response_state = 'pending'
), callback as (
  insert into status_callbacks (id, lead_id, channel_token_id, type)
  select gen_random_uuid(), lead.id, lead.channel_token_id, 'lead.not_called'
  from lead join channel_tokens ct on ct.id = lead.channel_token_id
  where lead.response_state = 'not_called' and ct.callback_url is not null
)
select p.ord, p.listed, exists (select 1 from lead where lead.id = p.id) as stored from planned p order by p.ord`;
const FRESH_LEADS_SQL = freshLeadsSql(false);
const REPEATABLE_LEAD_SQL = freshLeadsSql(true);

/** Columns written as JSON text: the text the answer was rendered from, whatever the driver does with objects. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(["context", "consent", "ignored"]);

/** A column's value as a parameter carries it. */
function columnValue(column: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON_COLUMNS.has(column) ? JSON.stringify(value) : value;
}

/**
 * Stores new leads in ONE statement (one commit shared by all): leads with their keys, queued hand-offs and
 * not_called callbacks. Keys must be distinct within one call, and claimed in one order by every caller. A
 * lead is not stored when its key was already claimed, or (repeatable: the caller holds a transaction for a
 * lead with platform + external_lead_id) when it repeats a stored (platform, external_lead_id).
 *
 * @example const [result] = await storeFreshLeads(db, [{ lead: row }]);
 */
export async function storeFreshLeads(
  q: Queryable,
  leads: FreshLead[],
  options: { repeatable?: boolean } = {},
): Promise<FreshLeadResult[]> {
  const values = (fresh: FreshLead): Record<string, unknown> => {
    const idem = fresh.idempotency;
    return {
      ...(fresh.lead as unknown as Record<string, unknown>),
      ignored: fresh.lead.ignored_fields,
      listed_state: fresh.listedPlan?.response_state,
      listed_reason: fresh.listedPlan?.response_reason,
      idem_key: idem?.key,
      fingerprint: idem?.fingerprint,
      answered_state: idem?.answered?.answered_state,
      answered_reason: idem?.answered?.answered_reason,
      body: idem?.body,
      listed_body: idem?.listedBody,
      lease_ms: fresh.leaseMs,
    };
  };
  const rows = leads.map(values);
  const arrays = INPUT_TYPES.map(([column]) => rows.map((row) => columnValue(column, row[column])));
  const stored = await q.query<{ ord: number; listed: boolean; stored: boolean }>(
    options.repeatable ? REPEATABLE_LEAD_SQL : FRESH_LEADS_SQL,
    arrays,
  );
  return stored.map((row) => (row.stored ? { stored: true, listed: row.listed } : { stored: false }));
}

/**
 * What an earlier request with this key stored, read on its own (it committed after a claim's snapshot): the
 * answer kept in idempotency_keys, else the 201 re-rendered from the lead that carries the key.
 */
export async function findIdempotencyRecord(
  q: Queryable,
  accountId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [kept] = await q.query<IdempotencyRecord>(
    "select fingerprint, lead_id, response_status, response_body from idempotency_keys where account_id = $1 and key = $2",
    [accountId, key],
  );
  if (kept) return kept;
  const [lead] = await q.query<LeadRow & AnsweredState & { fingerprint: string }>(
    "select * from leads where account_id = $1 and idempotency_key = $2",
    [accountId, key],
  );
  if (!lead) return undefined;
  return {
    fingerprint: lead.fingerprint,
    lead_id: lead.id,
    response_status: 201,
    response_body: answeredBody(lead, lead.ignored_fields ?? []),
  };
}

/**
 * Takes (account, key)'s lock for the rest of the transaction and says whether no lead or repeat holds the key:
 * a concurrent request with the key waits for this transaction (lock_timeout: 409).
 */
export async function idempotencyKeyFree(q: Queryable, accountId: string, key: string): Promise<boolean> {
  const [row] = await q.query<{ free: boolean }>("select idempotency_key_free($1, $2) as free", [
    accountId,
    key,
  ]);
  return row?.free === true;
}

/**
 * Claims (account, key) for a repeat's transaction, before it reads the lead: a concurrent request
 * with the key waits for this transaction (lock_timeout: 409). False when the key was already used. The
 * lock comes first, in a statement of its own: the insert's snapshot then sees what its holder committed.
 */
export async function claimIdempotencyKey(
  q: Queryable,
  accountId: string,
  key: string,
  fingerprint: string,
  createdAt: Date,
): Promise<boolean> {
  if (!(await idempotencyKeyFree(q, accountId, key))) return false;
  await q.query(
    `insert into idempotency_keys (account_id, key, fingerprint, lead_id, response_status, response_body, created_at)
     values ($1, $2, $3, null, null, null, $4)`,
    [accountId, key, fingerprint, createdAt],
  );
  return true;
}

/** Stores the exact bytes of a repeat's first response, replayed byte for byte on a retry. */
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

/**
 * Locks the queued hand-off of the lead a repeat names, if it has one, BEFORE the lead: every
 * dispatcher statement locks a queue row and then its lead, so taking them in the same order means a
 * repeat that reopens a response never deadlocks with a settlement.
 */
export async function lockTaskOfExternalId(
  q: Queryable,
  accountId: string,
  platform: string,
  externalLeadId: string,
  namespace: string | null = null,
): Promise<void> {
  await q.query(
    `select 1 from handoff_queue where lead_id = (
       select id from leads where account_id = $1 and platform = $2 and external_lead_id = $3
         and coalesce(external_id_channel, account_id) = coalesce($4::uuid, $1::uuid)
     ) for update`,
    [accountId, platform, externalLeadId, namespace],
  );
}

/**
 * One account's lead by (platform, external_lead_id) in one namespace (null: the account's shared one, else
 * an intake channel's: channel-namespace.ts); `forUpdate` locks it until the transaction ends.
 */
export async function findLeadByExternalId(
  q: Queryable,
  accountId: string,
  platform: string,
  externalLeadId: string,
  options: { forUpdate?: boolean; namespace?: string | null } = {},
): Promise<LeadRow | undefined> {
  const [row] = await q.query<LeadRow>(
    `select * from leads where account_id = $1 and platform = $2 and external_lead_id = $3
       and coalesce(external_id_channel, account_id) = coalesce($4::uuid, $1::uuid)${options.forUpdate ? " for update" : ""}`,
    [accountId, platform, externalLeadId, options.namespace ?? null],
  );
  return row;
}

// respond_by moves when a late consent starts a new five-minute response. The ignored names travel as JSON, as
// in the insert (a text[] literal would need its own quoting of whatever names a sender sent); none is null.
const UPDATE_SQL = `update leads set ${FIELD_COLUMNS.map((column, i) => `${column} = $${i + 5}${JSON_COLUMNS.has(column) ? "::text::json" : ""}`).join(", ")},
  updated_at = $2, respond_by = $3,
  ignored_fields = (select array_agg(name order by n) from jsonb_array_elements_text($4::text::jsonb)
    with ordinality as names(name, n))
where id = $1
returning *`;

/** Writes every field column of `lead` (a merged repeat) and returns the stored row. */
export async function updateLead(q: Queryable, lead: LeadRow, updatedAt: Date): Promise<LeadRow> {
  const [row] = await q.query<LeadRow>(UPDATE_SQL, [
    lead.id,
    updatedAt,
    lead.respond_by,
    JSON.stringify(lead.ignored_fields ?? []),
    ...FIELD_COLUMNS.map((column) => columnValue(column, lead[column])),
  ]);
  if (!row) throw new Error(`lead ${lead.id} vanished during an update`);
  return row;
}

/**
 * Opens (or reopens) a merged lead's response, due at respond_by, and returns its task id. A second response
 * (late consent, or a call after an email-only hand-off) takes the next response_no, so the webhook-id
 * changes: a settled one is queued again, a queued one already claimed (possibly in flight with the old
 * permissions) is reopened, and its attempts counter moves on past every claim, which fences that claim
 * out of the settlement. A queued response never tried, due at the same time, is left as it is.
 */
export async function scheduleResponse(q: Queryable, lead: LeadRow, now: Date): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `with lead as (
       select id, handoff_status, handoff_attempts from leads where id = $1
     ), queued as (
       insert into handoff_queue as q (lead_id, due_at, next_attempt_at, attempts)
       select id, $2, $3, coalesce(handoff_attempts + 1, 0) from lead
       on conflict (lead_id) do update
         set due_at = excluded.due_at, next_attempt_at = excluded.next_attempt_at, last_error = null,
           attempts = q.attempts + 1
         where q.due_at <> excluded.due_at or q.attempts > 0
       -- xmax is set on a row the conflict updated, 0 on a row inserted
       returning lead_id, xmax <> 0 as reopened
     ), renumbered as (
       update leads l set response_no = coalesce(l.response_no, 1) + 1, handoff_status = null,
         handoff_attempts = null, handoff_error = null
       from queued, lead
       where l.id = queued.lead_id and (queued.reopened or lead.handoff_status is not null)
     )
     select ${TASK_ID_SQL}::text as id from queued join leads l on l.id = queued.lead_id`,
    [lead.id, new Date(lead.respond_by), now],
  );
  return row?.id;
}
