// Accepting a valid lead: idempotency, deduplication by external id and the response-task outbox, in one transaction.

import { CONSENT_OF_ANOTHER_CHANNEL, RESPOND_WITHIN_SECONDS } from "@speed-to-lead/spec";
import {
  type Database,
  DatabaseError,
  LOCK_NOT_AVAILABLE,
  type Queryable,
  type Transaction,
} from "../../db/database.ts";
import type { ChannelIdentity } from "../accounts/authenticator.ts";
import { type AnsweredState, acceptedBody, answeredBody, intakeAnswer, sentPlan } from "./accepted-body.ts";
import { coolsDown, DEFAULT_CALL_COOLDOWN_HOURS, withCooldown } from "./call-cooldown.ts";
import { responsePlan } from "./call-eligibility.ts";
import { externalIdNamespace, postedByChannel, storedIdempotencyKey } from "./channel-namespace.ts";
import type { FreshLeadBatch } from "./fresh-lead-batch.ts";
import { keptIgnoredFields } from "./ignored-fields.ts";
import { fieldsFromInput, type LeadRow } from "./lead-record.ts";
import {
  claimIdempotencyKey,
  type FreshLead,
  type FreshLeadResult,
  findIdempotencyRecord,
  findLeadByExternalId,
  type IdempotencyRecord,
  idempotencyKeyFree,
  lockTaskOfExternalId,
  recordIdempotentResponse,
  scheduleResponse,
  storeFreshLeads,
  updateLead,
} from "./lead-store.ts";
import { isOnList } from "./listed-phone.ts";
import { mergeRepeat } from "./merge-repeat.ts";
import { holdMerged, planOf } from "./quarantine.ts";
import type { QuarantineReason } from "./quarantine-reasons.ts";
import { changedFields, recordRepeat, repeatsWithinHour } from "./repeat-history.ts";
import type { ReplayCache } from "./replay-cache.ts";
import type { ValidLead } from "./validation/validate-lead.ts";

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
      /** The task was written leased to this process's dispatcher (LiveStore.ownTaskLeaseMs). */
      responseTaskLeased?: boolean;
    }
  | { kind: "replayed"; status: number; body: string; leadId: string }
  | { kind: "key_reused" }
  | { kind: "in_flight" }
  /** The lead had REPEATS_PER_LEAD_PER_HOUR repeats in the last hour: this one is refused, nothing changed. */
  | { kind: "repeats_limited"; retryAfterSeconds: number };

/** A valid lead as posted: with why it is quarantined when its post failed the token's bot check. */
export type PostedLead = ValidLead & { quarantine?: QuarantineReason };

type Ready = Extract<IntakeOutcome, { kind: "stored" }>;

/**
 * A real post's way to the database; a dry run has none (its transaction rolls back, so it never joins
 * a batch and never teaches the replay cache).
 */
export interface LiveStore {
  batch: FreshLeadBatch;
  replays: ReplayCache;
  /** False once the client went away: a lead not yet in a batch is then not stored. */
  stillWanted(): boolean;
  /** The lease a fresh lead's task is written with when this process's own dispatcher will deliver it. */
  ownTaskLeaseMs?(): number | undefined;
}

/**
 * Stores a validated lead: the idempotency claim, the lead (new or merged), its response task when it
 * can be answered, and the response kept for replays, all committed together. A replay this process
 * answered before is answered from memory. A lead that cannot be a repeat joins a batch (one
 * statement, one commit for all: fresh-lead-batch.ts), unless the call cool-down must decide it (its own
 * transaction, under the number's lock); one with platform + external_lead_id takes its own transaction,
 * as merges of one lead must go one by one.
 *
 * @example const outcome = await acceptLead(db, { tokenId, accountId }, valid, fingerprint, now, live);
 */
export async function acceptLead(
  db: Database,
  channel: ChannelIdentity,
  posted: PostedLead,
  fingerprint: string,
  now: Date = new Date(),
  live?: LiveStore,
): Promise<IntakeOutcome> {
  // From here on the key is the one stored: in the channel's own namespace for an intake-only token.
  const lead = { ...posted, idempotencyKey: storedIdempotencyKey(channel, posted.idempotencyKey) };
  const key = lead.idempotencyKey;
  const kept = key === undefined ? undefined : live?.replays.find(channel.accountId, key);
  if (kept) return answerOf(kept, fingerprint);
  try {
    const outcome =
      lead.input.platform === undefined || lead.input.external_lead_id === undefined
        ? await storeNewLead(db, channel, lead, fingerprint, now, live)
        : await db
            .transaction((tx) => storeRepeatable(tx, channel, lead, fingerprint, now))
            .catch((error) => {
              if (error instanceof RepeatsLimited) return error.outcome;
              throw error;
            });
    if (key !== undefined && live) keepAnswer(live.replays, channel.accountId, key, fingerprint, outcome);
    return outcome;
  } catch (error) {
    // Another transaction held the key longer than LOCK_TIMEOUT_MS.
    if (error instanceof DatabaseError && error.sqlState === LOCK_NOT_AVAILABLE) return { kind: "in_flight" };
    throw error;
  }
}

/**
 * A lead that cannot be a repeat: in a batch for a real post, alone for a dry run. One that would start a call
 * on a number that cools down is decided and stored in a transaction of its own, under the number's lock
 * (call-cooldown.ts): leads of one batch, or of batches in flight together, would not see each other.
 */
async function storeNewLead(
  db: Database,
  channel: ChannelIdentity,
  lead: PostedLead,
  fingerprint: string,
  now: Date,
  live: LiveStore | undefined,
): Promise<IntakeOutcome> {
  const row = newLeadRow(channel, lead, now);
  const hours = cooldownHours(channel);
  if (!coolsDown(row, hours)) {
    const store = async (fresh: FreshLead) =>
      live ? await live.batch.store(fresh, live.stillWanted) : (await storeFreshLeads(db, [fresh]))[0]!;
    return storeFresh(db, channel, lead, fingerprint, row, store, live);
  }
  return db.transaction(async (tx) => {
    // The key's lock before the number's, in the order a repeat takes them: two posts cannot wait on each other.
    const key = lead.idempotencyKey;
    if (key !== undefined && !(await idempotencyKeyFree(tx, channel.accountId, key))) {
      return answerOf(await findIdempotencyRecord(tx, channel.accountId, key), fingerprint);
    }
    const store = async (fresh: FreshLead) => (await storeFreshLeads(tx, [fresh]))[0]!;
    return storeFresh(tx, channel, lead, fingerprint, await withCooldown(tx, row, hours), store, live);
  });
}

/** The write of one new lead through `store`, and its answer (an earlier one when its key was used). */
async function storeFresh(
  q: Queryable,
  channel: ChannelIdentity,
  lead: PostedLead,
  fingerprint: string,
  row: LeadRow,
  store: (fresh: FreshLead) => Promise<FreshLeadResult>,
  live: LiveStore | undefined,
): Promise<IntakeOutcome> {
  const fresh = freshLead(row);
  fresh.leaseMs = live?.ownTaskLeaseMs?.();
  // An intake-only token's answer never says whether the list holds the number, nor what a hold or the
  // cool-down decided: it answers the state its fields alone permit. Others answer the state stored.
  const answered =
    channel.scope === "intake" ? answeredOf(sentPlan(row, channel.evidenceRequired)) : undefined;
  const answeredRow = (stored: LeadRow) => ({ ...stored, ...(answered ?? answeredOf(stored)) });
  const key = lead.idempotencyKey;
  if (key !== undefined) {
    fresh.idempotency = { key, fingerprint, answered };
    // The row keeps at most IGNORED_FIELDS_KEPT names, cut: an answer listing more is kept as sent.
    if (!keepsIgnoredWhole(lead.ignoredFields)) {
      fresh.idempotency.body = answeredBody(answeredRow(row), lead.ignoredFields);
      if (fresh.listedPlan) {
        fresh.idempotency.listedBody = answeredBody(
          answeredRow({ ...row, ...fresh.listedPlan }),
          lead.ignoredFields,
        );
      }
    }
  }
  const result = await store(fresh);
  if (!result.stored) return answerOf(await findIdempotencyRecord(q, channel.accountId, key!), fingerprint);
  const stored = storedRow(fresh, result.listed);
  return {
    kind: "stored",
    status: 201,
    body: answeredBody(answeredRow(stored), lead.ignoredFields),
    lead: stored,
    created: true,
    responseTaskId: taskOf(stored),
    responseTaskLeased: fresh.leaseMs !== undefined && taskOf(stored) !== undefined,
  };
}

const answeredOf = (plan: Pick<LeadRow, "response_state" | "response_reason">): AnsweredState => ({
  answered_state: plan.response_state,
  answered_reason: plan.response_reason,
});

/** Whether the lead's row keeps the ignored names as the answer lists them (then the row re-renders it). */
const keepsIgnoredWhole = (names: string[]) => {
  const kept = keptIgnoredFields(null, names) ?? [];
  return kept.length === names.length && kept.every((name, i) => name === names[i]);
};

/** The row as the statement stored it: with the listed plan when the do-not-call list held its phone. */
const storedRow = (fresh: FreshLead, listed: boolean): LeadRow =>
  listed ? { ...fresh.lead, ...fresh.listedPlan! } : fresh.lead;

/** The task the statement queued: only a lead left pending has one, its id the lead's. */
const taskOf = (stored: LeadRow) => (stored.response_state === "pending" ? stored.id : undefined);

/**
 * The cool-down a fresh lead of this channel waits on: a page's token (held by anyone) is what bombs a number
 * with calls; the account's own servers' leads start their calls as they always did.
 */
const cooldownHours = (channel: ChannelIdentity) =>
  channel.scope === "intake" ? (channel.callCooldownHours ?? DEFAULT_CALL_COOLDOWN_HOURS) : 0;

/** The write of a new lead: its plan should the do-not-call list hold its phone. */
function freshLead(row: LeadRow): FreshLead {
  // The do-not-call list only withdraws a call the fields permit: an otherwise call-eligible lead whose
  // number is listed gets reason opted_out (an email-only hand-off, or not_called without an email).
  const listable = row.response_state === "pending" && row.response_reason === null && row.phone !== null;
  return {
    lead: row,
    listedPlan: listable ? responsePlan(row, true) : undefined,
  };
}

function newLeadRow(channel: ChannelIdentity, lead: PostedLead, now: Date): LeadRow {
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
    ...planOf(fields, lead.quarantine, channel.evidenceRequired),
    ignored_fields: keptIgnoredFields(null, lead.ignoredFields),
    external_id_channel: externalIdNamespace(channel),
    quarantine: lead.quarantine ?? null,
  };
}

/** What a request with a used key gets: the first response (same payload), a 422, or a 409 while in flight. */
function answerOf(record: IdempotencyRecord | undefined, fingerprint: string): IntakeOutcome {
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

/** Keeps a committed answer of this key for the next retry (a 409 is not an answer). */
function keepAnswer(
  replays: ReplayCache,
  accountId: string,
  key: string,
  fingerprint: string,
  outcome: IntakeOutcome,
) {
  if (outcome.kind !== "stored" && outcome.kind !== "replayed") return;
  replays.keep(accountId, key, {
    fingerprint,
    lead_id: outcome.kind === "stored" ? outcome.lead.id : outcome.leadId,
    response_status: outcome.status,
    response_body: outcome.body,
  });
}

/** A lead with platform + external_lead_id, in a transaction: the key first, then a new lead or a merge. */
async function storeRepeatable(
  tx: Transaction,
  channel: ChannelIdentity,
  lead: PostedLead,
  fingerprint: string,
  now: Date,
): Promise<IntakeOutcome> {
  const key = lead.idempotencyKey;
  if (key !== undefined && !(await claimIdempotencyKey(tx, channel.accountId, key, fingerprint, now))) {
    return answerOf(await findIdempotencyRecord(tx, channel.accountId, key), fingerprint);
  }
  const outcome = await storeLead(tx, channel, lead, fingerprint, now);
  // Refused: the key stays unclaimed (the transaction rolls back), so a retry after Retry-After is a new try.
  if (outcome.kind === "repeats_limited") throw new RepeatsLimited(outcome);
  if (key !== undefined) {
    await recordIdempotentResponse(tx, channel.accountId, key, {
      leadId: outcome.lead.id,
      status: outcome.status,
      body: outcome.body,
    });
  }
  return outcome;
}

class RepeatsLimited extends Error {
  constructor(readonly outcome: Extract<IntakeOutcome, { kind: "repeats_limited" }>) {
    super("repeats of this lead limited");
  }
}

async function storeLead(
  tx: Transaction,
  channel: ChannelIdentity,
  posted: PostedLead,
  fingerprint: string,
  now: Date,
): Promise<Ready | Extract<IntakeOutcome, { kind: "repeats_limited" }>> {
  const row = await withCooldown(tx, newLeadRow(channel, posted, now), cooldownHours(channel));
  const fresh = freshLead(row);
  const [result] = await storeFreshLeads(tx, [fresh], { repeatable: true });
  if (result?.stored) {
    const stored = storedRow(fresh, result.listed);
    return ready(channel, stored, true, posted, taskOf(stored));
  }
  // Only a (platform, external_lead_id) conflict leaves a lead without a key unstored.
  const namespace = row.external_id_channel ?? null;
  await lockTaskOfExternalId(tx, channel.accountId, row.platform!, row.external_lead_id!, namespace);
  const stored = await findLeadByExternalId(tx, channel.accountId, row.platform!, row.external_lead_id!, {
    forUpdate: true,
    namespace,
  });
  if (!stored) throw new Error("lead conflict without a stored lead");
  const limited = await repeatsWithinHour(tx, stored.id, now);
  if (limited) return { kind: "repeats_limited", retryAfterSeconds: limited.retryAfterSeconds };
  const lead = await withChannelConsent(tx, stored, posted, channel);
  const phone = lead.phone ?? stored.phone;
  const listed = phone !== null && (await isOnList(tx, channel.accountId, phone));
  const merged = mergeRepeat(stored, lead, channel.tokenId, now, listed, channel.evidenceRequired);
  const updated = await updateLead(tx, holdMerged(merged.lead, posted.quarantine), now);
  // The detail view's history of repeats commits with the merge itself.
  await recordRepeat(tx, {
    leadId: updated.id,
    channelTokenId: channel.tokenId,
    receivedAt: now,
    changedFields: changedFields(stored, updated),
    fingerprint,
  });
  const responseTaskId = merged.startsResponse ? await scheduleResponse(tx, updated, now) : undefined;
  return ready(channel, updated, false, lead, responseTaskId);
}

/**
 * Consent follows the channel that collected it: another channel's repeat may not add or replace the consent
 * of a lead first posted by another channel. Its block is kept as ignored, the reason named in ignored_fields.
 */
async function withChannelConsent(
  tx: Transaction,
  stored: LeadRow,
  posted: PostedLead,
  channel: ChannelIdentity,
): Promise<PostedLead> {
  if (posted.input.consent == null || (await postedByChannel(tx, stored, channel))) return posted;
  return {
    ...posted,
    input: { ...posted.input, consent: undefined },
    ignoredFields: [...posted.ignoredFields, CONSENT_OF_ANOTHER_CHANNEL],
  };
}

/**
 * The answer's body. An intake-only token (held by whoever opens a page) is answered from its own request
 * alone: nothing stored, listed or decided about the number shows (accepted-body.ts).
 */
const bodyOf = (channel: ChannelIdentity, row: LeadRow, lead: PostedLead, created = true) =>
  JSON.stringify(
    channel.scope === "intake"
      ? intakeAnswer(row, fieldsFromInput(lead), created, lead.ignoredFields, channel.evidenceRequired)
      : acceptedBody(row, created, lead.ignoredFields),
  );

function ready(
  channel: ChannelIdentity,
  row: LeadRow,
  created: boolean,
  lead: PostedLead,
  responseTaskId: string | undefined,
): Ready {
  return {
    kind: "stored",
    status: created ? 201 : 200,
    body: bodyOf(channel, row, lead, created),
    lead: row,
    created,
    responseTaskId,
  };
}
