// Every problem code the endpoint answers with, its HTTP status and its title in both languages.

export interface ProblemDefinition {
  status: number;
  title: { en: string; es: string };
  /** When the server uses this code, in English; the spec's description of it. */
  when: string;
}

export const PROBLEM_CODES = {
  invalid_json: {
    status: 400,
    title: { en: "Invalid JSON", es: "JSON no válido" },
    when: "The body is not parsable JSON, or is JSON but not an object.",
  },
  token_missing: {
    status: 401,
    title: { en: "Channel token missing", es: "Falta el token del canal" },
    when: "Neither Authorization: Bearer nor X-STL-Channel-Token carries a token.",
  },
  token_invalid: {
    status: 401,
    title: { en: "Channel token invalid", es: "Token del canal no válido" },
    when: "The token is not one the service issued.",
  },
  token_revoked: {
    status: 401,
    title: { en: "Channel token revoked", es: "Token del canal revocado" },
    when: "The token was revoked by the account owner.",
  },
  token_expired: {
    status: 401,
    title: { en: "Channel token expired", es: "Token del canal caducado" },
    when: "The token was replaced by a roll and its expiry has passed.",
  },
  token_conflict: {
    status: 401,
    title: { en: "Conflicting channel tokens", es: "Tokens del canal en conflicto" },
    when: "Authorization: Bearer and X-STL-Channel-Token carry two different tokens.",
  },
  webhook_signature_invalid: {
    status: 401,
    title: { en: "Webhook signature invalid", es: "Firma del webhook no válida" },
    when: "An assistant event whose webhook-id, webhook-timestamp or webhook-signature header is missing, or whose signature does not verify with the assistant's secret.",
  },
  webhook_timestamp_invalid: {
    status: 401,
    title: { en: "Webhook timestamp out of range", es: "Marca de tiempo del webhook fuera de rango" },
    when: "An assistant event whose webhook-timestamp is more than 5 minutes away from the service's clock (an old message, or a clock far off).",
  },
  not_found: {
    status: 404,
    title: { en: "Not found", es: "No encontrado" },
    when: "No resource at this path.",
  },
  lead_not_found: {
    status: 404,
    title: { en: "Lead not found", es: "Prospecto no encontrado" },
    when: "An assistant event names a lead the service does not have; no lead is ever created from an event.",
  },
  lead_query_invalid: {
    status: 400,
    title: { en: "Lead query invalid", es: "Consulta de prospecto no válida" },
    when: "Finding a lead needs both platform and external_lead_id, each once.",
  },
  method_not_allowed: {
    status: 405,
    title: { en: "Method not allowed", es: "Método no permitido" },
    when: "Any method but POST on the intake path; the Allow header lists POST.",
  },
  idempotency_request_in_flight: {
    status: 409,
    title: {
      en: "Request with this idempotency key in progress",
      es: "Solicitud con esta clave de idempotencia en curso",
    },
    when: "Another request with the same idempotency key is still being processed; retry after Retry-After seconds to get its response.",
  },
  webhook_replayed: {
    status: 409,
    title: { en: "Webhook already processed", es: "Webhook ya procesado" },
    when: "An assistant event whose webhook-id was already processed: nothing is done again.",
  },
  payload_too_large: {
    status: 413,
    title: { en: "Payload too large", es: "Contenido demasiado grande" },
    when: "The body is larger than 64 KiB.",
  },
  unsupported_media_type: {
    status: 415,
    title: { en: "Unsupported media type", es: "Tipo de contenido no admitido" },
    when: "Content-Type is not application/json (a charset parameter is allowed, and must be utf-8).",
  },
  unsupported_content_encoding: {
    status: 415,
    title: { en: "Unsupported content encoding", es: "Codificación de contenido no admitida" },
    when: "The body carries a Content-Encoding (gzip, br, deflate…): only an unencoded body is accepted; Accept-Encoding: identity says so.",
  },
  validation_failed: {
    status: 422,
    title: { en: "Validation failed", es: "La validación falló" },
    when: "One or more fields break the contract; errors[] lists every one with a JSON Pointer.",
  },
  idempotency_key_mismatch: {
    status: 422,
    title: { en: "Idempotency keys differ", es: "Las claves de idempotencia no coinciden" },
    when: "The body's idempotency_key and the Idempotency-Key header are both present and different.",
  },
  idempotency_key_reused: {
    status: 422,
    title: { en: "Idempotency key reused", es: "Clave de idempotencia reutilizada" },
    when: "The idempotency key was used before in this account with a different payload.",
  },
  rate_limited: {
    status: 429,
    title: { en: "Too many requests", es: "Demasiadas solicitudes" },
    when: "The channel token (on the assistant's events endpoint: the assistant) sent more requests than its rate limit; retry after Retry-After seconds.",
  },
  too_many_failed_authentications: {
    status: 429,
    title: { en: "Too many failed authentications", es: "Demasiadas autenticaciones fallidas" },
    when: "This client address sent more unknown or revoked tokens than its limit allows; a token that worked a moment ago still works; others are refused until Retry-After seconds pass.",
  },
  internal_error: {
    status: 500,
    title: { en: "Internal error", es: "Error interno" },
    when: "A defect in the service. No client input is meant to cause it; the request may be retried with the same idempotency key.",
  },
  unavailable: {
    status: 503,
    title: { en: "Service unavailable", es: "Servicio no disponible" },
    when: "The service cannot reach its database; retry after Retry-After seconds with the same idempotency key.",
  },
} as const satisfies Record<string, ProblemDefinition>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

/** Codes only the assistant's events endpoint answers with; the intake never does. */
export const ASSISTANT_EVENT_PROBLEM_CODES = [
  "webhook_signature_invalid",
  "webhook_timestamp_invalid",
  "lead_not_found",
  "webhook_replayed",
] as const satisfies readonly ProblemCode[];

/** The `type` URI of a problem: stable, and unique per code. */
export const problemType = (code: string) => `urn:speed-to-lead:problem:${code}`;

/** Codes only the lead reads (getLead, findLead) answer with. */
export const LEAD_READ_PROBLEM_CODES = ["lead_query_invalid"] as const satisfies readonly ProblemCode[];
