// Repeats merged into a lead: which fields each changed, recorded in the merge's transaction, listed for the detail view.

import { REPEAT_GROUP_SECONDS, REPEATS_PER_LEAD_PER_HOUR, REPEATS_SHOWN } from "@speed-to-lead/spec";
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
  /** Identical repeats (same token and payload) within REPEAT_GROUP_SECONDS of this row's first: 1 or more. */
  repeat_count: number;
  /** The last of them; null when one. */
  last_received_at: Date | null;
}

/**
 * Called by the intake inside the transaction that merged the repeat, so history and lead commit together. An
 * identical repeat (same token and payload) within REPEAT_GROUP_SECONDS of a row's first counts in that row.
 */
export async function recordRepeat(
  q: Queryable,
  repeat: {
    leadId: string;
    channelTokenId: string;
    receivedAt: Date;
    changedFields: string[];
    fingerprint: string;
  },
): Promise<void> {
  await q.query(
    `with grouped as (
       update lead_repeats set repeat_count = repeat_count + 1, last_received_at = $4
       where id = (
         select id from lead_repeats
         where lead_id = $2 and received_at > $4::timestamptz - make_interval(secs => $7)
           and channel_token_id = $3 and fingerprint = $6
         order by received_at desc limit 1)
       returning id)
     insert into lead_repeats (id, lead_id, channel_token_id, received_at, changed_fields, fingerprint)
     select $1, $2, $3, $4, $5::text::text[], $6 where not exists (select 1 from grouped)`,
    [
      Bun.randomUUIDv7(),
      repeat.leadId,
      repeat.channelTokenId,
      repeat.receivedAt,
      toArrayLiteral(repeat.changedFields),
      repeat.fingerprint,
      REPEAT_GROUP_SECONDS,
    ],
  );
}

/** Field names are our own column names (no quotes or commas): a plain array literal both drivers pass as text. */
const toArrayLiteral = (names: string[]) => `{${names.join(",")}}`;

/**
 * Whether the lead took REPEATS_PER_LEAD_PER_HOUR repeats in the hour before `now`, and then how long until the
 * oldest of them leaves the hour. Reads at most that many rows (the lead's latest), through its index.
 *
 * @example const limited = await repeatsWithinHour(tx, leadId, now); // { retryAfterSeconds: 1800 } or undefined
 */
export async function repeatsWithinHour(
  q: Queryable,
  leadId: string,
  now: Date,
): Promise<{ retryAfterSeconds: number } | undefined> {
  const [row] = await q.query<{ n: number | string; oldest: Date | null }>(
    `select coalesce(sum(repeat_count), 0) as n, min(received_at) as oldest from (
       select repeat_count, received_at from lead_repeats
       where lead_id = $1 and received_at > $2::timestamptz - interval '1 hour'
       order by received_at desc limit $3) recent`,
    [leadId, now, REPEATS_PER_LEAD_PER_HOUR],
  );
  if (!row || Number(row.n) < REPEATS_PER_LEAD_PER_HOUR || !row.oldest) return undefined;
  const freeAt = new Date(row.oldest).getTime() + 3_600_000;
  return { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

/** A lead's page: the latest REPEATS_SHOWN rows, oldest of them first, and how many earlier rows there are. */
export interface RepeatHistory {
  shown: RepeatEntry[];
  /** Rows before the shown ones (each may count several identical repeats). */
  earlier: number;
  /** Repeats in all, identical ones counted each. */
  total: number;
}

export async function listRepeats(q: Queryable, leadId: string): Promise<RepeatHistory> {
  const [latest, [counts]] = await Promise.all([
    q.query<RepeatEntry>(
      `select r.received_at, r.channel_token_id::text as channel_token_id, t.name as channel_name,
         r.changed_fields, r.repeat_count, r.last_received_at
       from (select * from lead_repeats where lead_id = $1 order by received_at desc, id desc limit $2) r
       join channel_tokens t on t.id = r.channel_token_id
       order by r.received_at, r.id`,
      [leadId, REPEATS_SHOWN],
    ),
    q.query<{ rows: number | string; total: number | string }>(
      "select count(*) as rows, coalesce(sum(repeat_count), 0) as total from lead_repeats where lead_id = $1",
      [leadId],
    ),
  ]);
  const shown = plainRows(latest).map((entry) => ({ ...entry, repeat_count: Number(entry.repeat_count) }));
  return {
    shown,
    earlier: Math.max(0, Number(counts?.rows ?? 0) - shown.length),
    total: Number(counts?.total ?? 0),
  };
}
