// Repeats merged into a lead: which fields each changed, recorded in the merge's transaction, listed for the detail view.

import type { Queryable } from "../../db/database.ts";
import { plainRows } from "../../db/plain-rows.ts";
import { type LeadRow, STORED_ORDER } from "./lead-record.ts";

/**
 * Columns a repeat can change, in the order the detail view lists them: the stored fields but the two
 * that identify the repeat (platform, external_lead_id), then consent and the response it decides.
 */
const TRACKED: readonly (keyof LeadRow)[] = [
  ...STORED_ORDER.filter((field) => field !== "platform" && field !== "external_lead_id"),
  "consent",
  "response_state",
  "response_reason",
];

/** Both rows come from the database (locked before, returned by the update), so JSON compares them fairly. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * @example changedFields(stored, merged) // ["email", "consent", "response_state"]
 */
export function changedFields(before: LeadRow, after: LeadRow): string[] {
  return TRACKED.filter((field) => !same(before[field], after[field]));
}

export interface RepeatEntry {
  received_at: Date;
  channel_token_id: string;
  channel_name: string;
  changed_fields: string[];
}

/** Called by the intake inside the transaction that merged the repeat, so history and lead commit together. */
export async function recordRepeat(
  q: Queryable,
  repeat: { leadId: string; channelTokenId: string; receivedAt: Date; changedFields: string[] },
): Promise<void> {
  await q.query(
    `insert into lead_repeats (id, lead_id, channel_token_id, received_at, changed_fields)
     values ($1, $2, $3, $4, $5::text::text[])`,
    [
      Bun.randomUUIDv7(),
      repeat.leadId,
      repeat.channelTokenId,
      repeat.receivedAt,
      toArrayLiteral(repeat.changedFields),
    ],
  );
}

/** Field names are our own column names (no quotes or commas): a plain array literal both drivers pass as text. */
const toArrayLiteral = (names: string[]) => `{${names.join(",")}}`;

/** Oldest first, as they happened. */
export async function listRepeats(q: Queryable, leadId: string): Promise<RepeatEntry[]> {
  return plainRows(
    await q.query<RepeatEntry>(
      `select r.received_at, r.channel_token_id::text as channel_token_id, t.name as channel_name,
       r.changed_fields
     from lead_repeats r join channel_tokens t on t.id = r.channel_token_id
     where r.lead_id = $1 order by r.received_at, r.id`,
      [leadId],
    ),
  );
}
