// What a sender sees of a lead it posted: GET by id or by (platform, external_lead_id).
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { StoredLeadSchema } from "./stored-lead.ts";
import { text } from "./text.ts";
import { leadId } from "./webhook-envelope.ts";

export const HandoffAttemptSchema = Type.Object(
  {
    response_no: Type.Integer({
      minimum: 1,
      description: text(
        "HandoffAttempt.response_no.description",
        "Which response of the lead the attempt belongs to.",
      ),
    }),
    attempt: Type.Integer({
      minimum: 1,
      description: text(
        "HandoffAttempt.attempt.description",
        "The attempt's number within its response's task.",
      ),
    }),
    started_at: DateTimeWithZone(text("HandoffAttempt.started_at.description", "When the attempt started.")),
    ok: Type.Boolean({
      description: text("HandoffAttempt.ok.description", "Whether the assistant acknowledged it (2xx)."),
    }),
    http_status: Type.Union([Type.Integer(), Type.Null()], {
      description: text(
        "HandoffAttempt.http_status.description",
        "The assistant's HTTP status; null when it did not answer (timeout, network error).",
      ),
    }),
  },
  {
    "x-component": "HandoffAttempt",
    additionalProperties: false,
    description: text("HandoffAttempt.description", "One delivery attempt."),
  },
);

export const LeadStatusSchema = Type.Object(
  {
    id: leadId(),
    call_eligible: Type.Boolean({
      description: text(
        "LeadStatus.call_eligible.description",
        "Whether the assistant may call the lead now.",
      ),
    }),
    received_at: DateTimeWithZone(
      text("LeadAccepted.received_at.description", "When the service first received the lead (UTC)."),
    ),
    respond_by: DateTimeWithZone(
      text("LeadStatus.respond_by.description", "The deadline of the lead's current five-minute response."),
    ),
    consent_received_at: Type.Union(
      [
        DateTimeWithZone(
          text("LeadStatus.consent_received_at.when.description", "When the stored consent block arrived."),
        ),
        Type.Null(),
      ],
      {
        description: text(
          "LeadStatus.consent_received_at.description",
          "When the stored consent block arrived (a repeat's time for a late consent); null without one.",
        ),
      },
    ),
    lead: StoredLeadSchema,
    handoff_attempts: Type.Array(HandoffAttemptSchema, {
      description: text("LeadStatus.handoff_attempts.description", "Every delivery attempt, oldest first."),
    }),
  },
  {
    "x-component": "LeadStatus",
    additionalProperties: false,
    description: text("LeadStatus.description", "A stored lead and its response."),
  },
);

export type LeadStatus = Static<typeof LeadStatusSchema>;
