// A lead's evidence record: the one JSON document of how the lead was treated, sealed so an edit shows.
import { type Static, Type } from "@sinclair/typebox";
import { text } from "./text.ts";

/** The record's version: 1 is the first shape. */
export const EVIDENCE_RECORD_VERSION = 1;

const section = (id: Parameters<typeof text>[0], english: string) =>
  Type.Object({}, { additionalProperties: true, description: text(id, english) });

/**
 * @example GET /api/speed-to-lead/leads/0193f0c2-…/evidence → { "type": "lead.evidence", "version": 1, …, "seal": { … } }
 */
export const EvidenceRecordSchema = Type.Object(
  {
    type: Type.Literal("lead.evidence"),
    version: Type.Literal(EVIDENCE_RECORD_VERSION),
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
      "The lead's numbers are its phone and every number a hand-off offered. call_attempts: every call attempt the assistant reported for those numbers in the account (lead_id, phone, attempted_at, received_at, webhook_id); do_not_call: every do-not-call change of those numbers in the account (phone; add, remove, wrong_number; how it came in, who, when); call_checks: every pre-dial check of the lead's hand-offs, as answered (CallCheckAnswer), with its webhook_id. An opt-out covers every purpose of the number in the account.",
    ),
    seal: Type.Object(
      {
        content_sha256: Type.String({
          pattern: "^[0-9a-f]{64}$",
          description: text(
            "EvidenceRecord.seal.content_sha256.description",
            "SHA-256 (hex) of the record without its seal, as canonical JSON: object keys sorted at every depth, no spaces.",
          ),
        }),
        signature: Type.Union(
          [
            Type.Object({
              algorithm: Type.Literal("HMAC-SHA256"),
              key_id: Type.String({ pattern: "^[0-9a-f]{8}$" }),
              value: Type.String({ pattern: "^[0-9a-f]{64}$" }),
            }),
            Type.Null(),
          ],
          {
            description: text(
              "EvidenceRecord.seal.signature.description",
              "HMAC-SHA256 (hex) of the same bytes with the service's EVIDENCE_SIGNING_KEY; key_id is the first 8 hex digits of the key's SHA-256. Null when the service has no key set.",
            ),
          },
        ),
      },
      {
        description: text(
          "EvidenceRecord.seal.description",
          "What shows an edit: recompute both over the record without this field; any change of a byte changes them.",
        ),
      },
    ),
  },
  {
    "x-component": "EvidenceRecord",
    description: text(
      "EvidenceRecord.description",
      "Everything the service knows about how one lead was treated (the same bytes, ETag and seal on every read until something about the lead changes), as one document a lead buyer can hand a lawyer: the consent as received with the token and time of arrival, every compliance decision with the rule rows and their versions that made it, each hand-off attempt, each assistant event and each do-not-call change of the number.",
    ),
  },
);

export type EvidenceRecord = Static<typeof EvidenceRecordSchema>;
