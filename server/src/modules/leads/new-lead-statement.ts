// A new lead that cannot be a repeat, stored in ONE statement: key claim, lead and response task commit together.
import type { Queryable } from "../../db/database.ts";
import { INSERT_COLUMNS, type NewLead } from "./lead-repository.ts";

export interface NewLeadWrite {
  lead: NewLead;
  /** Set when the lead is call-eligible: the id of its response task. */
  responseTaskId?: string;
  /** Set with an idempotency key: the claim and the response a replay sends. */
  idempotency?: { key: string; fingerprint: string; status: number; body: string };
}

const leadValues = (offset: number) => INSERT_COLUMNS.map((_, i) => `$${i + offset}`).join(", ");
const N = INSERT_COLUMNS.length;

// Data-modifying CTEs run in one snapshot and commit as one statement. The lead is inserted only when
// the key was claimed; a concurrent holder of the key makes the claim wait for its commit. The task
// is inserted only when $N+1 (the task id) is not null; a not_called lead queues its status callback
// when its token has one. FK checks run at the end of the statement.
const TASK_CTE = `task as (
  insert into response_tasks (id, lead_id, account_id, status, due_at, next_attempt_at, created_at)
  select $${N + 1}::uuid, id, account_id, 'pending', respond_by, received_at, received_at from lead
  where $${N + 1}::uuid is not null
  returning id
), callback as (
  insert into status_callbacks (id, lead_id, channel_token_id, type)
  select gen_random_uuid(), lead.id, lead.channel_token_id, 'lead.not_called'
  from lead join channel_tokens ct on ct.id = lead.channel_token_id
  where lead.response_state = 'not_called' and ct.callback_url is not null
)`;

const WITHOUT_KEY = `with lead as (
  insert into leads (${INSERT_COLUMNS.join(", ")}) values (${leadValues(1)}) returning id, account_id, respond_by, received_at, channel_token_id, response_state
), ${TASK_CTE}
select true as claimed`;

const WITH_KEY = `with claim as (
  insert into idempotency_keys (account_id, key, fingerprint, lead_id, response_status, response_body, created_at)
  values ($${N + 2}, $${N + 3}, $${N + 4}, $${N + 5}, $${N + 6}, $${N + 7}, $${N + 8})
  on conflict (account_id, key) do nothing returning 1
), lead as (
  insert into leads (${INSERT_COLUMNS.join(", ")}) select ${leadValues(1)} where exists (select 1 from claim)
  returning id, account_id, respond_by, received_at, channel_token_id, response_state
), ${TASK_CTE}
select exists (select 1 from claim) as claimed`;

/**
 * One round trip for the common case (no platform + external_lead_id, so no repeat is possible).
 * Returns false when the idempotency key was already claimed: nothing was written.
 */
export async function insertNewLeadStatement(q: Queryable, write: NewLeadWrite): Promise<boolean> {
  const values: Record<string, unknown> = { ...write.lead, updated_at: write.lead.received_at };
  const params = [...INSERT_COLUMNS.map((column) => values[column]), write.responseTaskId ?? null];
  const idem = write.idempotency;
  if (idem) {
    params.push(
      write.lead.account_id,
      idem.key,
      idem.fingerprint,
      write.lead.id,
      idem.status,
      idem.body,
      write.lead.received_at,
    );
  }
  const [row] = await q.query<{ claimed: boolean }>(idem ? WITH_KEY : WITHOUT_KEY, params);
  return row?.claimed === true;
}
