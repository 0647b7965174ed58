// The OpenAPI path item of a lead found by its platform and external id (findLead).
import { text } from "../text.ts";
import { type Json, leadReadResponses } from "./responses.ts";

export const findLeadPath = (): Json => ({
  get: {
    operationId: "findLead",
    tags: ["leads"],
    summary: text("findLead.summary", "Find a lead by its external id"),
    description: text(
      "findLead.description",
      "The lead of this account with this platform and external_lead_id, as getLead answers it, in the account's shared namespace (the leads its read tokens posted; a form's leads are read by id). A token that may read (stl_ch_…) reads its own channel's leads, and other channels' only when its owner allows it (else 404); an intake-only token (stl_pk_…) gets 403.",
    ),
    parameters: [
      {
        name: "platform",
        in: "query",
        required: true,
        description: text(
          "findLead.parameter.platform.description",
          "The platform the lead was posted with.",
        ),
        schema: { type: "string", minLength: 1 },
      },
      {
        name: "external_lead_id",
        in: "query",
        required: true,
        description: text(
          "findLead.parameter.external_lead_id.description",
          "The lead's id on that platform.",
        ),
        schema: { type: "string", minLength: 1 },
      },
      { $ref: "#/components/parameters/If-None-Match" },
      { $ref: "#/components/parameters/Accept-Language" },
    ],
    responses: leadReadResponses(["lead_query_invalid"]),
  },
});
