// Spanish text of the OpenAPI document, keyed by the English text it replaces. The build fails on any gap.
import { MAX_BODY_BYTES } from "../src/limits.ts";
import { PROBLEM_CODES } from "../src/problem-codes.ts";
import { LEAD_SOURCES } from "../src/sources.ts";

const problemTitles = Object.fromEntries(
  Object.values(PROBLEM_CODES).map(({ title }) => [title.en, title.es]),
);

export const es: Record<string, string> = {
  ...problemTitles,

  // info, servers, tags
  "Speed-to-Lead intake API": "API de recepción de Speed-to-Lead",
  "Send leads from any application to the speed-to-lead service.":
    "Envíe prospectos desde cualquier aplicación al servicio speed-to-lead.",
  "One inbound endpoint accepts leads (prospects) from any application, identified by a channel token. Every accepted lead gets the five-minute response: the service hands it to its phone assistant within five minutes of receipt (respond_by). The assistant calls only leads that carry a complete consent block and a phone, and never test leads. The same contract is described in English (this document) and in Spanish (?lang=es).":
    "Un único punto de entrada acepta prospectos (leads) de cualquier aplicación, identificada por un token de canal. Cada prospecto aceptado recibe la respuesta de cinco minutos: el servicio lo entrega a su asistente telefónico dentro de los cinco minutos siguientes a su recepción (respond_by). El asistente solo llama a prospectos que traen un bloque de consentimiento completo y un teléfono, y nunca a prospectos de prueba. El mismo contrato se describe en inglés y en español (este documento, ?lang=es).",
  "Your deployment of the service.": "Su despliegue del servicio.",
  "Scheme, host and port of the service.": "Esquema, host y puerto del servicio.",
  "Posting leads.": "Envío de prospectos.",
  "Describing the interface.": "Descripción de la interfaz.",

  // POST operation
  "Post a lead": "Enviar un prospecto",
  [`Stores the lead and schedules its five-minute response. The body is a JSON object of at most ${MAX_BODY_BYTES} bytes. A new lead answers 201. A repeat of (platform, external_lead_id) in the same account answers 200 with created: false and the same id: newly supplied fields update the lead, it never gets a second five-minute response, and a complete consent block arriving later makes it call-eligible unless it is a test lead. A retry with the same idempotency key and the same payload replays the first response (same status and body) with Idempotent-Replayed: true; the same key with another payload is refused with idempotency_key_reused. Concurrent requests with one key never create two leads: later ones wait and replay, or get 409 idempotency_request_in_flight. Any method but POST answers 405 with Allow: POST. Human text in errors is Spanish when Accept-Language prefers es.`]: `Guarda el prospecto y programa su respuesta de cinco minutos. El cuerpo es un objeto JSON de ${MAX_BODY_BYTES} bytes como máximo. Un prospecto nuevo responde 201. Una repetición de (platform, external_lead_id) en la misma cuenta responde 200 con created: false y el mismo id: los campos nuevos actualizan el prospecto, nunca recibe una segunda respuesta de cinco minutos, y un bloque de consentimiento completo que llega después lo hace apto para llamada salvo que sea de prueba. Un reintento con la misma clave de idempotencia y el mismo contenido repite la primera respuesta (mismo estado y cuerpo) con Idempotent-Replayed: true; la misma clave con otro contenido se rechaza con idempotency_key_reused. Solicitudes simultáneas con una misma clave nunca crean dos prospectos: las posteriores esperan y repiten la respuesta, o reciben 409 idempotency_request_in_flight. Cualquier método que no sea POST responde 405 con Allow: POST. El texto de los errores está en español cuando Accept-Language prefiere es.`,
  "The lead, as application/json (a charset parameter is allowed, and must be utf-8).":
    "El prospecto, como application/json (se admite el parámetro charset, que debe ser utf-8).",
  "A lead with consent": "Un prospecto con consentimiento",
  "A web form lead whose consent block makes it call-eligible.":
    "Un prospecto de formulario web cuyo bloque de consentimiento lo hace apto para llamada.",
  "A partner lead": "Un prospecto de un socio",
  "A partner platform's lead, deduplicated by platform and external_lead_id.":
    "Un prospecto de una plataforma socia, sin duplicados por platform y external_lead_id.",
  "A repeat of (platform, external_lead_id): the existing lead, updated with newly supplied fields.":
    "Una repetición de (platform, external_lead_id): el prospecto existente, actualizado con los campos nuevos.",
  "A partner repeat": "Una repetición de un socio",
  "The same platform and external_lead_id as an earlier lead.":
    "La misma platform y el mismo external_lead_id que un prospecto anterior.",
  "The lead was created and its five-minute response scheduled.":
    "Se creó el prospecto y se programó su respuesta de cinco minutos.",
  "A new call-eligible lead": "Un prospecto nuevo apto para llamada",
  "Complete consent, a US phone and not a test lead.":
    "Consentimiento completo, un teléfono de EE. UU. y no es de prueba.",

  // responses and problem codes
  "The body is not a JSON object.": "El cuerpo no es un objeto JSON.",
  "The body is not parsable JSON, or is JSON but not an object.":
    "El cuerpo no es JSON analizable, o es JSON pero no un objeto.",
  "The channel token is missing, invalid, revoked, expired or conflicting.":
    "El token del canal falta, no es válido, fue revocado, caducó o está en conflicto.",
  "Neither Authorization: Bearer nor X-STL-Channel-Token carries a token.":
    "Ni Authorization: Bearer ni X-STL-Channel-Token llevan un token.",
  "The token is not one the service issued.": "El token no fue emitido por el servicio.",
  "The token was revoked by the account owner.": "El propietario de la cuenta revocó el token.",
  "The token was replaced by a roll and its expiry has passed.":
    "El token fue sustituido al rotarlo y su plazo de caducidad ya pasó.",
  "Authorization: Bearer and X-STL-Channel-Token carry two different tokens.":
    "Authorization: Bearer y X-STL-Channel-Token llevan dos tokens distintos.",
  "A method other than POST was used on this path.": "Se usó un método distinto de POST en esta ruta.",
  "Any method but POST on the intake path; the Allow header lists POST.":
    "Cualquier método que no sea POST en la ruta de recepción; la cabecera Allow indica POST.",
  "Another request with this idempotency key is in progress.":
    "Otra solicitud con esta clave de idempotencia está en curso.",
  "Another request with the same idempotency key is still being processed; retry after Retry-After seconds to get its response.":
    "Otra solicitud con la misma clave de idempotencia aún se está procesando; reintente tras los segundos de Retry-After para obtener su respuesta.",
  "The body is larger than 64 KiB.": "El cuerpo supera los 64 KiB.",
  "The body is not application/json.": "El cuerpo no es application/json.",
  "Content-Type is not application/json (a charset parameter is allowed, and must be utf-8).":
    "Content-Type no es application/json (se admite el parámetro charset, que debe ser utf-8).",
  "The lead breaks the contract, or the idempotency key conflicts.":
    "El prospecto incumple el contrato, o la clave de idempotencia está en conflicto.",
  "One or more fields break the contract; errors[] lists every one with a JSON Pointer.":
    "Uno o más campos incumplen el contrato; errors[] los enumera todos con un JSON Pointer.",
  "The body's idempotency_key and the Idempotency-Key header are both present and different.":
    "El idempotency_key del cuerpo y la cabecera Idempotency-Key están ambos presentes y son distintos.",
  "The idempotency key was used before in this account with a different payload.":
    "La clave de idempotencia ya se usó en esta cuenta con otro contenido.",
  "The channel token's rate limit was exceeded.": "Se superó el límite de solicitudes del token del canal.",
  "The channel token sent more requests than its rate limit; retry after Retry-After seconds.":
    "El token del canal envió más solicitudes que su límite; reintente tras los segundos de Retry-After.",
  "A defect in the service.": "Un defecto del servicio.",
  "A defect in the service. No client input is meant to cause it; the request may be retried with the same idempotency key.":
    "Un defecto del servicio. Ninguna entrada del cliente debería causarlo; la solicitud puede reintentarse con la misma clave de idempotencia.",
  "The service cannot reach its database.": "El servicio no puede acceder a su base de datos.",
  "The service cannot reach its database; retry after Retry-After seconds with the same idempotency key.":
    "El servicio no puede acceder a su base de datos; reintente tras los segundos de Retry-After con la misma clave de idempotencia.",

  // GET openapi.json
  "Get this OpenAPI document": "Obtener este documento OpenAPI",
  "The OpenAPI 3.1 description of the interface. English by default; Spanish with lang=es or when Accept-Language prefers es. Needs no token.":
    "La descripción OpenAPI 3.1 de la interfaz. En inglés por defecto; en español con lang=es o cuando Accept-Language prefiere es. No necesita token.",
  "Language of the human text: en or es.": "Idioma del texto para personas: en o es.",
  "The OpenAPI document.": "El documento OpenAPI.",

  // security, parameters, headers
  "The channel token as Authorization: Bearer <token>. Tokens start with stl_ch_ and are created by the account owner. When both headers carry different tokens the request is refused with token_conflict.":
    "El token del canal como Authorization: Bearer <token>. Los tokens empiezan por stl_ch_ y los crea el propietario de la cuenta. Cuando ambas cabeceras llevan tokens distintos, la solicitud se rechaza con token_conflict.",
  "The channel token, for tools that cannot set Authorization. Used when Authorization is absent or is not a Bearer credential (a proxy's Basic auth, for example).":
    "El token del canal, para herramientas que no pueden fijar Authorization. Se usa cuando Authorization falta o no es una credencial Bearer (la autenticación Basic de un proxy, por ejemplo).",
  "Alternative to the body's idempotency_key: 1 to 255 visible ASCII characters, scoped to the account. When both are present they must be equal. An invalid header value is reported as pattern_mismatch at /idempotency_key.":
    "Alternativa al idempotency_key del cuerpo: de 1 a 255 caracteres ASCII visibles, por cuenta. Cuando ambos están presentes deben ser iguales. Un valor no válido en la cabecera se informa como pattern_mismatch en /idempotency_key.",
  "es for Spanish human text in errors; English otherwise.":
    "es para texto en español en los errores; inglés en otro caso.",
  "true when this response is the replay of an earlier one with the same idempotency key.":
    "true cuando esta respuesta repite una anterior con la misma clave de idempotencia.",
  "The request's id, for support and logs.": "El id de la solicitud, para soporte y registros.",
  "Seconds to wait before retrying.": "Segundos que esperar antes de reintentar.",
  "Always Bearer, naming the scheme to authenticate with.":
    "Siempre Bearer, el esquema con el que autenticarse.",
  "The allowed methods: POST.": "Los métodos permitidos: POST.",
  "The size of this channel token's request bucket: how many requests may be sent at once. The bucket refills at the token's rate per second.":
    "El tamaño del cubo de solicitudes de este token del canal: cuántas solicitudes pueden enviarse de una vez. El cubo se rellena al ritmo por segundo del token.",
  "Requests that may be sent right now.": "Solicitudes que pueden enviarse ahora mismo.",
  "Seconds until the bucket is full again.": "Segundos hasta que el cubo vuelve a estar lleno.",

  // LeadInput
  "A lead as a sender submits it. A phone or an email is required (contact_required). Unknown top-level fields are ignored, not stored, and listed in ignored_fields. Text cannot hold U+0000 or unpaired surrogates (pattern_mismatch), and no value may nest deeper than 32 levels (too_long): the database could not store them.":
    "Un prospecto tal como lo envía el remitente. Se requiere un teléfono o un correo electrónico (contact_required). Los campos de primer nivel desconocidos se ignoran, no se guardan y se enumeran en ignored_fields. El texto no puede contener U+0000 ni sustitutos sueltos (pattern_mismatch), y ningún valor puede anidarse a más de 32 niveles (too_long): la base de datos no podría guardarlos.",
  "A US phone number in any common format: E.164 (+14155552671), national ((415) 555-2671) or with a leading 1. Stored as E.164; an extension is dropped. Numbers of Canada and the other +1 countries are refused with phone_not_us; the US territories that share +1 (Puerto Rico, Guam, US Virgin Islands, Northern Mariana Islands, American Samoa) are accepted as US.":
    "Un número de teléfono de EE. UU. en cualquier formato habitual: E.164 (+14155552671), nacional ((415) 555-2671) o con un 1 inicial. Se guarda en E.164; una extensión se descarta. Los números de Canadá y de los demás países +1 se rechazan con phone_not_us; los territorios de EE. UU. que comparten el +1 (Puerto Rico, Guam, Islas Vírgenes de EE. UU., Islas Marianas del Norte, Samoa Americana) se aceptan como EE. UU.",
  "An email address.": "Una dirección de correo electrónico.",
  "First name of the person.": "Nombre de la persona.",
  "Last name of the person.": "Apellido de la persona.",
  [`Where the lead came from. Known values: ${LEAD_SOURCES.join(", ")}. Any other value is accepted and stored as "form", with the value sent kept in the stored lead's source_original; an absent source is stored as "form" too.`]: `De dónde vino el prospecto. Valores conocidos: ${LEAD_SOURCES.join(", ")}. Cualquier otro valor se acepta y se guarda como "form", y el valor enviado se conserva en source_original del prospecto guardado; un source ausente también se guarda como "form".`,
  "Short campaign tag: letters, digits, dots, dashes and underscores, 1 to 64 characters.":
    "Etiqueta corta de campaña: letras, dígitos, puntos, guiones y guiones bajos, de 1 a 64 caracteres.",
  "What the person asked about: an address, a service or a listing.":
    "Por qué preguntó la persona: una dirección, un servicio o un anuncio.",
  "A price the person mentioned, in whole dollars.": "Un precio que mencionó la persona, en dólares enteros.",
  "Language in which the person is answered: en or es.": "Idioma en el que se atiende a la persona: en o es.",
  "The person's time zone as an IANA name, such as America/Chicago. Names the server's time zone database does not know are refused with timezone_invalid.":
    "La zona horaria de la persona como nombre IANA, por ejemplo America/Chicago. Los nombres que la base de zonas horarias del servidor no conoce se rechazan con timezone_invalid.",
  "Extra details stored with the lead, as key-value pairs. Values may be any JSON.":
    "Detalles adicionales guardados con el prospecto, como pares clave-valor. Los valores pueden ser cualquier JSON.",
  "When the person reached out on the sender's side, ISO 8601 with a time zone.":
    "Cuándo se comunicó la persona del lado del remitente, ISO 8601 con zona horaria.",
  "Sent again unchanged on a retry; the lead is then not created twice. The same value may come in the Idempotency-Key header instead; both present and different is refused with idempotency_key_mismatch. 1 to 255 visible ASCII characters, scoped to the account.":
    "Se reenvía sin cambios en un reintento; así el prospecto no se crea dos veces. El mismo valor puede llegar en la cabecera Idempotency-Key; ambos presentes y distintos se rechaza con idempotency_key_mismatch. De 1 a 255 caracteres ASCII visibles, por cuenta.",
  "The sender's own identifier for the lead. Together with platform there is one lead per identifier in the account: a repeat answers 200 with created: false and the same id. Without platform it does not deduplicate.":
    "El identificador propio del remitente para el prospecto. Junto con platform hay un prospecto por identificador en la cuenta: una repetición responde 200 con created: false y el mismo id. Sin platform no evita duplicados.",
  "Name of the sending system; used together with external_lead_id.":
    "Nombre del sistema remitente; se usa junto con external_lead_id.",
  "When true, the lead is a test lead: visible on arrival and never called.":
    "Cuando es true, el prospecto es de prueba: visible al llegar y nunca se llama.",

  // Consent
  "Who collected the person's consent to be called, and when. The three fields come all together or not at all: a partial block is refused with consent_incomplete. Absent or null means no consent: the lead is stored and the assistant never calls it. The block is stored exactly as received, extra keys included. A repeat by external id with no consent block keeps the stored one: consent cannot be withdrawn through a repeat.":
    "Quién recogió el consentimiento de la persona para ser llamada, y cuándo. Los tres campos llegan todos juntos o ninguno: un bloque parcial se rechaza con consent_incomplete. Ausente o null significa sin consentimiento: el prospecto se guarda y el asistente nunca lo llama. El bloque se guarda exactamente como se recibió, con sus claves adicionales. Una repetición por external id sin bloque de consentimiento conserva el guardado: el consentimiento no puede retirarse mediante una repetición.",
  "The form or system that collected the consent.": "El formulario o sistema que recogió el consentimiento.",
  "The sender's record of the consent: a submission id, a URL or a transcript id.":
    "El registro del remitente del consentimiento: un id de envío, una URL o un id de transcripción.",
  "When consent was given, ISO 8601 with a time zone. Not later than the server's clock plus 60 seconds (clock-skew allowance); later is refused with consent_in_future.":
    "Cuándo se dio el consentimiento, ISO 8601 con zona horaria. No posterior al reloj del servidor más 60 segundos (margen de desfase de relojes); posterior se rechaza con consent_in_future.",

  // StoredLead, ResponseState, LeadAccepted
  "The lead as stored, normalized.": "El prospecto tal como se guardó, normalizado.",
  "The phone number in E.164 form.": "El número de teléfono en formato E.164.",
  'The source value as sent, present only when it was not a known source and "form" was stored.':
    'El valor de source tal como se envió, presente solo cuando no era un origen conocido y se guardó "form".',
  "Whether this is a test lead (false when not sent).":
    "Si es un prospecto de prueba (false si no se envió).",
  "The consent block exactly as received, or null when none was received.":
    "El bloque de consentimiento exactamente como se recibió, o null si no se recibió ninguno.",
  "Where the lead came from, after the fallback: one of the known sources.":
    "De dónde vino el prospecto, tras el valor por defecto: uno de los orígenes conocidos.",
  "The five-minute response of this lead, as of the moment the response was written.":
    "La respuesta de cinco minutos de este prospecto, en el momento en que se escribió la respuesta.",
  "pending: call-eligible, waiting to be handed to the assistant. handed_off: the assistant acknowledged it. missed: it could not be handed off before respond_by (also a lead that became call-eligible through a repeat after its respond_by had passed: the five-minute response is never given late or twice). not_called: the assistant will never call it (see reason).":
    "pending: apto para llamada, esperando entregarse al asistente. handed_off: el asistente lo confirmó. missed: no pudo entregarse antes de respond_by (también un prospecto que pasó a ser apto para llamada mediante una repetición después de su respond_by: la respuesta de cinco minutos nunca se da tarde ni dos veces). not_called: el asistente nunca lo llamará (véase reason).",
  "Only with not_called. test: a test lead. no_consent: no complete consent block. no_phone: no phone to call. The first that applies, in that order.":
    "Solo con not_called. test: un prospecto de prueba. no_consent: sin bloque de consentimiento completo. no_phone: sin teléfono al que llamar. El primero que aplique, en ese orden.",
  "The lead was accepted.": "Se aceptó el prospecto.",
  "The lead's id: the same for every repeat of the lead.":
    "El id del prospecto: el mismo en cada repetición.",
  "true when this request created the lead (201); false when it matched an existing lead by (platform, external_lead_id) (200).":
    "true cuando esta solicitud creó el prospecto (201); false cuando coincidió con uno existente por (platform, external_lead_id) (200).",
  "Whether the lead is a test lead.": "Si el prospecto es de prueba.",
  "Whether the assistant may call the lead: a complete consent block, not a test lead, and a phone.":
    "Si el asistente puede llamar al prospecto: bloque de consentimiento completo, no es de prueba y tiene teléfono.",
  "When the service first received the lead (UTC).":
    "Cuándo recibió el servicio el prospecto por primera vez (UTC).",
  "received_at plus five minutes: the deadline of the five-minute response. A repeat never gets a second one.":
    "received_at más cinco minutos: el plazo de la respuesta de cinco minutos. Una repetición nunca recibe una segunda.",
  "Top-level names in the request that the contract does not define: ignored and not stored.":
    "Nombres de primer nivel de la solicitud que el contrato no define: se ignoran y no se guardan.",

  // Problem, FieldError
  "An RFC 9457 problem details object.": "Un objeto de detalles de problema RFC 9457.",
  "urn:speed-to-lead:problem:<code>, one per code.": "urn:speed-to-lead:problem:<code>, uno por código.",
  "Short summary of the problem type.": "Resumen breve del tipo de problema.",
  "The HTTP status code.": "El código de estado HTTP.",
  "What went wrong with this request.": "Qué falló en esta solicitud.",
  "Stable, machine-readable problem code.": "Código de problema estable, legible por máquinas.",
  "The request's id, also in the X-Request-Id header.":
    "El id de la solicitud, también en la cabecera X-Request-Id.",
  "With validation_failed: every field error at once.":
    "Con validation_failed: todos los errores de campo a la vez.",
  "One field that breaks the contract.": "Un campo que incumple el contrato.",
  'JSON Pointer (RFC 6901) into the request body, such as /consent/captured_at; "" for the body as a whole.':
    'JSON Pointer (RFC 6901) dentro del cuerpo de la solicitud, como /consent/captured_at; "" para el cuerpo entero.',
  "Stable, machine-readable reason.": "Motivo estable, legible por máquinas.",
  "Human-readable reason, in the language chosen by Accept-Language.":
    "Motivo legible por personas, en el idioma elegido por Accept-Language.",
};
