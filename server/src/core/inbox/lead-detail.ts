// Everything stored about one lead of an account, with its history: what the detail view shows.

import type { Consent, NotCalledReason, ResponseState } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import { plainRows } from "../../db/plain-rows.ts";
import { isUuid } from "../../db/uuid-text.ts";
import { type LeadCallAttempts, listCallAttempts } from "../handoff/call-caps.ts";
import { type LeadCallChecks, listCallChecks } from "../handoff/call-checks.ts";
import { type AttemptEntry, listHandoffAttempts } from "../handoff/handoff-attempts.ts";
import { type HandoffOffer, leadOffers } from "../handoff/handoff-offers.ts";
import { listRetries, type RetryEntry } from "../handoff/handoff-retries.ts";
import { callAllowedAfter } from "../leads/call-cooldown.ts";
import { callEligible } from "../leads/call-eligibility.ts";
import type { LeadFields } from "../leads/lead-record.ts";
import type { QuarantineReason } from "../leads/quarantine-reasons.ts";
import { listRepeats, type RepeatHistory } from "../leads/repeat-history.ts";
import { formatPhoneForPeople } from "../phone.ts";

/** Every text field was sent by an application holding a token: escape it wherever it is shown. */
export interface LeadDetail extends Omit<LeadFields, "source" | "consent"> {
  id: string;
  received_at: Date;
  updated_at: Date;
  respond_by: Date;
  phone_display: string | null;
  source: string;
  channel: { id: string; name: string };
  /** The block exactly as received, with when and through which token; null when none came. */
  consent: { block: Consent; received_at: Date; channel: { id: string; name: string } } | null;
  response_state: ResponseState;
  call_eligible: boolean;
  not_called_reason: NotCalledReason | null;
  /** Held back from calls (a failed bot check or a filled honeypot), and when an owner released it; null: never held. */
  quarantine: { reason: QuarantineReason; released_at: Date | null } | null;
  /** The earlier lead whose call this one joined (call-cooldown.ts), and when the number may be called again. */
  joined: { lead_id: string; received_at: Date; call_allowed_after: Date } | null;
  /** How many later leads for its number joined this one instead of starting another call. */
  joined_by: number;
  /** Every idempotency key a request for this lead carried (the first request and keyed repeats). */
  idempotency_keys: { key: string; created_at: Date }[];
  /** Top-level names the API ignored in this lead's requests, first seen first, bounded (ignored-fields.ts). */
  ignored_fields: string[];
  /** The latest repeats, with the count of earlier ones (repeat-history.ts). */
  repeats: RepeatHistory;
  /** The response task (null when the lead was never call-eligible). */
  handoff: {
    status: "pending" | "delivered" | "missed";
    attempts: number;
    next_attempt_at: Date;
    last_error: string | null;
    delivered_at: Date | null;
  } | null;
  attempts: AttemptEntry[];
  retries: RetryEntry[];
  /** The status callbacks told to the sender about this lead. */
  callbacks: CallbackEntry[];
  /** The calls the assistant reported placing to this lead. */
  call_attempts: LeadCallAttempts;
  /** Each hand-off (response) with the number it offered: a lead whose phone changed shows both. */
  handoffs: HandoffOffer[];
  /** The assistant's pre-dial checks and their answers. */
  call_checks: LeadCallChecks;
}

export interface CallbackEntry {
  type: "lead.handed_off" | "lead.missed" | "lead.not_called";
  status: "pending" | "delivered" | "failed";
  attempts: number;
  created_at: Date;
  delivered_at: Date | null;
  last_error: string | null;
}

const LEAD_SQL = `select l.id::text as id, l.received_at, l.updated_at, l.respond_by, l.phone, l.email, l.first_name,
  l.last_name, l.source, l.source_original, l.source_campaign, l.property_ref, l.price::text as price, l.language,
  l.timezone, l.state, l.postal_code, l.context, l.source_event_at, l.platform, l.external_lead_id, l.test,
  l.consent, l.ignored_fields,
  l.consent_received_at, l.consent_channel_token_id::text as consent_channel_token_id, ct.name as consent_channel_name,
  l.channel_token_id::text as channel_token_id, t.name as channel_name, l.response_state, l.response_reason,
  l.quarantine, l.quarantine_released_at, l.joined_lead_id::text as joined_lead_id,
  j.received_at as joined_received_at, a.call_cooldown_hours, rt.status as task_status, rt.attempts as task_attempts, rt.next_attempt_at, rt.last_error, rt.delivered_at
from leads l
join channel_tokens t on t.id = l.channel_token_id
left join channel_tokens ct on ct.id = l.consent_channel_token_id
left join response_tasks rt on rt.lead_id = l.id
left join leads j on j.id = l.joined_lead_id and j.account_id = l.account_id
join accounts a on a.id = l.account_id
where l.account_id = $1 and l.id = $2`;

/** The key as its sender sent it: an intake channel's keys are stored behind its channel (channel-namespace.ts). */
const sentKey = (stored: string) => stored.slice(stored.indexOf(" ") + 1);

/**
 * undefined when the id is not a lead of this account (another account's lead included): "not found".
 *
 * @example const detail = await getLeadDetail(db, session.accountId, params.id); if (!detail) return notFound();
 */
export async function getLeadDetail(
  db: Queryable,
  accountId: string,
  leadId: string,
): Promise<LeadDetail | undefined> {
  if (!isUuid(leadId)) return undefined;
  // biome-ignore lint/suspicious/noExplicitAny: one joined row, mapped field by field below
  const [row] = await db.query<any>(LEAD_SQL, [accountId, leadId]);
  if (!row) return undefined;
  const [keys, repeats, attempts, retries, callbacks, callAttempts, [joinedBy], handoffs, callChecks] =
    await Promise.all([
      db.query<{ key: string; created_at: Date }>(
        `select key, created_at from idempotency_keys where account_id = $1 and lead_id = $2
       order by created_at, key`,
        [accountId, leadId],
      ),
      listRepeats(db, leadId),
      listHandoffAttempts(db, leadId),
      listRetries(db, leadId),
      db.query<CallbackEntry>(
        `select type, status, attempts, created_at, delivered_at, last_error from status_callbacks
       where lead_id = $1 order by created_at, id`,
        [leadId],
      ),
      listCallAttempts(db, leadId),
      db.query<{ n: number | string }>("select count(*) as n from leads where joined_lead_id = $1", [leadId]),
      leadOffers(db, leadId),
      listCallChecks(db, leadId),
    ]);
  return {
    id: row.id,
    received_at: row.received_at,
    updated_at: row.updated_at,
    respond_by: row.respond_by,
    phone: row.phone,
    phone_display: formatPhoneForPeople(row.phone),
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    source: row.source,
    source_original: row.source_original,
    source_campaign: row.source_campaign,
    property_ref: row.property_ref,
    price: row.price === null ? null : Number(row.price),
    language: row.language,
    timezone: row.timezone,
    state: row.state,
    postal_code: row.postal_code,
    context: row.context,
    source_event_at: row.source_event_at,
    platform: row.platform,
    external_lead_id: row.external_lead_id,
    test: row.test,
    channel: { id: row.channel_token_id, name: row.channel_name },
    consent: row.consent
      ? {
          block: row.consent,
          received_at: row.consent_received_at,
          channel: { id: row.consent_channel_token_id, name: row.consent_channel_name },
        }
      : null,
    response_state: row.response_state,
    // A refused call keeps its reason while the lead is answered by email.
    call_eligible: callEligible(row),
    not_called_reason: row.response_reason,
    quarantine: row.quarantine ? { reason: row.quarantine, released_at: row.quarantine_released_at } : null,
    joined: row.joined_received_at
      ? {
          lead_id: row.joined_lead_id,
          received_at: row.joined_received_at,
          call_allowed_after: callAllowedAfter(row.joined_received_at, row.call_cooldown_hours),
        }
      : null,
    joined_by: Number(joinedBy?.n ?? 0),
    idempotency_keys: keys.map(({ key, created_at }) => ({ key: sentKey(key), created_at })),
    ignored_fields: row.ignored_fields ?? [],
    repeats,
    handoff: row.task_status
      ? {
          status: row.task_status,
          attempts: row.task_attempts,
          next_attempt_at: row.next_attempt_at,
          last_error: row.last_error,
          delivered_at: row.delivered_at,
        }
      : null,
    attempts,
    retries,
    callbacks: plainRows(callbacks),
    call_attempts: callAttempts,
    handoffs: handoffs?.offers ?? [],
    call_checks: callChecks,
  };
}
