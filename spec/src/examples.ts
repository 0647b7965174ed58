// Example payloads shown in the OpenAPI documents; each is valid against its schema (checked by a test).

import type { AssistantEvent } from "./assistant-event.ts";
import type { CallCheck, CallCheckAnswer } from "./call-check.ts";
import type { LeadInput } from "./lead.ts";
import type { LeadAccepted } from "./lead-accepted.ts";
import type { FieldError, Problem } from "./problem.ts";
import { PROBLEM_CODES, type ProblemCode, problemType } from "./problem-codes.ts";

const webformConsent = {
  source: "webform:/contact",
  reference: "sub_8812",
  captured_at: "2026-11-20T14:02:00-06:00",
};

export const leadWithConsentExample = {
  phone: "(415) 555-2671",
  email: "ana.garcia@example.com",
  first_name: "Ana",
  last_name: "García",
  source: "hosted_page",
  source_campaign: "spring-2026.open_house",
  property_ref: "123 Main St, Austin, TX",
  price: 425000,
  language: "es",
  timezone: "America/Chicago",
  context: { bedrooms: 3, utm_source: "newsletter" },
  source_event_at: "2026-11-20T14:02:10-06:00",
  idempotency_key: "form-8812-attempt",
  consent: webformConsent,
} as const satisfies LeadInput;

export const partnerLeadExample: LeadInput = {
  email: "jordan@example.com",
  first_name: "Jordan",
  source: "partner",
  platform: "acme-crm",
  external_lead_id: "A-10023",
};

const { idempotency_key: _key, consent: _asSent, ...storedFields } = leadWithConsentExample;

export const leadCreatedExample: LeadAccepted = {
  id: "0193f0c2-6b1e-7a52-9c1d-5e0b7d2a4f10",
  created: true,
  test: false,
  call_eligible: true,
  received_at: "2026-11-20T20:02:11.482Z",
  respond_by: "2026-11-20T20:07:11.482Z",
  // The lead above as stored: the phone in E.164, the key kept apart (it is not a field of the lead).
  lead: {
    ...storedFields,
    phone: "+14155552671",
    test: false,
    consent: webformConsent,
    response: { state: "pending" },
  },
  ignored_fields: [],
};

export const partnerRepeatExample: LeadAccepted = {
  id: "0193f0c3-11aa-7c3e-8f00-2b9d6c1e7a55",
  created: false,
  test: false,
  call_eligible: false,
  received_at: "2026-11-20T20:10:00.000Z",
  respond_by: "2026-11-20T20:15:00.000Z",
  lead: {
    email: "jordan@example.com",
    first_name: "Jordan",
    source: "partner",
    platform: "acme-crm",
    external_lead_id: "A-10023",
    test: false,
    consent: null,
    response: { state: "not_called", reason: "no_consent" },
  },
  ignored_fields: ["utm_campaign"],
};

const detailExamples: Record<ProblemCode, string> = {
  invalid_json: "The request body is not valid JSON.",
  token_missing: "Send the channel token as Authorization: Bearer <token> or in X-STL-Channel-Token.",
  token_invalid: "The channel token is not valid.",
  token_revoked: "The channel token was revoked.",
  token_expired: "The channel token expired after a roll. Use the token that replaced it.",
  token_conflict: "Authorization and X-STL-Channel-Token carry different tokens.",
  token_intake_only: "This channel token may only post leads.",
  origin_not_allowed: "This channel token may not be used from this origin.",
  lead_repeats_limited: "This lead was repeated too often in the last hour. Retry after 1800 seconds.",
  not_found: "There is nothing at this path.",
  lead_not_found: "No lead has this id.",
  handoff_not_found: "No hand-off of this lead has this id.",
  call_checks_exhausted: "This hand-off has used all its pre-dial checks; do not call under it.",
  webhook_signature_invalid: "The webhook signature does not verify.",
  webhook_timestamp_invalid: "The webhook timestamp is more than 300 seconds from the service's clock.",
  webhook_replayed: "This webhook-id was already processed.",
  method_not_allowed: "Use POST on this path.",
  idempotency_request_in_flight: "A request with this idempotency key is still in progress. Retry shortly.",
  payload_too_large: "The request body is larger than 65536 bytes.",
  unsupported_media_type: "Send the lead as application/json.",
  unsupported_content_encoding: "Send the body without Content-Encoding.",
  validation_failed: "2 fields break the contract.",
  idempotency_key_mismatch: "The idempotency_key field and the Idempotency-Key header differ.",
  idempotency_key_reused: "This idempotency key was already used with a different payload.",
  rate_limited: "Too many requests for this channel token. Retry after 1 second.",
  too_many_failed_authentications:
    "Too many failed authentications from this address. Retry after 12 seconds.",
  internal_error: "Something went wrong on our side. Retry with the same idempotency key.",
  unavailable: "The service is temporarily unavailable. Retry after 2 seconds.",
  lead_query_invalid: "Name the lead with platform and external_lead_id, each once.",
};

export function problemExample(code: ProblemCode, errors?: FieldError[]): Problem {
  const definition = PROBLEM_CODES[code];
  return {
    type: problemType(code),
    title: definition.title.en,
    status: definition.status,
    detail: detailExamples[code],
    code,
    request_id: "req_01JD3X7Q2M",
    ...(errors ? { errors } : {}),
  };
}

export const validationFailedExample = problemExample("validation_failed", [
  { pointer: "/phone", code: "phone_not_us", message: "Only US phone numbers are accepted." },
  {
    pointer: "/consent/reference",
    code: "consent_incomplete",
    message: "The consent block needs source, reference and captured_at, each a non-empty string.",
  },
]);

export const assistantEventExample: AssistantEvent = {
  type: "lead.opted_out",
  timestamp: "2026-11-20T20:12:00Z",
  data: {
    lead_id: "0193f0c2-5b7e-7d1a-9c3e-4f2a8b6d1e90",
    handoff_id: "0193f0c2-6a10-7b2c-8d4e-5f6a7b8c9d0e",
  },
};

export const callCheckExample: CallCheck = {
  handoff_id: "0193f0c2-6a10-7b2c-8d4e-5f6a7b8c9d0e",
  lead_id: "0193f0c2-5b7e-7d1a-9c3e-4f2a8b6d1e90",
  phone: "+13055550103",
};

/** A fourth call to a Florida number within 24 hours: refused until the oldest counted attempt is 24 hours old. */
export const callCheckRefusedExample: CallCheckAnswer = {
  check_id: "0193f0c3-1d2e-7f40-a1b2-c3d4e5f60718",
  ...callCheckExample,
  checked_at: "2026-11-20T18:00:00.000Z",
  allowed: false,
  reasons: [
    {
      code: "cap_reached",
      until: "2026-11-21T15:00:00.000Z",
      jurisdiction: "US-FL",
      detail: "3 calls per 24 hours",
    },
  ],
  call_window: {
    earliest: "2026-11-21T15:00:00.000Z",
    latest: "2026-11-22T01:00:00.000Z",
    time_zones: ["America/New_York"],
    time_zone_source: "area_code",
    local_start: "08:00",
    local_end: "20:00",
    rules_applied: [],
  },
  call_caps: [
    {
      jurisdiction: "US-FL",
      calls: 3,
      hours: 24,
      attempts_remaining: 0,
      next_release: "2026-11-21T15:00:00.000Z",
    },
  ],
};
