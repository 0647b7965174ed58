// Every statement the intake runs on leads, idempotency_keys and response_tasks: store fresh leads, merge a repeat, find an earlier response.
import type { Queryable } from "../../db/database.ts";
import type { LeadRow } from "./lead-record.ts";
import { STORED_ORDER } from "./lead-record.ts";

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
  context: "jsonb",
  test: "boolean",
  consent: "jsonb",
  consent_received_at: "timestamptz",
  consent_channel_token_id: "uuid",
  response_state: "text",
  response_reason: "text",
  ignored_fields: "text[]",
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
  /** Used when the lead ends pending: the id of its response task. */
  taskId: string;
  /**
   * Set when this process's own dispatcher takes the task once committed: the task is written claimed
   * (attempt 1, leased this long), as the claim would have left it, so nothing claims it again.
   */
  leaseMs?: number;
  /** The claim of an idempotency key, with the response a replay sends (listed: when the phone is listed). */
  idempotency?: { key: string; fingerprint: string; body: string; listedBody?: string };
}

/** Per lead, in order: stored (listed says whether the do-not-call list applied), or not stored with the key's earlier record when visible. */
export type FreshLeadResult =
  | { stored: true; listed: boolean }
  | { stored: false; earlier: IdempotencyRecord | undefined };

const EXTRA_TYPES = {
  ord: "int",
  listed_state: "text",
  listed_reason: "text",
  task_id: "uuid",
  idem_key: "text",
  fingerprint: "text",
  body: "text",
  listed_body: "text",
  lease_ms: "int",
};
const INPUT_TYPES = [...Object.entries(LEAD_COLUMN_TYPES), ...Object.entries(EXTRA_TYPES)];

/** The claim of a key: a concurrent holder makes it wait for that transaction's end (lock_timeout: 409). */
const CLAIM_KEY = `insert into idempotency_keys (account_id, key, fingerprint, lead_id, response_status, response_body, created_at)`;
const CLAIM_CONFLICT = "on conflict (account_id, key) do nothing returning account_id, key";

/**
 * A lead's one task row: a second response (late consent, or a call after an email-only hand-off)
 * reopens it with the next response_no, so the webhook-id changes. A pending task already claimed
 * (possibly in flight with the old permissions) is reopened too, and its attempts counter moves on,
 * which fences that claim out of the settlement; a pending task never tried is left as it is.
 */
const TASK_INSERT =
  "insert into response_tasks (id, lead_id, account_id, status, due_at, next_attempt_at, created_at, attempts)";
const TASK_CONFLICT = `on conflict (lead_id) do update
  set status = 'pending', due_at = excluded.due_at, next_attempt_at = excluded.next_attempt_at,
    last_error = null, response_no = response_tasks.response_no + 1, attempts = response_tasks.attempts + 1
  where response_tasks.status <> 'pending' or response_tasks.due_at <> excluded.due_at
    or response_tasks.attempts > 0
returning id`;

const listedOr = (column: string) =>
  `case when listed then listed_${column.replace("response_", "")} else ${column} end`;

// Data-modifying CTEs share one snapshot and commit as one statement: one commit for the whole batch.
// A new lead's task cannot exist yet, so its insert has no conflict clause (a speculative insertion
// writes one more WAL record per row).
// The do-not-call list is read in the same statement (no round trip before the insert). A lead is
// inserted only when its key (if any) was claimed; a repeat's (platform, external_lead_id) conflict
// inserts nothing. The task and the not_called status callback follow the lead's final state. The
// last select sees the key records committed before the statement began (a replay's earlier answer).
// The rows travel as one JSON parameter, so the text is the same whatever the batch's size: one
// prepared statement planned once per connection, instead of one per size, each planned anew.
// PostgreSQL takes jsonb_to_recordset for 100 rows, and a plan made while the tables were small, kept
// by the connection, hashed the whole do-not-call list and every idempotency key for each batch (3,900
// rows read per lead at 100,000 stored leads): `offset 0` keeps each lookup an index probe per lead.
const FRESH_LEADS_SQL = `with batch (rows) as (values ($1::text::jsonb)), input as (
  select r.* from batch, jsonb_to_recordset(batch.rows)
    as r(${INPUT_TYPES.map(([column, type]) => `${column} ${type}`).join(", ")})
), planned as (
  select input.*, listed_state is not null and exists (
    select 1 from dnc_numbers d where d.account_id = input.account_id and d.phone = input.phone offset 0
  ) as listed
  from input
), claim as (
  ${CLAIM_KEY}
  select account_id, idem_key, fingerprint, id, 201, case when listed then listed_body else body end, received_at
  from planned where idem_key is not null
  ${CLAIM_CONFLICT}
), lead as (
  insert into leads (${LEAD_COLUMNS.join(", ")}, updated_at)
  select ${LEAD_COLUMNS.map((column) => (column.startsWith("response_") ? listedOr(column) : column)).join(", ")}, received_at
  from planned p
  where idem_key is null or exists (select 1 from claim c where c.account_id = p.account_id and c.key = p.idem_key)
  on conflict (account_id, platform, external_lead_id, (coalesce(external_id_channel, account_id))) where external_lead_id is not null do nothing
  returning id, account_id, channel_token_id, respond_by, received_at, response_state
), task as (
  ${TASK_INSERT}
  select p.task_id, lead.id, lead.account_id, 'pending', lead.respond_by,
    coalesce(now() + p.lease_ms * interval '1 millisecond', lead.received_at), lead.received_at,
    case when p.lease_ms is null then 0 else 1 end
  from lead join planned p on p.id = lead.id where lead.response_state = 'pending'
), callback as (
  insert into status_callbacks (id, lead_id, channel_token_id, type)
  select gen_random_uuid(), lead.id, lead.channel_token_id, 'lead.not_called'
  from lead join channel_tokens ct on ct.id = lead.channel_token_id
  where lead.response_state = 'not_called' and ct.callback_url is not null
)
select p.ord, p.listed, exists (select 1 from lead where lead.id = p.id) as stored,
  k.fingerprint, k.lead_id, k.response_status, k.response_body
from planned p left join lateral (
  select * from idempotency_keys k where k.account_id = p.account_id and k.key = p.idem_key offset 0
) k on true
order by p.ord`;

/**
 * Stores new leads in ONE statement (one commit shared by all): key claims, leads, response tasks and
 * not_called callbacks. Keys must be distinct within one call. A lead is not stored when its key was
 * already claimed, or when it repeats a (platform, external_lead_id) already stored.
 *
 * @example const [result] = await storeFreshLeads(db, [{ lead: row, taskId: Bun.randomUUIDv7() }]);
 */
export async function storeFreshLeads(q: Queryable, leads: FreshLead[]): Promise<FreshLeadResult[]> {
  const input = leads.map((fresh, ord) => {
    const row = fresh.lead as unknown as Record<string, unknown>;
    const idem = fresh.idempotency;
    return {
      ...Object.fromEntries(LEAD_COLUMNS.map((column) => [column, row[column]])),
      ...{
        ord,
        listed_state: fresh.listedPlan?.response_state,
        listed_reason: fresh.listedPlan?.response_reason,
      },
      ...{ task_id: fresh.taskId, idem_key: idem?.key, fingerprint: idem?.fingerprint, body: idem?.body },
      ...{ listed_body: idem?.listedBody, lease_ms: fresh.leaseMs },
    };
  });
  const rows = await q.query<{ ord: number; listed: boolean; stored: boolean } & Partial<IdempotencyRecord>>(
    FRESH_LEADS_SQL,
    [JSON.stringify(input)],
  );
  return rows.map((row) =>
    row.stored
      ? { stored: true, listed: row.listed }
      : { stored: false, earlier: row.fingerprint == null ? undefined : (row as IdempotencyRecord) },
  );
}

/** What an earlier request with this key stored, read on its own (it committed after a claim's snapshot). */
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

/**
 * Claims (account, key) for a repeat's transaction, before it reads the lead: a concurrent request
 * with the key waits for this transaction. False when the key was already used.
 */
export async function claimIdempotencyKey(
  q: Queryable,
  accountId: string,
  key: string,
  fingerprint: string,
  createdAt: Date,
): Promise<boolean> {
  const rows = await q.query(`${CLAIM_KEY} values ($1, $2, $3, null, null, null, $4) ${CLAIM_CONFLICT}`, [
    accountId,
    key,
    fingerprint,
    createdAt,
  ]);
  return rows.length === 1;
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
 * Locks the response task of the lead a repeat names, if it has one, BEFORE the lead: every
 * dispatcher statement locks a task and then its lead, so taking them in the same order means a
 * repeat that reopens a task never deadlocks with a settlement.
 */
export async function lockTaskOfExternalId(
  q: Queryable,
  accountId: string,
  platform: string,
  externalLeadId: string,
  namespace: string | null = null,
): Promise<void> {
  await q.query(
    `select 1 from response_tasks where lead_id = (
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
const UPDATE_SQL = `update leads set ${FIELD_COLUMNS.map((column, i) => `${column} = $${i + 5}`).join(", ")},
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
    ...FIELD_COLUMNS.map((column) => lead[column]),
  ]);
  if (!row) throw new Error(`lead ${lead.id} vanished during an update`);
  return row;
}

/** Opens (or reopens) a merged lead's response: its task row, due at respond_by. Returns the task's id. */
export async function scheduleResponse(q: Queryable, lead: LeadRow, now: Date): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `${TASK_INSERT} values ($1, $2, $3, 'pending', $4, $5, $5, 0) ${TASK_CONFLICT}`,
    [Bun.randomUUIDv7(), lead.id, lead.account_id, new Date(lead.respond_by), now],
  );
  return row?.id;
}
