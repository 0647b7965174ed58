// A lead as the leads table holds it, and how a stored row becomes the response's `lead`.
import {
  type Consent,
  FALLBACK_SOURCE,
  LEAD_SOURCES,
  type LeadResponseState,
  type LeadSource,
  type NotCalledReason,
  type ResponseState,
  type StoredLead,
} from "@speed-to-lead/spec";
import type { QuarantineReason } from "./quarantine-reasons.ts";
import type { ValidLead } from "./validation/validate-lead.ts";

/** The columns a sender's fields map to; null where the sender supplied nothing. */
export interface LeadFields {
  phone: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  source: LeadSource;
  source_original: string | null;
  source_campaign: string | null;
  property_ref: string | null;
  price: number | null;
  language: string | null;
  timezone: string | null;
  state: string | null;
  postal_code: string | null;
  context: Record<string, unknown> | null;
  source_event_at: string | null;
  external_lead_id: string | null;
  platform: string | null;
  test: boolean;
  consent: Consent | null;
}

export interface LeadRow extends LeadFields {
  id: string;
  account_id: string;
  channel_token_id: string;
  consent_received_at: Date | null;
  consent_channel_token_id: string | null;
  received_at: Date;
  respond_by: Date;
  updated_at: Date;
  response_state: ResponseState;
  response_reason: NotCalledReason | null;
  /** Names the API ignored in this lead's requests, bounded (keptIgnoredFields); null: none. Never in an API answer. */
  ignored_fields: string[] | null;
  /** The namespace of its (platform, external_lead_id): null the account's shared one, else an intake channel's. */
  external_id_channel?: string | null;
  /** Why the lead is held back from calls until an owner releases it (quarantine.ts); null: not held. */
  quarantine?: QuarantineReason | null;
  quarantine_released_at?: Date | null;
  /** The earlier lead whose call this one joined instead of starting another (call-cooldown.ts). */
  joined_lead_id?: string | null;
}

const KNOWN_SOURCES: ReadonlySet<string> = new Set(LEAD_SOURCES);

/** An unknown source is stored as "form" and the value sent is kept in source_original. */
export function resolveSource(sent: string | undefined): {
  source: LeadSource;
  source_original: string | null;
} {
  if (sent === undefined) return { source: FALLBACK_SOURCE, source_original: null };
  if (KNOWN_SOURCES.has(sent)) return { source: sent as LeadSource, source_original: null };
  return { source: FALLBACK_SOURCE, source_original: sent };
}

/** The normalized fields of a valid request; `idempotency_key` is not part of a lead. */
export function fieldsFromInput(lead: ValidLead): LeadFields {
  const input = lead.input;
  return {
    phone: lead.phone ?? null,
    email: input.email ?? null,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    ...resolveSource(input.source),
    source_campaign: input.source_campaign ?? null,
    property_ref: input.property_ref ?? null,
    price: input.price ?? null,
    language: input.language ?? null,
    timezone: lead.timezone ?? null,
    state: input.state ?? null,
    postal_code: input.postal_code ?? null,
    context: (input.context as Record<string, unknown> | undefined) ?? null,
    source_event_at: input.source_event_at ?? null,
    external_lead_id: input.external_lead_id ?? null,
    platform: input.platform ?? null,
    test: input.test ?? false,
    consent: input.consent ?? null,
  };
}

/** Field order of the spec's StoredLead, so responses read like the documentation; also the leads columns. */
export const STORED_ORDER = [
  "phone",
  "email",
  "first_name",
  "last_name",
  "source",
  "source_original",
  "source_campaign",
  "property_ref",
  "price",
  "language",
  "timezone",
  "state",
  "postal_code",
  "context",
  "source_event_at",
  "external_lead_id",
  "platform",
] as const;

/** The response's `lead`: fields the sender never supplied are absent, price a number (bigint comes back as text). */
export function toStoredLead(row: LeadRow): StoredLead {
  const lead: Record<string, unknown> = {};
  for (const name of STORED_ORDER) {
    const value = row[name];
    if (value === null || value === undefined) continue;
    lead[name] = name === "price" ? Number(value) : value;
  }
  lead.test = row.test;
  lead.consent = row.consent ?? null;
  const response: LeadResponseState = { state: row.response_state };
  if (row.response_reason) response.reason = row.response_reason;
  lead.response = response;
  return lead as StoredLead;
}

/**
 * A lead `l`'s response task id, in SQL: the id kept from before the hand-off queue, else the lead's own
 * (webhook-ids derive from it).
 */
export const TASK_ID_SQL = "coalesce(l.task_id, l.id)";
