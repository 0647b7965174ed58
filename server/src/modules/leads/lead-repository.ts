// SQL of the leads table: insert (deduplicating on platform + external_lead_id), lock and update.
import type { Queryable } from "../../db/database.ts";
import { type LeadRow, STORED_ORDER } from "./lead-record.ts";

/** A lead row before it is stored: the database sets updated_at to received_at on insert. */
export type NewLead = Omit<LeadRow, "updated_at">;

const FIELD_COLUMNS = [
  ...STORED_ORDER,
  "test",
  "consent",
  "consent_received_at",
  "consent_channel_token_id",
  "response_state",
  "response_reason",
] as const;

export const INSERT_COLUMNS = [
  "id",
  "account_id",
  "channel_token_id",
  "received_at",
  "respond_by",
  "updated_at",
  ...FIELD_COLUMNS,
];

const INSERT_SQL = `insert into leads (${INSERT_COLUMNS.join(", ")})
values (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})
on conflict (account_id, platform, external_lead_id) do nothing
returning *`;

/**
 * Inserts the lead, or returns undefined when (account, platform, external_lead_id) already exists.
 * The unique constraint decides, so concurrent repeats on several servers create one lead.
 */
export async function insertLead(q: Queryable, lead: NewLead): Promise<LeadRow | undefined> {
  const values: Record<string, unknown> = { ...lead, updated_at: lead.received_at };
  const [row] = await q.query<LeadRow>(
    INSERT_SQL,
    INSERT_COLUMNS.map((column) => values[column]),
  );
  return row;
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
): Promise<void> {
  await q.query(
    `select 1 from response_tasks where lead_id = (
       select id from leads where account_id = $1 and platform = $2 and external_lead_id = $3
     ) for update`,
    [accountId, platform, externalLeadId],
  );
}

/** One account's lead by (platform, external_lead_id); `forUpdate` locks it until the transaction ends. */
export async function findLeadByExternalId(
  q: Queryable,
  accountId: string,
  platform: string,
  externalLeadId: string,
  options: { forUpdate?: boolean } = {},
): Promise<LeadRow | undefined> {
  const [row] = await q.query<LeadRow>(
    `select * from leads where account_id = $1 and platform = $2 and external_lead_id = $3${options.forUpdate ? " for update" : ""}`,
    [accountId, platform, externalLeadId],
  );
  return row;
}

/** The existing lead of a repeat, locked so concurrent repeats merge one by one. */
export const lockLeadByExternalId = (
  q: Queryable,
  accountId: string,
  platform: string,
  externalLeadId: string,
) => findLeadByExternalId(q, accountId, platform, externalLeadId, { forUpdate: true });

// respond_by moves when a late consent starts a new five-minute response.
const UPDATE_SQL = `update leads set ${FIELD_COLUMNS.map((column, i) => `${column} = $${i + 4}`).join(", ")},
  updated_at = $2, respond_by = $3
where id = $1
returning *`;

/** Writes every field column of `lead` (the merged lead) and returns the stored row. */
export async function updateLead(q: Queryable, lead: LeadRow, updatedAt: Date): Promise<LeadRow> {
  const [row] = await q.query<LeadRow>(UPDATE_SQL, [
    lead.id,
    updatedAt,
    lead.respond_by,
    ...FIELD_COLUMNS.map((column) => lead[column]),
  ]);
  if (!row) throw new Error(`lead ${lead.id} vanished during an update`);
  return row;
}
