// The OpenAPI path item of the evidence records' public keys (getEvidenceKeys).
import { text } from "../text.ts";
import type { Json } from "./responses.ts";

export const getEvidenceKeysPath = (): Json => ({
  get: {
    operationId: "getEvidenceKeys",
    tags: ["meta"],
    summary: text("getEvidenceKeys.summary", "Get the evidence records' public keys"),
    description: text(
      "getEvidenceKeys.description",
      "The JWKS (schema EvidenceKeySet) of every key lead evidence records were signed with: a record's signature names its key by kid. Needs no token, so a buyer, a lawyer or a court can fetch it; a copy kept with a record lets it be verified with no access to the service at all. Cacheable for five minutes.",
    ),
    security: [],
    responses: {
      "200": {
        description: text("getEvidenceKeys.200.description", "The public keys."),
        content: { "application/json": { schema: { $ref: "#/components/schemas/EvidenceKeySet" } } },
      },
    },
  },
});
