// What the OpenAPI paths share: problem responses, token refusals and rate limits, the accepted lead, lead reads, signed webhooks.
import { problemExample, validationFailedExample } from "../examples.ts";
import { PROBLEM_CODES, type ProblemCode } from "../problem-codes.ts";
import { text } from "../text.ts";

export type { Json } from "./schemas.ts";

import type { Json } from "./schemas.ts";

const problemRef = { $ref: "#/components/schemas/Problem" };
/** A wait, told three ways (seconds, milliseconds, may-retry), wherever the server asks a client to wait. */
export const retryHeaders = {
  "Retry-After": { $ref: "#/components/headers/Retry-After" },
  "Retry-After-Ms": { $ref: "#/components/headers/Retry-After-Ms" },
  "X-Should-Retry": { $ref: "#/components/headers/X-Should-Retry" },
};
export const requestIdHeader = { $ref: "#/components/headers/X-Request-Id" };
/** The Standard Webhooks headers every signed request carries, ours and the assistant's. */
export const signedWebhookHeaders = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
  $ref: `#/components/parameters/${name}`,
}));

/** A webhook the service sends: signed per Standard Webhooks, a JSON body of the named schema, any 2XX acknowledges. */
export const signedWebhookPost = (
  operation: { operationId: string; tags: string[]; summary: string; description: string },
  bodySchema: "HandoffPayload" | "StatusCallback",
) => ({
  post: {
    ...operation,
    security: [],
    parameters: [...signedWebhookHeaders],
    requestBody: {
      required: true,
      content: { "application/json": { schema: { $ref: `#/components/schemas/${bodySchema}` } } },
    },
    responses: {
      "2XX": {
        description: text(
          "webhook.leadHandoff.2XX.description",
          "Acknowledged: the service stops retrying this webhook-id.",
        ),
      },
    },
  },
});

export function problemResponse(
  description: string,
  codes: ProblemCode[],
  headers: Record<string, Json> = {},
): Json {
  const examples: Record<string, Json> = {};
  for (const code of codes) {
    examples[code] = {
      summary: PROBLEM_CODES[code].title.en,
      description: PROBLEM_CODES[code].when.en,
      value: (code === "validation_failed"
        ? validationFailedExample
        : problemExample(code)) as unknown as Json,
    };
  }
  return {
    description,
    headers: { "X-Request-Id": requestIdHeader, ...headers },
    content: { "application/problem+json": { schema: problemRef, examples } },
  };
}

/** Two sources of 400: the service (a body that is not a JSON object) and the HTTP layer (broken framing). */
export const HTTP_LAYER_400 = text(
  "postLead.400.description",
  "The body is not a JSON object. Broken HTTP framing (a malformed Content-Length or chunk size, Content-Length together with Transfer-Encoding, no Host header) is also 400, answered by the HTTP layer before the service with an empty body rather than problem+json.",
);

export const rateLimitHeaders = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
};

/** 401 on every path a channel token opens: which token problem, and the scheme to authenticate with. */
export const tokenRefusedResponse: Json = {
  ...(problemResponse(
    text(
      "postLead.401.description",
      "The channel token is missing, invalid, revoked, expired or conflicting.",
    ),
    ["token_missing", "token_invalid", "token_revoked", "token_expired", "token_conflict"],
  ) as Record<string, Json>),
  headers: {
    "X-Request-Id": requestIdHeader,
    "WWW-Authenticate": { $ref: "#/components/headers/WWW-Authenticate" },
  },
};

/** 429 on every path a channel token opens: the token's rate limit or the address's failed-authentication limit. */
export const tokenRateLimitedResponse = problemResponse(
  text(
    "postLead.429.description",
    "The channel token's rate limit, or the client address's limit of failed authentications, was exceeded.",
  ),
  ["rate_limited", "too_many_failed_authentications"],
  { ...retryHeaders, ...rateLimitHeaders },
);

export function acceptedResponse(description: string, examples: Record<string, Json>): Json {
  return {
    description,
    headers: {
      "X-Request-Id": requestIdHeader,
      "Idempotent-Replayed": { $ref: "#/components/headers/Idempotent-Replayed" },
      ...rateLimitHeaders,
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/LeadAccepted" }, examples } },
  };
}

/** GET of a lead: 200 with ETag, 304, the token's refusals, 404 for a lead the account does not have. */
export function leadReadResponses(
  badRequest: ProblemCode[],
  ok = { description: text("findLead.200.description", "The lead."), schema: "LeadStatus" },
): Json {
  return {
    "200": {
      description: ok.description,
      headers: {
        "X-Request-Id": requestIdHeader,
        ETag: { $ref: "#/components/headers/ETag" },
        ...rateLimitHeaders,
      },
      content: { "application/json": { schema: { $ref: `#/components/schemas/${ok.schema}` } } },
    },
    "304": {
      description: text("findLead.304.description", "Not modified since the ETag sent in If-None-Match."),
      headers: { ETag: { $ref: "#/components/headers/ETag" } },
    },
    ...(badRequest.length > 0
      ? {
          "400": problemResponse(
            text("findLead.400.description", "The query does not name a lead."),
            badRequest,
          ),
        }
      : {}),
    "401": tokenRefusedResponse,
    "403": problemResponse(
      text(
        "findLead.403.description",
        "The token is intake-only (stl_pk_…): it may post leads but not read them.",
      ),
      ["token_intake_only"],
      { "WWW-Authenticate": { $ref: "#/components/headers/WWW-Authenticate" }, ...rateLimitHeaders },
    ),
    "404": problemResponse(text("findLead.404.description", "No such lead in the token's account."), [
      "lead_not_found",
    ]),
    "429": tokenRateLimitedResponse,
    "503": problemResponse(
      text("findLead.503.description", "The service cannot reach its database."),
      ["unavailable"],
      {
        ...retryHeaders,
      },
    ),
  };
}

/** A lead read by its id (getLead, getLeadEvidence): the id in the path, If-None-Match and Accept-Language. */
export const leadByIdParameters = (): Json[] => [
  {
    name: "id",
    in: "path",
    required: true,
    description: text("getLead.parameter.id.description", "The lead's id, as the post answered it."),
    schema: { type: "string", format: "uuid" },
  },
  { $ref: "#/components/parameters/If-None-Match" },
  { $ref: "#/components/parameters/Accept-Language" },
];

/**
 * The answers the assistant's two signed endpoints (its events, its pre-dial checks) share, merged with an
 * endpoint's own and listed by status.
 */
export function signedAssistantResponses(own: Record<string, Json>): Record<string, Json> {
  const shared: Record<string, Json> = {
    "400": problemResponse(text("postAssistantEvent.400.description", "The body is not a JSON object."), [
      "invalid_json",
    ]),
    "401": problemResponse(
      text("postAssistantEvent.401.description", "The signature or its timestamp is refused."),
      ["webhook_signature_invalid", "webhook_timestamp_invalid"],
    ),
    "405": problemResponse(
      text("postAssistantEvent.405.description", "A method other than POST was used on this path."),
      ["method_not_allowed"],
      { Allow: { $ref: "#/components/headers/Allow" } },
    ),
    "413": problemResponse("The body is larger than 64 KiB.", ["payload_too_large"]),
    "415": problemResponse(text("postAssistantEvent.415.description", "The body is not application/json."), [
      "unsupported_media_type",
    ]),
    "500": problemResponse(text("postLead.500.description", "A defect in the service."), ["internal_error"]),
    "503": problemResponse(
      text("findLead.503.description", "The service cannot reach its database."),
      ["unavailable"],
      { ...retryHeaders },
    ),
  };
  return Object.fromEntries(Object.entries({ ...shared, ...own }).sort(([a], [b]) => a.localeCompare(b)));
}
