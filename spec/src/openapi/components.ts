// The OpenAPI components other than schemas: security schemes, parameters and headers, referenced by every path.
import { IDEMPOTENCY_KEY_PATTERN } from "../lead.ts";
import { text } from "../text.ts";
import type { Json } from "./responses.ts";

export const sharedComponents = (): Record<string, Json> => ({
  securitySchemes: {
    bearerAuth: {
      type: "http",
      scheme: "bearer",
      description: text(
        "security.bearerAuth.description",
        "The channel token as Authorization: Bearer <token>, created by the account owner. A token starting with stl_ch_ posts and reads leads (keep it on a server); one starting with stl_pk_ is intake-only: it posts leads and dry runs, and a read with it is refused with token_intake_only (the kind for a web page). When both headers carry different tokens the request is refused with token_conflict.",
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
    "Bot-Check-Token": {
      name: "Bot-Check-Token",
      in: "header",
      required: false,
      description: text(
        "parameter.Bot-Check-Token.description",
        "The token the form's bot-check widget gave the visitor (Cloudflare Turnstile or hCaptcha). Read only for intake-only tokens that require a check: the service verifies it with the provider's siteverify API; without it, or when it fails, the lead is stored in quarantine (the answer is the same).",
      ),
      schema: { type: "string", maxLength: 4096 },
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
    "Retry-After-Ms": {
      description: text(
        "header.Retry-After-Ms.description",
        "The same wait as Retry-After, in milliseconds, for clients that wait less than a second.",
      ),
      schema: { type: "integer", minimum: 0 },
    },
    "X-Should-Retry": {
      description: text(
        "header.X-Should-Retry.description",
        "true: the same request (with the same idempotency key) may be sent again once the wait is over.",
      ),
      schema: { type: "string", enum: ["true", "false"] },
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
});
