// One inbox row: the SQL that reads it (leads joined with their channel's name) and its plain-data shape.
import type { NotCalledReason, ResponseState } from "@speed-to-lead/spec";
import { callEligible } from "../leads/call-eligibility.ts";
import { formatPhoneForPeople } from "../phone.ts";
import { timestampToMicros } from "./keyset-cursor.ts";

/** Every text here was sent by an application holding a token: escape it wherever it is shown. */
export interface InboxRow {
  id: string;
  received_at: Date;
  first_name: string | null;
  last_name: string | null;
  /** E.164. */
  phone: string | null;
  /** The same number as people read it, e.g. "(415) 555-2671". */
  phone_display: string | null;
  email: string | null;
  source: string;
  source_original: string | null;
  source_campaign: string | null;
  property_ref: string | null;
  platform: string | null;
  external_lead_id: string | null;
  channel_token_id: string;
  channel_name: string;
  test: boolean;
  consent_present: boolean;
  /** The lead's phone is on the account's do-not-call list now. */
  phone_listed: boolean;
  call_eligible: boolean;
  /** Why the lead is not called (answered by email only when not not_called); null when call-eligible. */
  not_called_reason: NotCalledReason | null;
  response_state: ResponseState;
  respond_by: Date;
  updated_at: Date;
}

/** What the SQL returns: the row plus the exact microseconds the cursors need. */
export type InboxRowRecord = Omit<InboxRow, "phone_display" | "call_eligible" | "not_called_reason"> & {
  response_reason: NotCalledReason | null;
  received_micros: string;
  updated_micros: string;
};

/** The row's columns, read from leads `l` joined with channel_tokens `t` ({@link INBOX_ROW_FROM}). */
export const INBOX_ROW_COLUMNS = `l.id::text as id, l.received_at, l.first_name, l.last_name, l.phone, l.email,
  l.source, l.source_original, l.source_campaign, l.property_ref, l.platform, l.external_lead_id, l.channel_token_id::text as channel_token_id,
  t.name as channel_name, l.test, l.consent is not null as consent_present,
  exists (select 1 from dnc_numbers d where d.account_id = l.account_id and d.phone = l.phone) as phone_listed,
  l.response_state,
  l.response_reason, l.respond_by, l.updated_at,
  ${timestampToMicros("l.received_at")} as received_micros, ${timestampToMicros("l.updated_at")} as updated_micros`;
export const INBOX_ROW_FROM = "from leads l join channel_tokens t on t.id = l.channel_token_id";
export const INBOX_ROW_SELECT = `select ${INBOX_ROW_COLUMNS}\n${INBOX_ROW_FROM}`;

export function toInboxRow(record: InboxRowRecord): InboxRow {
  const { response_reason, received_micros: _r, updated_micros: _u, ...row } = record;
  return {
    ...row,
    phone_display: formatPhoneForPeople(row.phone),
    call_eligible: callEligible({ response_state: row.response_state, response_reason }),
    not_called_reason: response_reason,
  };
}
