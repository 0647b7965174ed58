// The OpenAPI path item of a lead's evidence record (getLeadEvidence).
import { text } from "../text.ts";
import { type Json, leadByIdParameters, leadReadResponses } from "./responses.ts";

export const getLeadEvidencePath = (): Json => ({
  get: {
    operationId: "getLeadEvidence",
    tags: ["leads"],
    summary: text("getLeadEvidence.summary", "Get a lead's evidence record"),
    description: text(
      "getLeadEvidence.description",
      "The lead's evidence record (schema EvidenceRecord): one JSON document signed with the service's Ed25519 key (public keys at GET /api/speed-to-lead/evidence-keys), made at each read (generated_at), with the consent as received, the token and time of arrival, every compliance decision with the rules that made it, each hand-off attempt, each assistant event, each do-not-call change of its number and its chained, append-only log. The same document as the owner's console download. Any channel token of the lead's account that may read (stl_ch_…) may ask; an intake-only token (stl_pk_…) gets 403, another account's lead 404. ETag and rate limit as getLead.",
    ),
    parameters: leadByIdParameters(),
    responses: leadReadResponses([], {
      description: text("getLeadEvidence.200.description", "The evidence record."),
      schema: "EvidenceRecord",
    }),
  },
});
