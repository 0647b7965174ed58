// The OpenAPI path item of the intake: POST of a lead (postLead).
import {
  leadCreatedExample,
  leadWithConsentExample,
  partnerLeadExample,
  partnerRepeatExample,
} from "../examples.ts";
import { MAX_BODY_BYTES, REPEATS_PER_LEAD_PER_HOUR } from "../limits.ts";
import { text } from "../text.ts";
import {
  acceptedResponse,
  HTTP_LAYER_400,
  type Json,
  problemResponse,
  rateLimitHeaders,
  retryHeaders,
  tokenRefusedResponse,
} from "./responses.ts";

export const postLeadPath = (): Json => ({
  post: {
    operationId: "postLead",
    tags: ["leads"],
    summary: text("postLead.summary", "Post a lead"),
    description: text(
      "postLead.description",
      `Stores the lead and schedules its five-minute response. The body is a JSON object of at most ${MAX_BODY_BYTES} bytes. A new lead answers 201. A repeat of (platform, external_lead_id) in the same account answers 200 with created: false and the same id: newly supplied fields update the lead, it never gets a second five-minute response, and a complete consent block arriving later makes it call-eligible unless it is a test lead. A retry with the same idempotency key and the same payload replays the first response (same status and body) with Idempotent-Replayed: true; the same key with another payload is refused with idempotency_key_reused. Concurrent requests with one key never create two leads: later ones wait and replay, or get 409 idempotency_request_in_flight. Any method but POST answers 405 with Allow: POST. Human text in errors is Spanish when Accept-Language prefers es. An intake-only token (stl_pk_…, the kind in a web page, held by everyone who opens it) lives in its channel's own namespace (the token and the tokens rolled from it): its platform + external_lead_id and its idempotency keys never meet another token's, so it can never read, update, add consent to or mark as test a lead another token posted, and another channel's keys neither conflict with its own nor show. Its answers carry the lead's id, created, test, received_at, respond_by and ignored_fields, and otherwise only what the request itself sent: call_eligible and lead.response say what the sent fields alone permit, never what the do-not-call list, an earlier lead of the number or a bot check decided. A repeat from another token never adds or replaces the consent block of a lead first posted by another channel: it is kept as ignored, named in ignored_fields. A lead takes at most ${REPEATS_PER_LEAD_PER_HOUR} repeats an hour (429 lead_repeats_limited for that lead only). A fresh lead posted through an intake-only token whose number had a call started by another lead of the account within the account's cool-down (24 hours by default) joins that lead's history instead of starting another call (response reason called_recently). An intake-only token may require a bot check (the form sends the widget's token in Bot-Check-Token), list a honeypot field and the origins it may be used from: a post from another Origin is 403 origin_not_allowed; a lead whose check failed or was missing, or whose honeypot was filled, is stored and answered alike but held from calls until an owner releases it (reason unverified).`,
    ),
    parameters: [
      { $ref: "#/components/parameters/Idempotency-Key" },
      { $ref: "#/components/parameters/Dry-Run" },
      { $ref: "#/components/parameters/Bot-Check-Token" },
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
        text("postLead.201.description", "The lead was created and its five-minute response scheduled."),
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
      "403": problemResponse(
        text(
          "postLead.403.description",
          "The intake-only token lists the origins it may be used from, and this post's Origin is not one of them (or is missing).",
        ),
        ["origin_not_allowed"],
        rateLimitHeaders,
      ),
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
        retryHeaders,
      ),
      "413": problemResponse("The body is larger than 64 KiB.", ["payload_too_large"]),
      "415": problemResponse(
        text("postLead.415.description", "The body is not application/json, or carries a Content-Encoding."),
        ["unsupported_media_type", "unsupported_content_encoding"],
        { "Accept-Encoding": { $ref: "#/components/headers/Accept-Encoding" } },
      ),
      "422": problemResponse(
        text("postLead.422.description", "The lead breaks the contract, or the idempotency key conflicts."),
        ["validation_failed", "idempotency_key_mismatch", "idempotency_key_reused"],
      ),
      "429": problemResponse(
        text(
          "postLead.429.repeats.description",
          "The channel token's rate limit (for an intake-only token also each client's share of it: an IPv4 address or an IPv6 /64), the client address's limit of failed authentications, or the repeats one lead may take in an hour, was exceeded.",
        ),
        ["rate_limited", "too_many_failed_authentications", "lead_repeats_limited"],
        { ...retryHeaders, ...rateLimitHeaders },
      ),
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
          ...retryHeaders,
        },
      ),
    },
  },
});
