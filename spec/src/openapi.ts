// Builds the English OpenAPI 3.1 document from the TypeBox schemas; the Spanish one is a translation of it.
import type { TSchema } from "@sinclair/typebox";
import { AssistantEventReceivedSchema, AssistantEventSchema } from "./assistant-event.ts";
import { ConsentSchema } from "./consent.ts";
import {
  assistantEventExample,
  leadCreatedExample,
  leadWithConsentExample,
  partnerLeadExample,
  partnerRepeatExample,
  problemExample,
  validationFailedExample,
} from "./examples.ts";
import { CallWindowSchema, HandoffPayloadSchema } from "./handoff-payload.ts";
import { IDEMPOTENCY_KEY_PATTERN, LeadInputSchema } from "./lead.ts";
import { LeadAcceptedSchema } from "./lead-accepted.ts";
import { HandoffAttemptSchema, LeadStatusSchema } from "./lead-status.ts";
import {
  ASSISTANT_EVENTS_PATH,
  LEAD_INTAKE_PATH,
  LEADS_PATH,
  MAX_BODY_BYTES,
  OPENAPI_PATH,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./limits.ts";
import { FieldErrorSchema, ProblemSchema } from "./problem.ts";
import { PROBLEM_CODES, type ProblemCode } from "./problem-codes.ts";
import { ResponseStateSchema } from "./response-state.ts";
import { LeadSourceSchema } from "./sources.ts";
import { StatusCallbackSchema } from "./status-callback.ts";
import { StoredLeadSchema } from "./stored-lead.ts";
import { text } from "./text.ts";

export const API_VERSION = "1.0.0";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const COMPONENT_MARK = "x-component";

/** TypeBox writes a union of string literals as anyOf of consts; `enum` says the same and reads better in tools. */
function literalUnionAsEnum(node: { [key: string]: Json }): { [key: string]: Json } {
  const members = node.anyOf;
  const isStringConst = (member: Json) =>
    member !== null &&
    typeof member === "object" &&
    !Array.isArray(member) &&
    typeof member.const === "string";
  if (!Array.isArray(members) || members.length === 0 || !members.every(isStringConst)) return node;
  const { anyOf: _, ...rest } = node;
  return { ...rest, type: "string", enum: members.map((member) => (member as { const: string }).const) };
}

/** TypeBox schema → plain JSON Schema, with every nested named schema replaced by a $ref. */
function toComponent(schema: TSchema): Json {
  const plain = JSON.parse(JSON.stringify(schema)) as Json;
  const replaceNested = (node: Json, isRoot: boolean): Json => {
    if (Array.isArray(node)) return node.map((item) => replaceNested(item, false));
    if (node === null || typeof node !== "object") return node;
    const name = node[COMPONENT_MARK];
    if (!isRoot && typeof name === "string") return { $ref: `#/components/schemas/${name}` };
    const out: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(node)) {
      if (key !== COMPONENT_MARK) out[key] = replaceNested(value, false);
    }
    return literalUnionAsEnum(out);
  };
  return replaceNested(plain, true);
}

const componentSchemas = [
  LeadInputSchema,
  ConsentSchema,
  StoredLeadSchema,
  LeadSourceSchema,
  ResponseStateSchema,
  LeadAcceptedSchema,
  ProblemSchema,
  FieldErrorSchema,
  AssistantEventSchema,
  AssistantEventReceivedSchema,
  LeadStatusSchema,
  HandoffAttemptSchema,
  HandoffPayloadSchema,
  CallWindowSchema,
  StatusCallbackSchema,
];

const problemRef = { $ref: "#/components/schemas/Problem" };
const retryAfterHeader = { $ref: "#/components/headers/Retry-After" };
const requestIdHeader = { $ref: "#/components/headers/X-Request-Id" };
/** The Standard Webhooks headers every signed request carries, ours and the assistant's. */
const signedWebhookHeaders = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
  $ref: `#/components/parameters/${name}`,
}));

/** A webhook the service sends: signed per Standard Webhooks, a JSON body of the named schema, any 2XX acknowledges. */
const signedWebhookPost = (
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

function problemResponse(
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
const HTTP_LAYER_400 = text(
  "postLead.400.description",
  "The body is not a JSON object. Broken HTTP framing (a malformed Content-Length or chunk size, Content-Length together with Transfer-Encoding, no Host header) is also 400, answered by the HTTP layer before the service with an empty body rather than problem+json.",
);

const rateLimitHeaders = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
};

/** 401 on every path a channel token opens: which token problem, and the scheme to authenticate with. */
const tokenRefusedResponse: Json = {
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
const tokenRateLimitedResponse = problemResponse(
  text(
    "postLead.429.description",
    "The channel token's rate limit, or the client address's limit of failed authentications, was exceeded.",
  ),
  ["rate_limited", "too_many_failed_authentications"],
  { "Retry-After": retryAfterHeader, ...rateLimitHeaders },
);

function acceptedResponse(description: string, examples: Record<string, Json>): Json {
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
function leadReadResponses(badRequest: ProblemCode[]): Json {
  return {
    "200": {
      description: text("findLead.200.description", "The lead."),
      headers: {
        "X-Request-Id": requestIdHeader,
        ETag: { $ref: "#/components/headers/ETag" },
        ...rateLimitHeaders,
      },
      content: { "application/json": { schema: { $ref: "#/components/schemas/LeadStatus" } } },
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
        "Retry-After": retryAfterHeader,
      },
    ),
  };
}

export function buildOpenApiDocument(): Json {
  const schemas: Record<string, Json> = {};
  for (const schema of componentSchemas) {
    const name = (schema as Record<string, unknown>)[COMPONENT_MARK] as string;
    schemas[name] = toComponent(schema);
  }

  return {
    openapi: "3.1.1",
    info: {
      title: text("info.title", "Speed-to-Lead intake API"),
      version: API_VERSION,
      summary: text("info.summary", "Send leads from any application to the speed-to-lead service."),
      description: text(
        "info.description",
        "One inbound endpoint accepts leads (prospects) from any application, identified by a channel token. Every accepted lead gets the five-minute response: the service hands it to its phone assistant within five minutes of receipt (respond_by). The assistant calls only leads that carry a complete consent block and a phone, and never test leads. The same contract is described in English (this document) and in Spanish (?lang=es).",
      ),
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      {
        url: "{base_url}",
        description: text("server.description", "Your deployment of the service."),
        variables: {
          base_url: {
            default: "http://localhost:3000",
            description: text("server.base_url.description", "Scheme, host and port of the service."),
          },
        },
      },
    ],
    tags: [
      { name: "leads", description: text("tag.leads.description", "Posting leads.") },
      {
        name: "assistant",
        description: text("tag.assistant.description", "What the phone assistant reports back."),
      },
      { name: "meta", description: text("tag.meta.description", "Describing the interface.") },
    ],
    security: [{ bearerAuth: [] }, { channelToken: [] }],
    paths: {
      [LEAD_INTAKE_PATH]: {
        post: {
          operationId: "postLead",
          tags: ["leads"],
          summary: text("postLead.summary", "Post a lead"),
          description: text(
            "postLead.description",
            `Stores the lead and schedules its five-minute response. The body is a JSON object of at most ${MAX_BODY_BYTES} bytes. A new lead answers 201. A repeat of (platform, external_lead_id) in the same account answers 200 with created: false and the same id: newly supplied fields update the lead, it never gets a second five-minute response, and a complete consent block arriving later makes it call-eligible unless it is a test lead. A retry with the same idempotency key and the same payload replays the first response (same status and body) with Idempotent-Replayed: true; the same key with another payload is refused with idempotency_key_reused. Concurrent requests with one key never create two leads: later ones wait and replay, or get 409 idempotency_request_in_flight. Any method but POST answers 405 with Allow: POST. Human text in errors is Spanish when Accept-Language prefers es.`,
          ),
          parameters: [
            { $ref: "#/components/parameters/Idempotency-Key" },
            { $ref: "#/components/parameters/Dry-Run" },
            { $ref: "#/components/parameters/Accept-Language" },
          ],
          requestBody: {
            required: true,
            description: text(
              "postLead.requestBody.description",
              "The lead, as application/json (a charset parameter is allowed, and must be utf-8).",
            ),
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/LeadInput" },
                examples: {
                  with_consent: {
                    summary: text("postLead.requestBody.with_consent.summary", "A lead with consent"),
                    description: text(
                      "postLead.requestBody.with_consent.description",
                      "A web form lead whose consent block makes it call-eligible.",
                    ),
                    value: leadWithConsentExample as unknown as Json,
                  },
                  partner: {
                    summary: text("postLead.requestBody.partner.summary", "A partner lead"),
                    description: text(
                      "postLead.requestBody.partner.description",
                      "A partner platform's lead, deduplicated by platform and external_lead_id.",
                    ),
                    value: partnerLeadExample as unknown as Json,
                  },
                },
              },
            },
          },
          responses: {
            "200": acceptedResponse(
              text(
                "postLead.200.description",
                "A repeat of (platform, external_lead_id): the existing lead, updated with newly supplied fields.",
              ),
              {
                repeat: {
                  summary: text("postLead.200.repeat.summary", "A partner repeat"),
                  description: text(
                    "postLead.200.repeat.description",
                    "The same platform and external_lead_id as an earlier lead.",
                  ),
                  value: partnerRepeatExample as unknown as Json,
                },
              },
            ),
            "201": acceptedResponse(
              text(
                "postLead.201.description",
                "The lead was created and its five-minute response scheduled.",
              ),
              {
                created: {
                  summary: text("postLead.201.created.summary", "A new call-eligible lead"),
                  description: text(
                    "postLead.201.created.description",
                    "Complete consent, a US phone and not a test lead.",
                  ),
                  value: leadCreatedExample as unknown as Json,
                },
              },
            ),
            "400": problemResponse(HTTP_LAYER_400, ["invalid_json"]),
            "401": tokenRefusedResponse,
            "405": problemResponse(
              text(
                "postLead.405.description",
                "A method other than POST was used on this path. A method HTTP does not define (BREW, say) is refused by the HTTP layer, which closes the connection without an answer.",
              ),
              ["method_not_allowed"],
              {
                Allow: { $ref: "#/components/headers/Allow" },
              },
            ),
            "409": problemResponse(
              text("postLead.409.description", "Another request with this idempotency key is in progress."),
              ["idempotency_request_in_flight"],
              { "Retry-After": retryAfterHeader },
            ),
            "413": problemResponse("The body is larger than 64 KiB.", ["payload_too_large"]),
            "415": problemResponse(
              text(
                "postLead.415.description",
                "The body is not application/json, or carries a Content-Encoding.",
              ),
              ["unsupported_media_type", "unsupported_content_encoding"],
              { "Accept-Encoding": { $ref: "#/components/headers/Accept-Encoding" } },
            ),
            "422": problemResponse(
              text(
                "postLead.422.description",
                "The lead breaks the contract, or the idempotency key conflicts.",
              ),
              ["validation_failed", "idempotency_key_mismatch", "idempotency_key_reused"],
            ),
            "429": tokenRateLimitedResponse,
            "431": {
              description: text(
                "postLead.431.description",
                "The request's headers are larger than the HTTP layer accepts (16 KiB in all): answered before the service, with an empty body rather than problem+json.",
              ),
            },
            "500": problemResponse(text("postLead.500.description", "A defect in the service."), [
              "internal_error",
            ]),
            "503": problemResponse(
              text(
                "postLead.503.description",
                "The service cannot reach its database, or it did not answer in time.",
              ),
              ["unavailable"],
              {
                "Retry-After": retryAfterHeader,
              },
            ),
          },
        },
      },
      [LEADS_PATH]: {
        get: {
          operationId: "findLead",
          tags: ["leads"],
          summary: text("findLead.summary", "Find a lead by its external id"),
          description: text(
            "findLead.description",
            "The lead of this account with this platform and external_lead_id, as getLead answers it. Any channel token of the account that may read (stl_ch_…) may ask; an intake-only token (stl_pk_…) gets 403.",
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
      },
      [`${LEADS_PATH}/{id}`]: {
        get: {
          operationId: "getLead",
          tags: ["leads"],
          summary: text("getLead.summary", "Get a lead"),
          description: text(
            "getLead.description",
            "The stored lead, its response state and its hand-off attempts (times and outcomes). Any channel token of the lead's account that may read (stl_ch_…) may ask; an intake-only token (stl_pk_…) gets 403, another account's lead 404. The ETag changes whenever any of it changes: send it back in If-None-Match to get 304 instead. Counts against the token's rate limit like a post.",
          ),
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: text(
                "getLead.parameter.id.description",
                "The lead's id, as the post answered it.",
              ),
              schema: { type: "string", format: "uuid" },
            },
            { $ref: "#/components/parameters/If-None-Match" },
            { $ref: "#/components/parameters/Accept-Language" },
          ],
          responses: leadReadResponses([]),
        },
      },
      [ASSISTANT_EVENTS_PATH]: {
        post: {
          operationId: "postAssistantEvent",
          tags: ["assistant"],
          summary: text("postAssistantEvent.summary", "Report an assistant event"),
          description: text(
            "postAssistantEvent.description",
            `For the service's own phone assistant, not for lead senders. Signed per Standard Webhooks with the secret the service signs its hand-offs with (ASSISTANT_WEBHOOK_SECRET): webhook-signature is v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">. A webhook-timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from the service's clock is refused, and so is a webhook-id already processed. lead.opted_out puts the lead's number on its account's do-not-call list: no lead of that account with that number is handed off again, pending and retrying hand-offs included (every hand-off checks the list in the same transaction that claims it: one claimed before the number went on the list may still arrive, and its lead then shows handed_off; none is claimed after). lead.wrong_number closes the number's pending hand-offs in that account: the consent given for it no longer counts; a later lead with a new consent may be called. Events never create leads. The path answers 404 when the service has no assistant secret configured.`,
          ),
          security: [],
          parameters: [...signedWebhookHeaders, { $ref: "#/components/parameters/Accept-Language" }],
          requestBody: {
            required: true,
            description: text(
              "postAssistantEvent.requestBody.description",
              "The event, as application/json.",
            ),
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/AssistantEvent" },
                examples: {
                  opted_out: {
                    summary: text(
                      "postAssistantEvent.requestBody.opted_out.summary",
                      "The person asked not to be called",
                    ),
                    description: text(
                      "postAssistantEvent.requestBody.opted_out.description",
                      "The lead's number goes on the do-not-call list.",
                    ),
                    value: assistantEventExample as unknown as Json,
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description: text("postAssistantEvent.200.description", "The event was applied."),
              headers: { "X-Request-Id": requestIdHeader },
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/AssistantEventReceived" } },
              },
            },
            "400": problemResponse(
              text("postAssistantEvent.400.description", "The body is not a JSON object."),
              ["invalid_json"],
            ),
            "401": problemResponse(
              text("postAssistantEvent.401.description", "The signature or its timestamp is refused."),
              ["webhook_signature_invalid", "webhook_timestamp_invalid"],
            ),
            "404": problemResponse(
              text("postAssistantEvent.404.description", "No such lead, or no assistant secret configured."),
              ["lead_not_found", "not_found"],
            ),
            "405": problemResponse(
              text("postAssistantEvent.405.description", "A method other than POST was used on this path."),
              ["method_not_allowed"],
              { Allow: { $ref: "#/components/headers/Allow" } },
            ),
            "409": problemResponse(
              text("postAssistantEvent.409.description", "This webhook-id was already processed."),
              ["webhook_replayed"],
            ),
            "413": problemResponse("The body is larger than 64 KiB.", ["payload_too_large"]),
            "415": problemResponse(
              text("postAssistantEvent.415.description", "The body is not application/json."),
              ["unsupported_media_type"],
            ),
            "422": problemResponse(
              text("postAssistantEvent.422.description", "The body is not an assistant event."),
              ["validation_failed"],
            ),
            "429": problemResponse(
              text("postAssistantEvent.429.description", "Too many events at once."),
              ["rate_limited"],
              {
                "Retry-After": retryAfterHeader,
              },
            ),
            "500": problemResponse(text("postLead.500.description", "A defect in the service."), [
              "internal_error",
            ]),
            "503": problemResponse(
              text("findLead.503.description", "The service cannot reach its database."),
              ["unavailable"],
              {
                "Retry-After": retryAfterHeader,
              },
            ),
          },
        },
      },
      [OPENAPI_PATH]: {
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
      },
    },
    webhooks: {
      "lead.handoff": signedWebhookPost(
        {
          operationId: "leadHandoff",
          tags: ["assistant"],
          summary: text("webhook.leadHandoff.summary", "A lead handed to the assistant"),
          description: text(
            "webhook.leadHandoff.description",
            "Sent to ASSISTANT_WEBHOOK_URL for every response of every lead that is not a test lead and has a permitted way to be answered, within five minutes (by respond_by). A call is permitted only with a complete consent block and a phone whose number is neither on the account's do-not-call list nor reported as a wrong number; otherwise call.permitted is false with the reason, the payload carries no phone and no call window, and the assistant may answer by email. A lead with neither is not handed off.",
          ),
        },
        "HandoffPayload",
      ),
      ...Object.fromEntries(
        (
          [
            [
              "lead.handed_off",
              "leadHandedOff",
              text("webhook.leadHandedOff.summary", "A lead was handed off"),
            ],
            ["lead.missed", "leadMissed", text("webhook.leadMissed.summary", "A lead's response was missed")],
            [
              "lead.not_called",
              "leadNotCalled",
              text("webhook.leadNotCalled.summary", "A lead gets no response"),
            ],
          ] as const
        ).map(([type, operationId, summary]) => [
          type,
          signedWebhookPost(
            {
              operationId,
              tags: ["leads"],
              summary,
              description: text(
                "webhook.leadHandedOff.description",
                "A status callback to the sender of the lead: sent when a channel token has a callback URL. Verify it with verifyWebhook from @speed-to-lead/sdk/webhooks and drop webhook-ids already seen.",
              ),
            },
            "StatusCallback",
          ),
        ]),
      ),
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: text(
            "security.bearerAuth.description",
            "The channel token as Authorization: Bearer <token>. Tokens start with stl_ch_ and are created by the account owner. When both headers carry different tokens the request is refused with token_conflict.",
          ),
        },
        channelToken: {
          type: "apiKey",
          in: "header",
          name: "X-STL-Channel-Token",
          description: text(
            "security.channelToken.description",
            "The channel token, for tools that cannot set Authorization. Used when Authorization is absent or is not a Bearer credential (a proxy's Basic auth, for example).",
          ),
        },
      },
      parameters: {
        "Dry-Run": {
          name: "Dry-Run",
          in: "header",
          required: false,
          description: text(
            "parameter.Dry-Run.description",
            "true: validate and authenticate exactly as a real post and answer what it would answer (status and body, with dry_run: true and a Dry-Run: true header), storing nothing. Prefer: handling=dry-run asks the same.",
          ),
          schema: { type: "string", enum: ["true"] },
        },
        "If-None-Match": {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: text(
            "parameter.If-None-Match.description",
            "An ETag from an earlier answer: 304 when the lead has not changed since.",
          ),
          schema: { type: "string" },
        },
        "Idempotency-Key": {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: text(
            "parameter.Idempotency-Key.description",
            "Alternative to the body's idempotency_key: 1 to 255 visible ASCII characters, scoped to the account. When both are present they must be equal. An invalid header value is reported as pattern_mismatch at /idempotency_key.",
          ),
          schema: { type: "string", pattern: IDEMPOTENCY_KEY_PATTERN },
        },
        "webhook-id": {
          name: "webhook-id",
          in: "header",
          required: true,
          description: text(
            "parameter.webhook-id.description",
            "The event's unique id (Standard Webhooks); the same id is processed once.",
          ),
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
        "webhook-timestamp": {
          name: "webhook-timestamp",
          in: "header",
          required: true,
          description: text(
            "parameter.webhook-timestamp.description",
            "Unix seconds when the event was signed (Standard Webhooks).",
          ),
          schema: { type: "string", pattern: "^\\d{1,12}$" },
        },
        "webhook-signature": {
          name: "webhook-signature",
          in: "header",
          required: true,
          description: text(
            "parameter.webhook-signature.description",
            "Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices.",
          ),
          schema: { type: "string" },
        },
        "Accept-Language": {
          name: "Accept-Language",
          in: "header",
          required: false,
          description: text(
            "parameter.Accept-Language.description",
            "es for Spanish human text in errors; English otherwise.",
          ),
          schema: { type: "string" },
        },
      },
      headers: {
        "Idempotent-Replayed": {
          description: text(
            "header.Idempotent-Replayed.description",
            "true when this response is the replay of an earlier one with the same idempotency key.",
          ),
          schema: { type: "string", enum: ["true"] },
        },
        "X-Request-Id": {
          description: text("header.X-Request-Id.description", "The request's id, for support and logs."),
          schema: { type: "string" },
        },
        "Retry-After": {
          description: text("header.Retry-After.description", "Seconds to wait before retrying."),
          schema: { type: "integer", minimum: 0 },
        },
        "Accept-Encoding": {
          description: text(
            "header.Accept-Encoding.description",
            "identity: the only content coding a request body may have (RFC 7694).",
          ),
          schema: { type: "string", const: "identity" },
        },
        "WWW-Authenticate": {
          description: text(
            "header.WWW-Authenticate.description",
            'Always Bearer, naming the scheme to authenticate with; on 403 it adds error="insufficient_scope" (RFC 6750).',
          ),
          schema: { type: "string" },
        },
        Allow: {
          description: text("header.Allow.description", "The allowed methods: POST."),
          schema: { type: "string" },
        },
        ETag: {
          description: text("header.ETag.description", "The lead's current version."),
          schema: { type: "string" },
        },
        "RateLimit-Limit": {
          description: text(
            "header.RateLimit-Limit.description",
            "The size of this channel token's request bucket: how many requests may be sent at once. The bucket refills at the token's rate per second.",
          ),
          schema: { type: "integer", minimum: 0 },
        },
        "RateLimit-Remaining": {
          description: text("header.RateLimit-Remaining.description", "Requests that may be sent right now."),
          schema: { type: "integer", minimum: 0 },
        },
        "RateLimit-Reset": {
          description: text("header.RateLimit-Reset.description", "Seconds until the bucket is full again."),
          schema: { type: "integer", minimum: 0 },
        },
      },
      schemas,
    },
  };
}
