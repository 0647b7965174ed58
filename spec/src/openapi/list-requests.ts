// The OpenAPI path item of a token's request log (listRequests).
import { REQUEST_STATUS_FILTER_PATTERN, REQUESTS_PAGE_DEFAULT, REQUESTS_PAGE_MAX } from "../request-log.ts";
import { text } from "../text.ts";
import {
  type Json,
  problemResponse,
  rateLimitHeaders,
  requestIdHeader,
  retryHeaders,
  tokenRateLimitedResponse,
  tokenRefusedResponse,
} from "./responses.ts";

export const listRequestsPath = (): Json => ({
  get: {
    operationId: "listRequests",
    tags: ["leads"],
    summary: text("listRequests.summary", "List the token's recent requests"),
    description: text(
      "listRequests.description",
      "What happened to each request that named this token, newest first: accepted posts, refusals (401 of a revoked or expired token, 403, 404, 409, 413, 422, 429) and reads, with the problem code, a 422's field pointers, the latency, dry run or replay, and the posted body's shape (field names and lengths, never a value). Only the calling token's own rows; kept 7 days and at most 10,000 rows per token by default. A token that may read (stl_ch_…) reads it; an intake-only token (stl_pk_…) gets 403. Counts against the token's rate limit like a post.",
    ),
    parameters: [
      {
        name: "status",
        in: "query",
        required: false,
        description: text(
          "listRequests.parameter.status.description",
          "Only this status (422) or class (4xx).",
        ),
        schema: { type: "string", pattern: REQUEST_STATUS_FILTER_PATTERN },
      },
      {
        name: "problem_code",
        in: "query",
        required: false,
        description: text(
          "listRequests.parameter.problem_code.description",
          "Only answers with this problem code.",
        ),
        schema: { type: "string", pattern: "^[a-z_]{1,64}$" },
      },
      {
        name: "cursor",
        in: "query",
        required: false,
        description: text(
          "listRequests.parameter.cursor.description",
          "The next_cursor of the previous page.",
        ),
        schema: { type: "string", pattern: "^[0-9]{1,18}$" },
      },
      {
        name: "limit",
        in: "query",
        required: false,
        description: text("listRequests.parameter.limit.description", "Rows per page."),
        schema: { type: "integer", minimum: 1, maximum: REQUESTS_PAGE_MAX, default: REQUESTS_PAGE_DEFAULT },
      },
      { $ref: "#/components/parameters/Accept-Language" },
    ],
    responses: {
      "200": {
        description: text("listRequests.200.description", "One page of the token's requests."),
        headers: { "X-Request-Id": requestIdHeader, ...rateLimitHeaders },
        content: { "application/json": { schema: { $ref: "#/components/schemas/RequestLogPage" } } },
      },
      "400": problemResponse(
        text("listRequests.400.description", "A filter, the cursor or the limit is invalid."),
        ["request_query_invalid"],
      ),
      "401": tokenRefusedResponse,
      "403": problemResponse(
        text(
          "listRequests.403.description",
          "The token is intake-only (stl_pk_…): it may post but not read.",
        ),
        ["token_intake_only"],
        { "WWW-Authenticate": { $ref: "#/components/headers/WWW-Authenticate" }, ...rateLimitHeaders },
      ),
      "429": tokenRateLimitedResponse,
      "503": problemResponse(
        text("findLead.503.description", "The service cannot reach its database."),
        ["unavailable"],
        { ...retryHeaders },
      ),
    },
  },
});
