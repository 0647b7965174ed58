// Spanish prose of the OpenAPI document, keyed by the English text it replaces; problem texts come from their table.
import { MAX_BODY_BYTES, WEBHOOK_TOLERANCE_SECONDS } from "../src/limits.ts";
import { LEAD_SOURCES } from "../src/sources.ts";

export const es: Record<string, string> = {
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
  "The body is not a JSON object. Broken HTTP framing (a malformed Content-Length or chunk size, Content-Length together with Transfer-Encoding, no Host header) is also 400, answered by the HTTP layer before the service with an empty body rather than problem+json.":
    "El cuerpo no es un objeto JSON. Un encuadre HTTP roto (un Content-Length o un tamaño de fragmento mal formados, Content-Length junto con Transfer-Encoding, sin cabecera Host) también es 400, respondido por la capa HTTP antes del servicio con un cuerpo vacío en lugar de problem+json.",
  "The channel token is missing, invalid, revoked, expired or conflicting.":
    "El token del canal falta, no es válido, fue revocado, caducó o está en conflicto.",
  "A method other than POST was used on this path. A method HTTP does not define (BREW, say) is refused by the HTTP layer, which closes the connection without an answer.":
    "Se usó un método distinto de POST en esta ruta. Un método que HTTP no define (BREW, por ejemplo) lo rechaza la capa HTTP, que cierra la conexión sin respuesta.",
  "Another request with this idempotency key is in progress.":
    "Otra solicitud con esta clave de idempotencia está en curso.",
  "The body is not application/json, or carries a Content-Encoding.":
    "El cuerpo no es application/json, o lleva un Content-Encoding.",
  "identity: the only content coding a request body may have (RFC 7694).":
    "identity: la única codificación de contenido que puede tener el cuerpo de una solicitud (RFC 7694).",
  "The lead breaks the contract, or the idempotency key conflicts.":
    "El prospecto incumple el contrato, o la clave de idempotencia está en conflicto.",
  "The channel token's rate limit, or the client address's limit of failed authentications, was exceeded.":
    "Se superó el límite de solicitudes del token del canal, o el límite de autenticaciones fallidas de la dirección del cliente.",
  "The request's headers are larger than the HTTP layer accepts (16 KiB in all): answered before the service, with an empty body rather than problem+json.":
    "Las cabeceras de la solicitud superan lo que acepta la capa HTTP (16 KiB en total): se responde antes del servicio, con un cuerpo vacío en lugar de problem+json.",
  "The body is not a JSON object.": "El cuerpo no es un objeto JSON.",
  "A method other than POST was used on this path.": "Se usó un método distinto de POST en esta ruta.",
  "The body is not application/json.": "El cuerpo no es application/json.",
  "The service cannot reach its database.": "El servicio no puede acceder a su base de datos.",
  "A defect in the service.": "Un defecto del servicio.",
  "The service cannot reach its database, or it did not answer in time.":
    "El servicio no puede acceder a su base de datos, o esta no respondió a tiempo.",

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
  "The lead was accepted.": "Se aceptó el prospecto.",
  "The lead's id: the same for every repeat of the lead.":
    "El id del prospecto: el mismo en cada repetición.",
  "true when this request created the lead (201); false when it matched an existing lead by (platform, external_lead_id) (200).":
    "true cuando esta solicitud creó el prospecto (201); false cuando coincidió con uno existente por (platform, external_lead_id) (200).",
  "Whether the lead is a test lead.": "Si el prospecto es de prueba.",
  "Whether the assistant may call the lead: a complete consent block, not a test lead, a phone, and that number neither on the account's do-not-call list nor reported as a wrong number.":
    "Si el asistente puede llamar al prospecto: un bloque de consentimiento completo, que no sea de prueba, un teléfono, y que ese número no esté en la lista de no llamar de la cuenta ni se haya informado como número equivocado.",
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

  // Assistant events
  "What the phone assistant reports back.": "Lo que el asistente telefónico informa de vuelta.",
  "Report an assistant event": "Informar un evento del asistente",
  [`For the service's own phone assistant, not for lead senders. Signed per Standard Webhooks with the secret the service signs its hand-offs with (ASSISTANT_WEBHOOK_SECRET): webhook-signature is v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">. A webhook-timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from the service's clock is refused, and so is a webhook-id already processed. lead.opted_out puts the lead's number on its account's do-not-call list: no lead of that account with that number is handed off again, pending and retrying hand-offs included (every hand-off checks the list in the same transaction that claims it: one claimed before the number went on the list may still arrive, and its lead then shows handed_off; none is claimed after). lead.wrong_number closes the number's pending hand-offs in that account: the consent given for it no longer counts; a later lead with a new consent may be called. Events never create leads. The path answers 404 when the service has no assistant secret configured.`]: `Para el propio asistente telefónico del servicio, no para quienes envían prospectos. Firmado según Standard Webhooks con el secreto con que el servicio firma sus entregas (ASSISTANT_WEBHOOK_SECRET): webhook-signature es v1,<HMAC-SHA256 en base64 de "<webhook-id>.<webhook-timestamp>.<cuerpo>">. Se rechaza un webhook-timestamp a más de ${WEBHOOK_TOLERANCE_SECONDS} segundos del reloj del servicio, y también un webhook-id ya procesado. lead.opted_out pone el número del prospecto en la lista de no llamar de su cuenta: ningún prospecto de esa cuenta con ese número vuelve a entregarse, incluidas las entregas pendientes y en reintento (cada entrega consulta la lista en la misma transacción que la reclama: una reclamada antes de que el número entrara en la lista aún puede llegar, y su prospecto muestra entonces handed_off; ninguna se reclama después). lead.wrong_number cierra las entregas pendientes de ese número en esa cuenta: el consentimiento dado para él ya no cuenta; un prospecto posterior con un consentimiento nuevo puede llamarse. Los eventos nunca crean prospectos. La ruta responde 404 cuando el servicio no tiene configurado el secreto del asistente.`,
  "The event, as application/json.": "El evento, como application/json.",
  "The person asked not to be called": "La persona pidió que no la llamen",
  "The lead's number goes on the do-not-call list.":
    "El número del prospecto entra en la lista de no llamar.",
  "The event was applied.": "Se aplicó el evento.",
  "The signature or its timestamp is refused.": "Se rechaza la firma o su marca de tiempo.",
  "No such lead, or no assistant secret configured.":
    "No existe ese prospecto, o no hay secreto del asistente configurado.",
  "This webhook-id was already processed.": "Este webhook-id ya se procesó.",
  "The body is not an assistant event.": "El cuerpo no es un evento del asistente.",
  "Too many events at once.": "Demasiados eventos a la vez.",
  "The event's unique id (Standard Webhooks); the same id is processed once.":
    "El id único del evento (Standard Webhooks); un mismo id se procesa una sola vez.",
  "Unix seconds when the event was signed (Standard Webhooks).":
    "Segundos Unix de cuándo se firmó el evento (Standard Webhooks).",
  "Space-separated v1,<base64> signatures (Standard Webhooks); one valid signature suffices.":
    "Firmas v1,<base64> separadas por espacios (Standard Webhooks); basta con una válida.",
  "An event the phone assistant reports about a lead.":
    "Un evento que el asistente telefónico informa sobre un prospecto.",
  "lead.opted_out: the person asked not to be called; the lead's number goes on its account's do-not-call list. lead.wrong_number: the person at the number is not the lead; the consent given for that number no longer counts.":
    "lead.opted_out: la persona pidió que no la llamen; el número del prospecto entra en la lista de no llamar de su cuenta. lead.wrong_number: la persona de ese número no es el prospecto; el consentimiento dado para ese número ya no cuenta.",
  "When the assistant recorded the event.": "Cuándo registró el asistente el evento.",
  "The lead the event is about.": "El prospecto al que se refiere el evento.",
  "The lead_id of the hand-off. The number and the account are the lead's.":
    "El lead_id de la entrega. El número y la cuenta son los del prospecto.",
  "The event's type.": "El tipo del evento.",
  "The lead the event was about.": "El prospecto al que se refería el evento.",
  "Pending or retrying hand-offs of that number in the account that will not be delivered.":
    "Entregas pendientes o en reintento de ese número en la cuenta que no se realizarán.",

  // lead status, dry run, the hand-off webhook
  "Find a lead by its external id": "Buscar un prospecto por su id externo",
  "The lead of this account with this platform and external_lead_id, as getLead answers it. Any channel token of the account may ask.":
    "El prospecto de esta cuenta con esta platform y este external_lead_id, tal como lo responde getLead. Cualquier token de canal de la cuenta puede consultarlo.",
  "The platform the lead was posted with.": "La plataforma con la que se envió el prospecto.",
  "The lead's id on that platform.": "El id del prospecto en esa plataforma.",
  "The lead.": "El prospecto.",
  "Not modified since the ETag sent in If-None-Match.": "Sin cambios desde el ETag enviado en If-None-Match.",
  "The query does not name a lead.": "La consulta no identifica un prospecto.",
  "No such lead in the token's account.": "No existe ese prospecto en la cuenta del token.",
  "Get a lead": "Obtener un prospecto",
  "The stored lead, its response state and its hand-off attempts (times and outcomes). Any channel token of the lead's account may ask; another account's lead is 404. The ETag changes whenever any of it changes: send it back in If-None-Match to get 304 instead. Counts against the token's rate limit like a post.":
    "El prospecto guardado, el estado de su respuesta y sus intentos de entrega (horas y resultados). Cualquier token de canal de la cuenta del prospecto puede consultarlo; el prospecto de otra cuenta es 404. El ETag cambia cada vez que cambia algo de ello: devuélvalo en If-None-Match para recibir 304. Cuenta para el límite de solicitudes del token como un envío.",
  "The lead's id, as the post answered it.": "El id del prospecto, tal como lo respondió el envío.",
  "A lead handed to the assistant": "Un prospecto entregado al asistente",
  "Sent to ASSISTANT_WEBHOOK_URL for every response of every lead that is not a test lead and has a permitted way to be answered, within five minutes (by respond_by). A call is permitted only with a complete consent block and a phone whose number is neither on the account's do-not-call list nor reported as a wrong number; otherwise call.permitted is false with the reason, the payload carries no phone and no call window, and the assistant may answer by email. A lead with neither is not handed off.":
    "Se envía a ASSISTANT_WEBHOOK_URL por cada respuesta de cada prospecto que no es de prueba y tiene una forma permitida de ser atendido, dentro de cinco minutos (antes de respond_by). Solo se permite llamar con un bloque de consentimiento completo y un teléfono cuyo número no esté en la lista de no llamar de la cuenta ni se haya reportado como número equivocado; si no, call.permitted es false con el motivo, el contenido no lleva teléfono ni ventana de llamada, y el asistente puede responder por correo. Un prospecto sin ninguna de las dos no se entrega.",
  "Acknowledged: the service stops retrying this webhook-id.":
    "Confirmado: el servicio deja de reintentar este webhook-id.",
  "true: validate and authenticate exactly as a real post and answer what it would answer (status and body, with dry_run: true and a Dry-Run: true header), storing nothing. Prefer: handling=dry-run asks the same.":
    "true: valida y autentica exactamente como un envío real y responde lo que este respondería (estado y cuerpo, con dry_run: true y la cabecera Dry-Run: true), sin guardar nada. Prefer: handling=dry-run pide lo mismo.",
  "An ETag from an earlier answer: 304 when the lead has not changed since.":
    "Un ETag de una respuesta anterior: 304 si el prospecto no ha cambiado desde entonces.",
  "The lead's current version.": "La versión actual del prospecto.",
  "pending: waiting to be handed to the assistant. handed_off: the assistant acknowledged it. missed: it could not be handed off before respond_by. not_called: nothing is done (a test lead, or no permitted way to answer: the call is refused and there is no email). A repeat that permits a call after respond_by starts a new five-minute response (pending, with a new respond_by) instead.":
    "pending: esperando entregarse al asistente. handed_off: el asistente lo confirmó. missed: no pudo entregarse antes de respond_by. not_called: no se hace nada (un prospecto de prueba, o sin forma permitida de atenderlo: la llamada no está permitida y no hay correo). Una repetición que permite llamar después de respond_by inicia en cambio una nueva respuesta de cinco minutos (pending, con un nuevo respond_by).",
  "Why the assistant may not call the lead; absent when it may. With pending, handed_off or missed the response is by email only. test: a test lead. no_consent: no complete consent block. no_phone: no phone to call. The first that applies, in that order. Then, for a lead that is otherwise call-eligible: opted_out: its number is on the account's do-not-call list (the person asked not to be called; an email answer is still allowed, as the opt-out is about calls); wrong_number: the person at that number said it is not theirs, so the consent given for it no longer counts (an email answer is still allowed).":
    "Por qué el asistente no puede llamar al prospecto; ausente cuando sí puede. Con pending, handed_off o missed la respuesta es solo por correo. test: un prospecto de prueba. no_consent: sin bloque de consentimiento completo. no_phone: sin teléfono al que llamar. El primero que aplique, en ese orden. Después, para un prospecto por lo demás apto para llamada: opted_out: su número está en la lista de no llamar de la cuenta (la persona pidió que no la llamen; responder por correo sigue permitido, pues la baja es sobre llamadas); wrong_number: la persona de ese número dijo que no es el suyo, así que el consentimiento dado para él ya no cuenta (responder por correo sigue permitido).",
  "Present on a dry run only: this is what the post would answer; nothing was stored.":
    "Solo en una prueba sin guardar: esto es lo que respondería el envío; no se guardó nada.",
  "A stored lead and its response.": "Un prospecto guardado y su respuesta.",
  "The lead's id.": "El id del prospecto.",
  "Whether the assistant may call the lead now.": "Si el asistente puede llamar ahora al prospecto.",
  "The deadline of the lead's current five-minute response.":
    "El plazo de la respuesta de cinco minutos vigente del prospecto.",
  "When the stored consent block arrived (a repeat's time for a late consent); null without one.":
    "Cuándo llegó el bloque de consentimiento guardado (la hora de una repetición si llegó tarde); null si no hay.",
  "When the stored consent block arrived.": "Cuándo llegó el bloque de consentimiento guardado.",
  "Every delivery attempt, oldest first.": "Cada intento de entrega, el más antiguo primero.",
  "One delivery attempt.": "Un intento de entrega.",
  "Which response of the lead the attempt belongs to.": "A qué respuesta del prospecto pertenece el intento.",
  "The attempt's number within its response's task.":
    "El número del intento dentro de la tarea de su respuesta.",
  "When the attempt started.": "Cuándo empezó el intento.",
  "Whether the assistant acknowledged it (2xx).": "Si el asistente lo confirmó (2xx).",
  "The assistant's HTTP status; null when it did not answer (timeout, network error).":
    "El estado HTTP del asistente; null si no respondió (tiempo agotado, error de red).",
  "One response of one lead, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). Delivered at least once: the webhook-id is the same on every retry of a response, so the assistant drops duplicates by it. Any 2xx acknowledges it. Test leads are never handed off.":
    "Una respuesta de un prospecto, firmada según Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). Se entrega al menos una vez: el webhook-id es el mismo en cada reintento de una respuesta, así que el asistente descarta duplicados por él. Cualquier 2xx la confirma. Los prospectos de prueba nunca se entregan.",
  "The event type.": "El tipo de evento.",
  "The payload's version.": "La versión del contenido.",
  "When this delivery attempt was built.": "Cuándo se preparó este intento de entrega.",
  "The lead as the assistant needs it for this response.":
    "El prospecto tal como el asistente lo necesita para esta respuesta.",
  "The account the lead belongs to.": "La cuenta a la que pertenece el prospecto.",
  "1 for the lead's first response; a repeat that permits a call after an email-only hand-off or after respond_by opens response 2, and so on. Each response has its own webhook-id.":
    "1 para la primera respuesta del prospecto; una repetición que permite llamar después de una entrega solo por correo o después de respond_by abre la respuesta 2, y así sucesivamente. Cada respuesta tiene su propio webhook-id.",
  "Whether the assistant may call. When it may not, the payload carries neither the phone nor a call window, and the assistant may only answer by email.":
    "Si el asistente puede llamar. Si no puede, el contenido no lleva ni el teléfono ni una ventana de llamada, y el asistente solo puede responder por correo.",
  "Why the call is not permitted.": "Por qué no se permite la llamada.",
  "E.164; present only when the call is permitted.": "E.164; presente solo cuando se permite la llamada.",
  "The lead's email, null when none was sent.": "El correo del prospecto, null si no se envió.",
  "As stored.": "Tal como se guardó.",
  "The lead's source.": "El origen del prospecto.",
  "The consent block exactly as received, null when none was.":
    "El bloque de consentimiento exactamente como se recibió, null si no se recibió.",
  "When the service first received the lead.": "Cuándo recibió el servicio el prospecto por primera vez.",
  "The deadline of this response: received_at plus five minutes, or, for a response a late consent opened, five minutes after that consent arrived.":
    "El plazo de esta respuesta: received_at más cinco minutos o, para una respuesta abierta por un consentimiento tardío, cinco minutos después de que llegara ese consentimiento.",
  "When the assistant may call, computed at each delivery.":
    "Cuándo puede llamar el asistente, calculado en cada entrega.",
  "Start of the window in which the assistant may call (UTC).":
    "Inicio de la ventana en la que el asistente puede llamar (UTC).",
  "End of the window (UTC).": "Fin de la ventana (UTC).",
  "The lead's zone or zones (IANA names).": "La zona o zonas del prospecto (nombres IANA).",
  "Where the zones came from: the lead's timezone, its phone's area code, or the default.":
    "De dónde salieron las zonas: el timezone del prospecto, el código de área de su teléfono o la zona por defecto.",
  "The account's calling hours: start, local time.": "Horario de llamadas de la cuenta: inicio, hora local.",
  "The account's calling hours: end, local time.": "Horario de llamadas de la cuenta: fin, hora local.",
  "The calling-hour rules that narrowed the window, the federal one first.":
    "Las reglas de horario de llamadas que acotaron la ventana, la federal primero.",
  "US for the federal rule, US-XX for a state.": "US para la regla federal, US-XX para un estado.",
  "The jurisdiction's name.": "El nombre de la jurisdicción.",
  "The rule's first permitted minute on the window's local day.":
    "El primer minuto permitido por la regla en el día local de la ventana.",
  "The rule's end on the window's local day.": "El fin de la regla en el día local de la ventana.",
  "The law or regulation the hours come from.": "La ley o norma de la que salen las horas.",
  // status callbacks
  "A lead was handed off": "Un prospecto fue entregado",
  "A status callback to the sender of the lead: sent when a channel token has a callback URL. Verify it with verifyWebhook from @speed-to-lead/sdk/webhooks and drop webhook-ids already seen.":
    "Un aviso de estado a quien envió el prospecto: se envía cuando un token de canal tiene una URL de aviso. Verifíquelo con verifyWebhook de @speed-to-lead/sdk/webhooks y descarte los webhook-id ya vistos.",
  "A lead's response was missed": "La respuesta a un prospecto no se dio a tiempo",
  "A lead gets no response": "Un prospecto no recibe respuesta",
  "Sent to the URL set for the channel token that posted the lead (bun run stl tokens callback), signed per Standard Webhooks with that token's callback secret. Queued in the same transaction as the change it reports, delivered at least once with a stable webhook-id, retried with backoff on anything but 2xx.":
    "Se envía a la URL configurada para el token de canal que envió el prospecto (bun run stl tokens callback), firmado según Standard Webhooks con el secreto de aviso de ese token. Se encola en la misma transacción que el cambio que informa, se entrega al menos una vez con un webhook-id estable y se reintenta con espera creciente ante cualquier respuesta que no sea 2xx.",
  "lead.handed_off: the assistant acknowledged a response of the lead. lead.missed: a response's respond_by passed unacknowledged. lead.not_called: the lead gets no response at all (a test lead, or no permitted way to answer it).":
    "lead.handed_off: el asistente confirmó una respuesta del prospecto. lead.missed: pasó el respond_by de una respuesta sin confirmación. lead.not_called: el prospecto no recibe ninguna respuesta (un prospecto de prueba, o sin forma permitida de atenderlo).",
  "The lead's state when the callback was sent; never its contact details.":
    "El estado del prospecto cuando se envió el aviso; nunca sus datos de contacto.",
  "As posted; null when not sent.": "Tal como se envió; null si no se envió.",
};
