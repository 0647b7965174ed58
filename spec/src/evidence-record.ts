// A lead's evidence record: the one JSON document of how the lead was treated, its chained log, signed so anyone can check it.
import { type Static, Type } from "@sinclair/typebox";
import { text } from "./text.ts";

/** The record's version: 2 is signed with Ed25519 (a JWS) and carries its chained log; 1 had an HMAC seal. */
export const EVIDENCE_RECORD_VERSION = 2;

const HEX_SHA256 = "^[0-9a-f]{64}$";

/** One link of a lead's evidence log. */
export const EvidenceEntrySchema = Type.Object(
  {
    seq: Type.Integer({
      minimum: 1,
      description: text("EvidenceEntry.seq.description", "1, 2, 3…: the entry's place in the lead's log."),
    }),
    body: Type.String({
      description: text(
        "EvidenceEntry.body.description",
        'The exact JSON text that was hashed: {"at": when it was written (UTC), "data": what happened, "kind": received, handoff, call_attempt, do_not_call, repeat_merged or trustedform_claim, "seq"}. Entry 1 (received) holds the lead as it arrived with its consent block as received.',
      ),
    }),
    prev: Type.String({
      pattern: HEX_SHA256,
      description: text(
        "EvidenceEntry.prev.description",
        "The previous entry's hash; 64 zeros before entry 1.",
      ),
    }),
    hash: Type.String({
      pattern: HEX_SHA256,
      description: text(
        "EvidenceEntry.hash.description",
        "SHA-256 (hex) of the UTF-8 bytes of prev, a newline (\\n) and body.",
      ),
    }),
  },
  { "x-component": "EvidenceEntry", additionalProperties: false },
);

const section = (id: Parameters<typeof text>[0], english: string) =>
  Type.Object({}, { additionalProperties: true, description: text(id, english) });

/**
 * @example GET /api/speed-to-lead/leads/0193f0c2-…/evidence → { "type": "lead.evidence", "version": 1, …, "seal": { … } }
 */
export const EvidenceRecordSchema = Type.Object(
  {
    type: Type.Literal("lead.evidence"),
    version: Type.Literal(EVIDENCE_RECORD_VERSION),
    generated_at: Type.String({
      format: "date-time",
      description: text("EvidenceRecord.generated_at.description", "When the service made this record."),
    }),
    as_of: Type.Object(
      {
        seq: Type.Integer({ minimum: 1 }),
        hash: Type.String({ pattern: HEX_SHA256 }),
        at: Type.String({ format: "date-time" }),
      },
      {
        description: text(
          "EvidenceRecord.as_of.description",
          "The point of the log this record shows: its last entry's seq, hash and time, the chain's head when the record was made. A later record of the lead has the same entries up to here and a higher seq after anything new; an older one still verifies and says its own point.",
        ),
      },
    ),
    account: section("EvidenceRecord.account.description", "The account: id and slug."),
    lead: section(
      "EvidenceRecord.lead.description",
      "The lead's id, platform, external_lead_id, test flag, phone (E.164), received_at (arrival), respond_by, and the channel token (id and name) it arrived with.",
    ),
    consent: Type.Union(
      [
        section(
          "EvidenceRecord.consent.description",
          "as_received: the consent block exactly as received, evidence fields included; received_at: when it arrived; channel_token: the token (id and name) it came with.",
        ),
        Type.Null(),
      ],
      { description: text("EvidenceRecord.consent.null.description", "Null when no consent was received.") },
    ),
    decisions: section(
      "EvidenceRecord.decisions.description",
      "response: the lead's response state and reason now; evidence_required: the account's consent-evidence requirement now; rules_version_now: the version of the calling-rules table in force now; handoffs: every hand-off attempt (response_no, attempt, started_at, latency_ms, acknowledged, http_status, error) with its decision: the call permission, the call window with every rule that shaped it (each with its source and the date it was read) and the rules_version it was computed with; since the decision is kept whole, also decided_at, places (every place the person may be, with its zones and states), rules (the jurisdictions that applied), caps (each with the attempts counted and remaining) and holds (each with whether it refused the call or moved the window); offers: every hand-off as offered (handoff_id, response_no, the phone it offered or null, offered_at)",
    ),
    assistant_events: section(
      "EvidenceRecord.assistant_events.description",
      "The lead's numbers are its phone and every number a hand-off offered. call_attempts: every call attempt the assistant reported for those numbers in the account (lead_id, phone, attempted_at, received_at, webhook_id); do_not_call: every do-not-call change of those numbers in the account (phone; add, remove, wrong_number; how it came in and when; who made it and their note stay with the account); call_checks: every pre-dial check of the lead's hand-offs, as answered (CallCheckAnswer), with its webhook_id. An opt-out covers every purpose of the number in the account.",
    ),
    log: Type.Array(EvidenceEntrySchema, {
      minItems: 1,
      description: text(
        "EvidenceRecord.log.description",
        "The lead's append-only evidence log, oldest first: each entry written in the transaction of the fact it records (received; each hand-off with its decision and the assistant's answer; each call attempt; each do-not-call change of its number; each repeat that changed what was received; each answer to a TrustedForm certificate claim), chained by SHA-256. Nothing updates or deletes an entry. At most 2,000 entries: as_of says where the record stops.",
      ),
    }),
    signature: Type.Object(
      {
        protected: Type.String({
          pattern: "^[A-Za-z0-9_-]+$",
          description: text(
            "EvidenceRecord.signature.protected.description",
            'The JWS protected header, base64url: {"alg":"EdDSA","kid":…}; kid names the key in GET /api/speed-to-lead/evidence-keys.',
          ),
        }),
        signature: Type.String({
          pattern: "^[A-Za-z0-9_-]{86}$",
          description: text(
            "EvidenceRecord.signature.signature.description",
            'The Ed25519 signature, base64url, of protected + "." + base64url(payload).',
          ),
        }),
      },
      {
        description: text(
          "EvidenceRecord.signature.description",
          "A JWS (RFC 7515, flattened, payload detached) by the service's Ed25519 key. The payload is the record without this field as RFC 8785 canonical JSON (object keys sorted, no spaces). Anyone verifies it with the published public key alone; any changed byte fails it.",
        ),
      },
    ),
  },
  {
    "x-component": "EvidenceRecord",
    description: text(
      "EvidenceRecord.description",
      "Everything the service knows about how one lead was treated, as one signed document a lead buyer can hand a lawyer and anyone can verify offline with the service's public key: the consent as received with the token and time of arrival, every compliance decision with the rule rows and their versions that made it, each hand-off attempt, each assistant event and each do-not-call change of the number, and the append-only log that chains them.",
    ),
  },
);

export type EvidenceRecord = Static<typeof EvidenceRecordSchema>;
