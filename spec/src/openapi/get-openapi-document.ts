// The OpenAPI path item of this document itself, in English or Spanish (getOpenApiDocument).
import { text } from "../text.ts";
import type { Json } from "./responses.ts";

export const getOpenApiDocumentPath = (): Json => ({
  get: {
    operationId: "getOpenApiDocument",
    tags: ["meta"],
    summary: text("getOpenApiDocument.summary", "Get this OpenAPI document"),
    description: text(
      "getOpenApiDocument.description",
      "The OpenAPI 3.1 description of the interface. English by default; Spanish with lang=es or when Accept-Language prefers es. Needs no token.",
    ),
    security: [],
    parameters: [
      {
        name: "lang",
        in: "query",
        required: false,
        description: text(
          "getOpenApiDocument.parameter.lang.description",
          "Language of the human text: en or es.",
        ),
        schema: { type: "string", enum: ["en", "es"] },
      },
      { $ref: "#/components/parameters/Accept-Language" },
    ],
    responses: {
      "200": {
        description: text("getOpenApiDocument.200.description", "The OpenAPI document."),
        content: { "application/json": { schema: { type: "object" } } },
      },
    },
  },
});
