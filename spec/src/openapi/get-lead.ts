// The OpenAPI path item of a lead read by its id (getLead).
import { text } from "../text.ts";
import { type Json, leadByIdParameters, leadReadResponses } from "./responses.ts";

export const getLeadPath = (): Json => ({
  get: {
    operationId: "getLead",
    tags: ["leads"],
    summary: text("getLead.summary", "Get a lead"),
    description: text(
      "getLead.description",
      "The stored lead, its response state and its hand-off attempts (times and outcomes). A token of the lead's account that may read (stl_ch_…) reads it when its channel posted it, or when its owner lets it read other channels (read tokens made before that choice existed have it); else 404, like another account's lead. An intake-only token (stl_pk_…) gets 403. The ETag changes whenever any of it changes: send it back in If-None-Match to get 304 instead. Counts against the token's rate limit like a post.",
    ),
    parameters: leadByIdParameters(),
    responses: leadReadResponses([]),
  },
});
