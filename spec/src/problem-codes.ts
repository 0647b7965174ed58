// Every problem code the endpoint answers with: its HTTP status, and its texts in both languages.
import {
  CALL_CHECKS_PER_HANDOFF,
  MAX_BODY_BYTES,
  REPEATS_PER_LEAD_PER_HOUR,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./limits.ts";
import type { Translated } from "./translated.ts";

export interface ProblemDefinition {
  status: number;
  title: Translated;
  /** When the server uses this code; the spec's description of it. */
  when: Translated;
  /** The answer's `detail`; the server fills in {seconds} (the wait, with its unit) and {count}. */
  detail: Translated;
  /** The `detail` when {count} is 1, where the grammar differs. */
  detailOne?: Translated;
}

export const PROBLEM_CODES = {
  invalid_json: {
    status: 400,
    title: { en: "Invalid JSON", es: "JSON no válido" },
    when: {
      en: "The body is not parsable JSON, or is JSON but not an object.",
      es: "El cuerpo no es JSON analizable, o es JSON pero no un objeto.",
    },
    detail: { en: "The body must be a JSON object.", es: "El cuerpo debe ser un objeto JSON." },
  },
  token_missing: {
    status: 401,
    title: { en: "Channel token missing", es: "Falta el token del canal" },
    when: {
      en: "Neither Authorization: Bearer nor X-STL-Channel-Token carries a token.",
      es: "Ni Authorization: Bearer ni X-STL-Channel-Token llevan un token.",
    },
    detail: {
      en: "Send the channel token as Authorization: Bearer <token> or in X-STL-Channel-Token.",
      es: "Envíe el token del canal como Authorization: Bearer <token> o en X-STL-Channel-Token.",
    },
  },
  token_invalid: {
    status: 401,
    title: { en: "Channel token invalid", es: "Token del canal no válido" },
    when: { en: "The token is not one the service issued.", es: "El token no fue emitido por el servicio." },
    detail: {
      en: "The channel token is not one this service issued.",
      es: "El token del canal no fue emitido por este servicio.",
    },
  },
  token_revoked: {
    status: 401,
    title: { en: "Channel token revoked", es: "Token del canal revocado" },
    when: {
      en: "The token was revoked by the account owner.",
      es: "El propietario de la cuenta revocó el token.",
    },
    detail: {
      en: "The channel token was revoked. Ask the account owner for a new one.",
      es: "El token del canal fue revocado. Pida uno nuevo al titular de la cuenta.",
    },
  },
  token_expired: {
    status: 401,
    title: { en: "Channel token expired", es: "Token del canal caducado" },
    when: {
      en: "The token was replaced by a roll and its expiry has passed.",
      es: "El token fue sustituido al rotarlo y su plazo de caducidad ya pasó.",
    },
    detail: {
      en: "The channel token expired after a roll. Use the token that replaced it.",
      es: "El token del canal caducó tras una rotación. Use el token que lo sustituyó.",
    },
  },
  token_conflict: {
    status: 401,
    title: { en: "Conflicting channel tokens", es: "Tokens del canal en conflicto" },
    when: {
      en: "Authorization: Bearer and X-STL-Channel-Token carry two different tokens.",
      es: "Authorization: Bearer y X-STL-Channel-Token llevan dos tokens distintos.",
    },
    detail: {
      en: "Authorization and X-STL-Channel-Token carry different tokens. Send one.",
      es: "Authorization y X-STL-Channel-Token llevan tokens distintos. Envíe uno solo.",
    },
  },
  token_intake_only: {
    status: 403,
    title: { en: "Token may not read leads", es: "El token no puede leer prospectos" },
    when: {
      en: "An intake-only channel token (stl_pk_…, the kind for web pages) asked to read a lead; it may only post leads and dry runs.",
      es: "Un token del canal solo de recepción (stl_pk_…, el tipo para páginas web) pidió leer un prospecto; solo puede enviar prospectos y pruebas en seco.",
    },
    detail: {
      en: "This channel token may only post leads. Read leads from your server with a token that may read (stl_ch_…).",
      es: "Este token del canal solo puede enviar prospectos. Lea los prospectos desde su servidor con un token que pueda leer (stl_ch_…).",
    },
  },
  origin_not_allowed: {
    status: 403,
    title: { en: "Origin not allowed for this token", es: "Origen no permitido para este token" },
    when: {
      en: "The intake-only token lists the pages it may be used from (its allowed origins) and the post's Origin header is not one of them, or is missing.",
      es: "El token solo de recepción enumera las páginas desde las que puede usarse (sus orígenes permitidos) y la cabecera Origin del envío no es una de ellas, o falta.",
    },
    detail: {
      en: "This channel token may not be used from this origin. Ask the account owner to add the page's origin to the token.",
      es: "Este token del canal no puede usarse desde este origen. Pida al titular de la cuenta que añada el origen de la página al token.",
    },
  },
  webhook_signature_invalid: {
    status: 401,
    title: { en: "Webhook signature invalid", es: "Firma del webhook no válida" },
    when: {
      en: "An assistant event whose webhook-id, webhook-timestamp or webhook-signature header is missing, or whose signature does not verify with the assistant's secret.",
      es: "Un evento del asistente al que le falta la cabecera webhook-id, webhook-timestamp o webhook-signature, o cuya firma no se verifica con el secreto del asistente.",
    },
    detail: {
      en: "Sign the event per Standard Webhooks with the assistant's secret (webhook-id, webhook-timestamp, webhook-signature).",
      es: "Firme el evento según Standard Webhooks con el secreto del asistente (webhook-id, webhook-timestamp, webhook-signature).",
    },
  },
  webhook_timestamp_invalid: {
    status: 401,
    title: { en: "Webhook timestamp out of range", es: "Marca de tiempo del webhook fuera de rango" },
    when: {
      en: "An assistant event whose webhook-timestamp is more than 5 minutes away from the service's clock (an old message, or a clock far off).",
      es: "Un evento del asistente cuyo webhook-timestamp se aleja más de 5 minutos del reloj del servicio (un mensaje antiguo, o un reloj muy desviado).",
    },
    detail: {
      en: `The webhook timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from the service's clock.`,
      es: `La marca de tiempo del webhook se aleja más de ${WEBHOOK_TOLERANCE_SECONDS} segundos del reloj del servicio.`,
    },
  },
  not_found: {
    status: 404,
    title: { en: "Not found", es: "No encontrado" },
    when: { en: "No resource at this path.", es: "No hay ningún recurso en esta ruta." },
    detail: { en: "There is nothing at this path.", es: "No hay nada en esta ruta." },
  },
  lead_not_found: {
    status: 404,
    title: { en: "Lead not found", es: "Prospecto no encontrado" },
    when: {
      en: "An assistant event names a lead the service does not have; no lead is ever created from an event.",
      es: "Un evento del asistente nombra un prospecto que el servicio no tiene; nunca se crea un prospecto a partir de un evento.",
    },
    detail: {
      en: "No lead has this id; events never create leads.",
      es: "Ningún prospecto tiene este id; los eventos nunca crean prospectos.",
    },
  },
  handoff_not_found: {
    status: 404,
    title: { en: "Hand-off not found", es: "Traspaso no encontrado" },
    when: {
      en: "A pre-dial check or an assistant event names a hand-off the service does not have, or one of another lead (of another account included).",
      es: "Una comprobación previa a la llamada o un evento del asistente nombra un traspaso que el servicio no tiene, o uno de otro prospecto (también de otra cuenta).",
    },
    detail: {
      en: "No hand-off of this lead has this id.",
      es: "Ningún traspaso de este prospecto tiene este id.",
    },
  },
  lead_query_invalid: {
    status: 400,
    title: { en: "Lead query invalid", es: "Consulta de prospecto no válida" },
    when: {
      en: "Finding a lead needs both platform and external_lead_id, each once.",
      es: "Buscar un prospecto requiere platform y external_lead_id, cada uno una vez.",
    },
    detail: {
      en: "Name the lead with platform and external_lead_id, each once.",
      es: "Indique el prospecto con platform y external_lead_id, cada uno una vez.",
    },
  },
  method_not_allowed: {
    status: 405,
    title: { en: "Method not allowed", es: "Método no permitido" },
    when: {
      en: "Any method but POST on the intake path; the Allow header lists POST.",
      es: "Cualquier método que no sea POST en la ruta de recepción; la cabecera Allow indica POST.",
    },
    detail: { en: "Use POST on this path.", es: "Use POST en esta ruta." },
  },
  idempotency_request_in_flight: {
    status: 409,
    title: {
      en: "Request with this idempotency key in progress",
      es: "Solicitud con esta clave de idempotencia en curso",
    },
    when: {
      en: "Another request with the same idempotency key is still being processed; retry after Retry-After seconds to get its response.",
      es: "Otra solicitud con la misma clave de idempotencia aún se está procesando; reintente tras los segundos de Retry-After para obtener su respuesta.",
    },
    detail: {
      en: "A request with this idempotency key is still in progress. Retry after {seconds}.",
      es: "Una solicitud con esta clave de idempotencia sigue en curso. Reintente tras {seconds}.",
    },
  },
  webhook_replayed: {
    status: 409,
    title: { en: "Webhook already processed", es: "Webhook ya procesado" },
    when: {
      en: "An assistant event whose webhook-id was already processed: nothing is done again.",
      es: "Un evento del asistente cuyo webhook-id ya se procesó: no se hace nada de nuevo.",
    },
    detail: {
      en: "This webhook-id was already processed; nothing was done again.",
      es: "Este webhook-id ya se procesó; no se hizo nada de nuevo.",
    },
  },
  call_checks_exhausted: {
    status: 409,
    title: { en: "Pre-dial checks used up", es: "Comprobaciones previas agotadas" },
    when: {
      en: `A hand-off already had ${CALL_CHECKS_PER_HANDOFF} pre-dial checks: no more are recorded, so the call may not be placed under it. A later hand-off of the lead has checks of its own.`,
      es: `Un traspaso ya tuvo ${CALL_CHECKS_PER_HANDOFF} comprobaciones previas: no se registran más, así que la llamada no puede hacerse con él. Un traspaso posterior del prospecto tiene las suyas.`,
    },
    detail: {
      en: "This hand-off has used all its pre-dial checks; do not call under it.",
      es: "Este traspaso ha agotado sus comprobaciones previas; no llame con él.",
    },
  },
  payload_too_large: {
    status: 413,
    title: { en: "Payload too large", es: "Contenido demasiado grande" },
    when: { en: "The body is larger than 64 KiB.", es: "El cuerpo supera los 64 KiB." },
    detail: {
      en: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
      es: `El cuerpo de la solicitud supera los ${MAX_BODY_BYTES} bytes.`,
    },
  },
  unsupported_media_type: {
    status: 415,
    title: { en: "Unsupported media type", es: "Tipo de contenido no admitido" },
    when: {
      en: "Content-Type is not application/json (a charset parameter is allowed, and must be utf-8).",
      es: "Content-Type no es application/json (se admite el parámetro charset, que debe ser utf-8).",
    },
    detail: { en: "Send the lead as application/json.", es: "Envíe el lead como application/json." },
  },
  unsupported_content_encoding: {
    status: 415,
    title: { en: "Unsupported content encoding", es: "Codificación de contenido no admitida" },
    when: {
      en: "The body carries a Content-Encoding (gzip, br, deflate…): only an unencoded body is accepted; Accept-Encoding: identity says so.",
      es: "El cuerpo lleva un Content-Encoding (gzip, br, deflate…): solo se acepta un cuerpo sin codificar; Accept-Encoding: identity lo indica.",
    },
    detail: {
      en: "Send the body without Content-Encoding: compressed bodies are not accepted.",
      es: "Envíe el cuerpo sin Content-Encoding: no se aceptan cuerpos comprimidos.",
    },
  },
  validation_failed: {
    status: 422,
    title: { en: "Validation failed", es: "La validación falló" },
    when: {
      en: "One or more fields break the contract; errors[] lists every one with a JSON Pointer.",
      es: "Uno o más campos incumplen el contrato; errors[] los enumera todos con un JSON Pointer.",
    },
    detail: { en: "{count} fields break the contract.", es: "{count} campos incumplen el contrato." },
    detailOne: { en: "1 field breaks the contract.", es: "1 campo incumple el contrato." },
  },
  idempotency_key_mismatch: {
    status: 422,
    title: { en: "Idempotency keys differ", es: "Las claves de idempotencia no coinciden" },
    when: {
      en: "The body's idempotency_key and the Idempotency-Key header are both present and different.",
      es: "El idempotency_key del cuerpo y la cabecera Idempotency-Key están ambos presentes y son distintos.",
    },
    detail: {
      en: "The idempotency_key field and the Idempotency-Key header differ.",
      es: "El campo idempotency_key y la cabecera Idempotency-Key no coinciden.",
    },
  },
  idempotency_key_reused: {
    status: 422,
    title: { en: "Idempotency key reused", es: "Clave de idempotencia reutilizada" },
    when: {
      en: "The idempotency key was used before in this account with a different payload.",
      es: "La clave de idempotencia ya se usó en esta cuenta con otro contenido.",
    },
    detail: {
      en: "This idempotency key was already used with a different payload.",
      es: "Esta clave de idempotencia ya se usó con otro contenido.",
    },
  },
  rate_limited: {
    status: 429,
    title: { en: "Too many requests", es: "Demasiadas solicitudes" },
    when: {
      en: "The channel token (on the assistant's events endpoint: the assistant) sent more requests than its rate limit; retry after Retry-After seconds.",
      es: "El token del canal (en el punto de eventos del asistente: el asistente) envió más solicitudes que su límite; reintente tras los segundos de Retry-After.",
    },
    detail: {
      en: "Too many requests for this channel token. Retry after {seconds}.",
      es: "Demasiadas solicitudes para este token del canal. Reintente tras {seconds}.",
    },
  },
  lead_repeats_limited: {
    status: 429,
    title: { en: "Too many repeats of this lead", es: "Demasiadas repeticiones de este prospecto" },
    when: {
      en: `The lead named by (platform, external_lead_id) took ${REPEATS_PER_LEAD_PER_HOUR} repeats in the last hour; nothing changed. Other leads are not affected; retry after Retry-After seconds.`,
      es: `El prospecto indicado por (platform, external_lead_id) recibió ${REPEATS_PER_LEAD_PER_HOUR} repeticiones en la última hora; no cambió nada. Los demás prospectos no se ven afectados; reintente tras los segundos de Retry-After.`,
    },
    detail: {
      en: "This lead was repeated too often in the last hour. Retry after {seconds}.",
      es: "Este prospecto se repitió demasiadas veces en la última hora. Reintente tras {seconds}.",
    },
  },
  too_many_failed_authentications: {
    status: 429,
    title: { en: "Too many failed authentications", es: "Demasiadas autenticaciones fallidas" },
    when: {
      en: "This client address sent more unknown or revoked tokens than its limit allows; a token that worked a moment ago still works; others are refused until Retry-After seconds pass.",
      es: "Esta dirección de cliente envió más tokens desconocidos o revocados de lo que permite su límite; un token que funcionó hace un momento sigue funcionando; los demás se rechazan hasta que pasen los segundos de Retry-After.",
    },
    detail: {
      en: "Too many failed authentications from this address. Retry after {seconds}.",
      es: "Demasiadas autenticaciones fallidas desde esta dirección. Reintente tras {seconds}.",
    },
  },
  internal_error: {
    status: 500,
    title: { en: "Internal error", es: "Error interno" },
    when: {
      en: "A defect in the service. No client input is meant to cause it; the request may be retried with the same idempotency key.",
      es: "Un defecto del servicio. Ninguna entrada del cliente debería causarlo; la solicitud puede reintentarse con la misma clave de idempotencia.",
    },
    detail: {
      en: "Something went wrong on our side. Retry with the same idempotency key.",
      es: "Algo falló de nuestro lado. Reintente con la misma clave de idempotencia.",
    },
  },
  unavailable: {
    status: 503,
    title: { en: "Service unavailable", es: "Servicio no disponible" },
    when: {
      en: "The service cannot reach its database; retry after Retry-After seconds with the same idempotency key.",
      es: "El servicio no puede acceder a su base de datos; reintente tras los segundos de Retry-After con la misma clave de idempotencia.",
    },
    detail: {
      en: "The service is temporarily unavailable. Retry after {seconds} with the same idempotency key.",
      es: "El servicio no está disponible por ahora. Reintente tras {seconds} con la misma clave de idempotencia.",
    },
  },
} as const satisfies Record<string, ProblemDefinition>;

/** How a detail's {seconds} reads: the wait with its unit, {n} being the number. */
export const SECONDS_TEXT = {
  one: { en: "1 second", es: "1 segundo" },
  other: { en: "{n} seconds", es: "{n} segundos" },
} as const satisfies Record<"one" | "other", Translated>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

/** Codes only the assistant's events endpoint answers with; the intake never does. */
export const ASSISTANT_EVENT_PROBLEM_CODES = [
  "webhook_signature_invalid",
  "webhook_timestamp_invalid",
  "lead_not_found",
  "webhook_replayed",
  "handoff_not_found",
] as const satisfies readonly ProblemCode[];

/** Codes only the pre-dial check answers with, beside the assistant events' (signature, replay, hand-off). */
export const CALL_CHECK_PROBLEM_CODES = ["call_checks_exhausted"] as const satisfies readonly ProblemCode[];

/** The `type` URI of a problem: stable, and unique per code. */
export const problemType = (code: string) => `urn:speed-to-lead:problem:${code}`;

/** Codes only the lead reads (getLead, findLead) answer with. */
export const LEAD_READ_PROBLEM_CODES = [
  "lead_query_invalid",
  "token_intake_only",
] as const satisfies readonly ProblemCode[];
