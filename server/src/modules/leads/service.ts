// Accepting a valid lead: idempotency, deduplication by external id and the response-task outbox, in one transaction.
import { RESPOND_WITHIN_SECONDS } from "@speed-to-lead/spec";
import {
  type Database,
  DatabaseError,
  LOCK_NOT_AVAILABLE,
  LOCK_TIMEOUT_MS,
  type Queryable,
  type Transaction,
} from "../../db/database.ts";
import { queueCallbacks } from "../callbacks/callback-outbox.ts";
import { isOnList } from "../dnc/dnc-repository.ts";
import { withDoNotCall } from "../dnc/service.ts";
import { changedFields, recordRepeat } from "../inbox/repeat-history.ts";
import { acceptedBody } from "./accepted-body.ts";
import {
  claimIdempotencyKey,
  findIdempotencyRecord,
  recordIdempotentResponse,
} from "./idempotency-repository.ts";
import { fieldsFromInput, type LeadRow } from "./lead-record.ts";
import { insertLead, lockLeadByExternalId, lockTaskOfExternalId, updateLead } from "./lead-repository.ts";
import { mergeRepeat } from "./merge-repeat.ts";
import { insertNewLeadStatement } from "./new-lead-statement.ts";
import { responsePlan } from "./response-plan.ts";
import { insertResponseTask } from "./response-task-repository.ts";
import type { ValidLead } from "./validation/validate-lead.ts";

/**
 * How long a request waits for another one holding the same idempotency key before answering 409.
 * PostgreSQL connections carry it as lock_timeout (bun-sql-driver.ts); PGlite runs one transaction at
 * a time, so nothing there ever waits on a lock.
 */
export const IDEMPOTENCY_WAIT_MS = LOCK_TIMEOUT_MS;

export interface Channel {
  tokenId: string;
  accountId: string;
}

export type IntakeOutcome =
  | {
      kind: "stored";
      status: 201 | 200;
      /** The exact response body, also what a replay sends. */
      body: string;
      lead: LeadRow;
      created: boolean;
      /** Set when this request wrote the lead's response task (it became call-eligible now). */
      responseTaskId?: string;
    }
  | { kind: "replayed"; status: number; body: string; leadId: string }
  | { kind: "key_reused" }
  | { kind: "in_flight" };

type Ready = Extract<IntakeOutcome, { kind: "stored" }>;

/**
 * Stores a validated lead atomically: the idempotency claim, the lead (new or merged), its response
 * task when it becomes call-eligible, and the response kept for replays. A lead that cannot be a
 * repeat takes one statement; one with platform + external_lead_id takes a transaction.
 *
 * @example const outcome = await acceptLead(db, { tokenId, accountId }, valid, fingerprint);
 */
export async function acceptLead(
  db: Database,
  channel: Channel,
  lead: ValidLead,
  fingerprint: string,
  now: Date = new Date(),
): Promise<IntakeOutcome> {
  try {
    if (lead.input.platform === undefined || lead.input.external_lead_id === undefined) {
      return await storeNewLead(db, channel, lead, fingerprint, now);
    }
    return await db.transaction(async (tx) => {
      const key = lead.idempotencyKey;
      if (key !== undefined) {
        if (!(await claimIdempotencyKey(tx, channel.accountId, key, fingerprint, now))) {
          return await earlierResponse(tx, channel.accountId, key, fingerprint);
        }
      }
      const outcome = await storeLead(tx, channel, lead, now);
      if (key !== undefined) {
        await recordIdempotentResponse(tx, channel.accountId, key, {
          leadId: outcome.lead.id,
          status: outcome.status,
          body: outcome.body,
        });
      }
      return outcome;
    });
  } catch (error) {
    // Another transaction held the key longer than IDEMPOTENCY_WAIT_MS.
    if (error instanceof DatabaseError && error.sqlState === LOCK_NOT_AVAILABLE) return { kind: "in_flight" };
    throw error;
  }
}

/** The common case, a lead that cannot be a repeat: one statement, one round trip (see new-lead-statement.ts). */
async function storeNewLead(
  db: Database,
  channel: Channel,
  lead: ValidLead,
  fingerprint: string,
  now: Date,
): Promise<IntakeOutcome> {
  const row = await withDoNotCall(db, newLeadRow(channel, lead, now));
  const body = JSON.stringify(acceptedBody(row, true, lead.ignoredFields));
  const responseTaskId = row.response_state === "pending" ? Bun.randomUUIDv7() : undefined;
  const key = lead.idempotencyKey;
  const claimed = await insertNewLeadStatement(db, {
    lead: row,
    responseTaskId,
    idempotency: key === undefined ? undefined : { key, fingerprint, status: 201, body },
  });
  if (!claimed) return await earlierResponse(db, channel.accountId, key!, fingerprint);
  return { kind: "stored", status: 201, body, lead: row, created: true, responseTaskId };
}

function newLeadRow(channel: Channel, lead: ValidLead, now: Date): LeadRow {
  const fields = fieldsFromInput(lead);
  return {
    ...fields,
    id: Bun.randomUUIDv7(),
    account_id: channel.accountId,
    channel_token_id: channel.tokenId,
    consent_received_at: fields.consent ? now : null,
    consent_channel_token_id: fields.consent ? channel.tokenId : null,
    received_at: now,
    respond_by: new Date(now.getTime() + RESPOND_WITHIN_SECONDS * 1000),
    updated_at: now,
    ...responsePlan(fields, false),
  };
}

async function earlierResponse(
  tx: Queryable,
  accountId: string,
  key: string,
  fingerprint: string,
): Promise<IntakeOutcome> {
  const record = await findIdempotencyRecord(tx, accountId, key);
  if (!record) return { kind: "in_flight" };
  if (record.fingerprint !== fingerprint) return { kind: "key_reused" };
  if (record.response_status === null || record.response_body === null || record.lead_id === null) {
    return { kind: "in_flight" };
  }
  return {
    kind: "replayed",
    status: record.response_status,
    body: record.response_body,
    leadId: record.lead_id,
  };
}

async function storeLead(tx: Transaction, channel: Channel, lead: ValidLead, now: Date): Promise<Ready> {
  const row = await withDoNotCall(tx, newLeadRow(channel, lead, now));
  const inserted = await insertLead(tx, row);
  if (inserted) {
    const responseTaskId =
      inserted.response_state === "pending" ? await scheduleResponse(tx, inserted, now) : undefined;
    if (inserted.response_state === "not_called") {
      await tx.query(queueCallbacks("select $1::uuid", "lead.not_called"), [inserted.id]);
    }
    return ready(inserted, true, lead, responseTaskId);
  }
  // Only a (platform, external_lead_id) conflict makes the insert return nothing.
  await lockTaskOfExternalId(tx, channel.accountId, row.platform!, row.external_lead_id!);
  const stored = await lockLeadByExternalId(tx, channel.accountId, row.platform!, row.external_lead_id!);
  if (!stored) throw new Error("lead conflict without a stored lead");
  const phone = lead.phone ?? stored.phone;
  const listed = phone !== null && (await isOnList(tx, channel.accountId, phone));
  const merged = mergeRepeat(stored, lead, channel.tokenId, now, listed);
  const updated = await updateLead(tx, merged.lead, now);
  // The detail view's history of repeats commits with the merge itself.
  await recordRepeat(tx, {
    leadId: updated.id,
    channelTokenId: channel.tokenId,
    receivedAt: now,
    changedFields: changedFields(stored, updated),
  });
  const responseTaskId = merged.startsResponse ? await scheduleResponse(tx, updated, now) : undefined;
  return ready(updated, false, lead, responseTaskId);
}

/** The lead's task, new or reopened for a new response (a lead has one task row; see response_no). */
function scheduleResponse(tx: Transaction, lead: LeadRow, now: Date) {
  return insertResponseTask(tx, {
    id: Bun.randomUUIDv7(),
    leadId: lead.id,
    accountId: lead.account_id,
    dueAt: new Date(lead.respond_by),
    nextAttemptAt: now,
  });
}

function ready(row: LeadRow, created: boolean, lead: ValidLead, responseTaskId: string | undefined): Ready {
  return {
    kind: "stored",
    status: created ? 201 : 200,
    body: JSON.stringify(acceptedBody(row, created, lead.ignoredFields)),
    lead: row,
    created,
    responseTaskId,
  };
}
