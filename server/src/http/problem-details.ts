// The `detail` text of each problem code in English and Spanish; never includes submitted values.
import { MAX_BODY_BYTES, type ProblemCode } from "@speed-to-lead/spec";
import type { Language } from "./language.ts";

type Detail = (args: { count?: number; seconds?: number }) => string;

const seconds = (n = 1, lang: Language) =>
  lang === "es" ? `${n} ${n === 1 ? "segundo" : "segundos"}` : `${n} ${n === 1 ? "second" : "seconds"}`;

const DETAILS: Record<ProblemCode, { en: Detail; es: Detail }> = {
  invalid_json: {
    en: () => "The body must be a JSON object.",
    es: () => "El cuerpo debe ser un objeto JSON.",
  },
  token_missing: {
    en: () => "Send the channel token as Authorization: Bearer <token> or in X-STL-Channel-Token.",
    es: () => "Envíe el token del canal como Authorization: Bearer <token> o en X-STL-Channel-Token.",
  },
  token_invalid: {
    en: () => "The channel token is not one this service issued.",
    es: () => "El token del canal no fue emitido por este servicio.",
  },
  token_revoked: {
    en: () => "The channel token was revoked. Ask the account owner for a new one.",
    es: () => "El token del canal fue revocado. Pida uno nuevo al titular de la cuenta.",
  },
  token_expired: {
    en: () => "The channel token expired after a roll. Use the token that replaced it.",
    es: () => "El token del canal caducó tras una rotación. Use el token que lo sustituyó.",
  },
  token_conflict: {
    en: () => "Authorization and X-STL-Channel-Token carry different tokens. Send one.",
    es: () => "Authorization y X-STL-Channel-Token llevan tokens distintos. Envíe uno solo.",
  },
  not_found: {
    en: () => "There is nothing at this path.",
    es: () => "No hay nada en esta ruta.",
  },
  lead_not_found: {
    en: () => "No lead has this id; events never create leads.",
    es: () => "Ningún prospecto tiene este id; los eventos nunca crean prospectos.",
  },
  lead_query_invalid: {
    en: () => "Name the lead with platform and external_lead_id, each once.",
    es: () => "Indique el prospecto con platform y external_lead_id, cada uno una vez.",
  },
  webhook_signature_invalid: {
    en: () =>
      "Sign the event per Standard Webhooks with the assistant's secret (webhook-id, webhook-timestamp, webhook-signature).",
    es: () =>
      "Firme el evento según Standard Webhooks con el secreto del asistente (webhook-id, webhook-timestamp, webhook-signature).",
  },
  webhook_timestamp_invalid: {
    en: () => "The webhook timestamp is more than 300 seconds from the service's clock.",
    es: () => "La marca de tiempo del webhook se aleja más de 300 segundos del reloj del servicio.",
  },
  webhook_replayed: {
    en: () => "This webhook-id was already processed; nothing was done again.",
    es: () => "Este webhook-id ya se procesó; no se hizo nada de nuevo.",
  },
  method_not_allowed: {
    en: () => "Use POST on this path.",
    es: () => "Use POST en esta ruta.",
  },
  idempotency_request_in_flight: {
    en: ({ seconds: s }) =>
      `A request with this idempotency key is still in progress. Retry after ${seconds(s, "en")}.`,
    es: ({ seconds: s }) =>
      `Una solicitud con esta clave de idempotencia sigue en curso. Reintente tras ${seconds(s, "es")}.`,
  },
  payload_too_large: {
    en: () => `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    es: () => `El cuerpo de la solicitud supera los ${MAX_BODY_BYTES} bytes.`,
  },
  unsupported_media_type: {
    en: () => "Send the lead as application/json.",
    es: () => "Envíe el lead como application/json.",
  },
  unsupported_content_encoding: {
    en: () => "Send the body without Content-Encoding: compressed bodies are not accepted.",
    es: () => "Envíe el cuerpo sin Content-Encoding: no se aceptan cuerpos comprimidos.",
  },
  validation_failed: {
    en: ({ count = 1 }) =>
      count === 1 ? "1 field breaks the contract." : `${count} fields break the contract.`,
    es: ({ count = 1 }) =>
      count === 1 ? "1 campo incumple el contrato." : `${count} campos incumplen el contrato.`,
  },
  idempotency_key_mismatch: {
    en: () => "The idempotency_key field and the Idempotency-Key header differ.",
    es: () => "El campo idempotency_key y la cabecera Idempotency-Key no coinciden.",
  },
  idempotency_key_reused: {
    en: () => "This idempotency key was already used with a different payload.",
    es: () => "Esta clave de idempotencia ya se usó con otro contenido.",
  },
  rate_limited: {
    en: ({ seconds: s }) => `Too many requests for this channel token. Retry after ${seconds(s, "en")}.`,
    es: ({ seconds: s }) =>
      `Demasiadas solicitudes para este token del canal. Reintente tras ${seconds(s, "es")}.`,
  },
  too_many_failed_authentications: {
    en: ({ seconds: s }) =>
      `Too many failed authentications from this address. Retry after ${seconds(s, "en")}.`,
    es: ({ seconds: s }) =>
      `Demasiadas autenticaciones fallidas desde esta dirección. Reintente tras ${seconds(s, "es")}.`,
  },
  internal_error: {
    en: () => "Something went wrong on our side. Retry with the same idempotency key.",
    es: () => "Algo falló de nuestro lado. Reintente con la misma clave de idempotencia.",
  },
  unavailable: {
    en: ({ seconds: s }) =>
      `The service is temporarily unavailable. Retry after ${seconds(s, "en")} with the same idempotency key.`,
    es: ({ seconds: s }) =>
      `El servicio no está disponible por ahora. Reintente tras ${seconds(s, "es")} con la misma clave de idempotencia.`,
  },
};

export function problemDetail(
  code: ProblemCode,
  lang: Language,
  args: { count?: number; seconds?: number } = {},
) {
  return DETAILS[code][lang](args);
}
