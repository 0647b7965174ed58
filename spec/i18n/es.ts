// Spanish prose of the OpenAPI document, keyed by the stable id each text is declared with (text() in src); problem texts come from their table.
import {
  CALL_CHECKS_PER_HANDOFF,
  CONSENT_OF_ANOTHER_CHANNEL,
  IGNORED_FIELD_NAME_MAX,
  IGNORED_FIELDS_KEPT,
  MAX_BODY_BYTES,
  REPEATS_PER_LEAD_PER_HOUR,
  WEBHOOK_TOLERANCE_SECONDS,
} from "../src/limits.ts";
import { LEAD_SOURCES } from "../src/sources.ts";

export const es = {
  // info, servers, tags
  "info.title": "API de recepción de Speed-to-Lead",
  "info.summary": "Envíe prospectos desde cualquier aplicación al servicio speed-to-lead.",
  "info.description":
    "Un único punto de entrada acepta prospectos (leads) de cualquier aplicación, identificada por un token de canal. Cada prospecto aceptado recibe la respuesta de cinco minutos: el servicio lo entrega a su asistente telefónico dentro de los cinco minutos siguientes a su recepción (respond_by). El asistente solo llama a prospectos que traen un bloque de consentimiento completo y un teléfono, y nunca a prospectos de prueba. El mismo contrato se describe en inglés y en español (este documento, ?lang=es).",
  "server.description": "Su despliegue del servicio.",
  "server.base_url.description": "Esquema, host y puerto del servicio.",
  "tag.leads.description": "Envío de prospectos.",
  "tag.meta.description": "Descripción de la interfaz.",

  // POST operation
  "postLead.summary": "Enviar un prospecto",
  "postLead.description": `Guarda el prospecto y programa su respuesta de cinco minutos. El cuerpo es un objeto JSON de ${MAX_BODY_BYTES} bytes como máximo. Un prospecto nuevo responde 201. Una repetición de (platform, external_lead_id) en la misma cuenta responde 200 con created: false y el mismo id: los campos nuevos actualizan el prospecto, nunca recibe una segunda respuesta de cinco minutos, y un bloque de consentimiento completo que llega después lo hace apto para llamada salvo que sea de prueba. Un reintento con la misma clave de idempotencia y el mismo contenido repite la primera respuesta (mismo estado y cuerpo) con Idempotent-Replayed: true; la misma clave con otro contenido se rechaza con idempotency_key_reused. Solicitudes simultáneas con una misma clave nunca crean dos prospectos: las posteriores esperan y repiten la respuesta, o reciben 409 idempotency_request_in_flight. Cualquier método que no sea POST responde 405 con Allow: POST. El texto de los errores está en español cuando Accept-Language prefiere es. Un token solo de recepción (stl_pk_…, el tipo que va en una página web, en manos de todo el que la abre) vive en el espacio propio de su canal (el token y los que se rotaron a partir de él): su platform + external_lead_id y sus claves de idempotencia nunca coinciden con las de otro token, así que nunca puede leer, actualizar, añadir consentimiento ni marcar como de prueba un prospecto que envió otro token, y las claves de otro canal ni chocan con las suyas ni se revelan. Sus respuestas llevan el id del prospecto, created, test, received_at, respond_by e ignored_fields, y por lo demás solo lo que envió la propia solicitud: call_eligible y lead.response dicen lo que permiten los campos enviados por sí solos, nunca lo que decidieron la lista de no llamar, un prospecto anterior del número o una verificación antibot. Una repetición de otro token nunca añade ni sustituye el bloque de consentimiento de un prospecto que envió primero otro canal: se conserva como ignorado, nombrado en ignored_fields. Un prospecto admite como máximo ${REPEATS_PER_LEAD_PER_HOUR} repeticiones por hora (429 lead_repeats_limited solo para ese prospecto). Un prospecto nuevo enviado con un token solo de recepción cuyo número tuvo una llamada iniciada por otro prospecto de la cuenta dentro del periodo de espera de la cuenta (24 horas por defecto) se une al historial de aquel en lugar de iniciar otra llamada (motivo called_recently). Un token solo de recepción puede exigir una verificación antibot (el formulario envía el token del widget en Bot-Check-Token), indicar un campo trampa (honeypot) y los orígenes desde los que puede usarse: un envío desde otro Origin es 403 origin_not_allowed; un prospecto cuya verificación falló o faltó, o cuyo campo trampa se rellenó, se guarda y se responde igual pero queda retenido sin llamadas hasta que un titular lo libere (motivo unverified).`,
  "postLead.requestBody.description":
    "El prospecto, como application/json (se admite el parámetro charset, que debe ser utf-8).",
  "postLead.requestBody.with_consent.summary": "Un prospecto con consentimiento",
  "postLead.requestBody.with_consent.description":
    "Un prospecto de formulario web cuyo bloque de consentimiento lo hace apto para llamada.",
  "postLead.requestBody.partner.summary": "Un prospecto de un socio",
  "postLead.requestBody.partner.description":
    "Un prospecto de una plataforma socia, sin duplicados por platform y external_lead_id.",
  "postLead.200.description":
    "Una repetición de (platform, external_lead_id): el prospecto existente, actualizado con los campos nuevos.",
  "postLead.200.repeat.summary": "Una repetición de un socio",
  "postLead.200.repeat.description":
    "La misma platform y el mismo external_lead_id que un prospecto anterior.",
  "postLead.201.description": "Se creó el prospecto y se programó su respuesta de cinco minutos.",
  "postLead.201.created.summary": "Un prospecto nuevo apto para llamada",
  "postLead.201.created.description": "Consentimiento completo, un teléfono de EE. UU. y no es de prueba.",

  // responses and problem codes
  "postLead.400.description":
    "El cuerpo no es un objeto JSON. Un encuadre HTTP roto (un Content-Length o un tamaño de fragmento mal formados, Content-Length junto con Transfer-Encoding, sin cabecera Host) también es 400, respondido por la capa HTTP antes del servicio con un cuerpo vacío en lugar de problem+json.",
  "postLead.401.description":
    "El token del canal falta, no es válido, fue revocado, caducó o está en conflicto.",
  "postLead.405.description":
    "Se usó un método distinto de POST en esta ruta. Un método que HTTP no define (BREW, por ejemplo) lo rechaza la capa HTTP, que cierra la conexión sin respuesta.",
  "postLead.409.description": "Otra solicitud con esta clave de idempotencia está en curso.",
  "postLead.415.description": "El cuerpo no es application/json, o lleva un Content-Encoding.",
  "header.Accept-Encoding.description":
    "identity: la única codificación de contenido que puede tener el cuerpo de una solicitud (RFC 7694).",
  "postLead.422.description":
    "El prospecto incumple el contrato, o la clave de idempotencia está en conflicto.",
  "postLead.429.description":
    "Se superó el límite de solicitudes del token del canal, o el límite de autenticaciones fallidas de la dirección del cliente.",
  "postLead.403.description":
    "El token solo de recepción enumera los orígenes desde los que puede usarse, y el Origin de este envío no es uno de ellos (o falta).",
  "postLead.429.repeats.description":
    "Se superó el límite de solicitudes del token del canal (para un token solo de recepción también la parte de cada cliente: una dirección IPv4 o un /64 de IPv6), el límite de autenticaciones fallidas de la dirección del cliente, o las repeticiones que un prospecto admite en una hora.",
  "parameter.Bot-Check-Token.description":
    "El token que dio al visitante el widget de verificación antibot del formulario (Cloudflare Turnstile o hCaptcha). Solo lo leen los tokens solo de recepción que exigen verificación: el servicio lo verifica con la API siteverify del proveedor; sin él, o si no la supera, el prospecto se guarda en cuarentena (la respuesta es la misma).",
  "postLead.431.description":
    "Las cabeceras de la solicitud superan lo que acepta la capa HTTP (16 KiB en total): se responde antes del servicio, con un cuerpo vacío en lugar de problem+json.",
  "postAssistantEvent.400.description": "El cuerpo no es un objeto JSON.",
  "postAssistantEvent.405.description": "Se usó un método distinto de POST en esta ruta.",
  "postAssistantEvent.415.description": "El cuerpo no es application/json.",
  "findLead.503.description": "El servicio no puede acceder a su base de datos.",
  "postLead.500.description": "Un defecto del servicio.",
  "postLead.503.description":
    "El servicio no puede acceder a su base de datos, o esta no respondió a tiempo.",

  // GET openapi.json
  "getOpenApiDocument.summary": "Obtener este documento OpenAPI",
  "getOpenApiDocument.description":
    "La descripción OpenAPI 3.1 de la interfaz. En inglés por defecto; en español con lang=es o cuando Accept-Language prefiere es. No necesita token.",
  "getOpenApiDocument.parameter.lang.description": "Idioma del texto para personas: en o es.",
  "getOpenApiDocument.200.description": "El documento OpenAPI.",

  // security, parameters, headers
  "security.bearerAuth.description":
    "El token del canal como Authorization: Bearer <token>, creado por el propietario de la cuenta. Un token que empieza por stl_ch_ envía y lee prospectos (guárdelo en un servidor); uno que empieza por stl_pk_ es solo de envío: envía prospectos y pruebas sin guardar (dry run), y una lectura con él se rechaza con token_intake_only (el tipo para una página web). Cuando ambas cabeceras llevan tokens distintos, la solicitud se rechaza con token_conflict.",
  "security.channelToken.description":
    "El token del canal, para herramientas que no pueden fijar Authorization. Se usa cuando Authorization falta o no es una credencial Bearer (la autenticación Basic de un proxy, por ejemplo).",
  "parameter.Idempotency-Key.description":
    "Alternativa al idempotency_key del cuerpo: de 1 a 255 caracteres ASCII visibles, por cuenta. Cuando ambos están presentes deben ser iguales. Un valor no válido en la cabecera se informa como pattern_mismatch en /idempotency_key.",
  "parameter.Accept-Language.description": "es para texto en español en los errores; inglés en otro caso.",
  "header.Idempotent-Replayed.description":
    "true cuando esta respuesta repite una anterior con la misma clave de idempotencia.",
  "header.X-Request-Id.description": "El id de la solicitud, para soporte y registros.",
  "header.Retry-After.description": "Segundos que esperar antes de reintentar.",
  "header.Retry-After-Ms.description":
    "La misma espera que Retry-After, en milisegundos, para clientes que esperan menos de un segundo.",
  "header.X-Should-Retry.description":
    "true: la misma solicitud (con la misma clave de idempotencia) puede enviarse de nuevo cuando acabe la espera.",
  "header.WWW-Authenticate.description":
    'Siempre Bearer, el esquema con el que autenticarse; en 403 añade error="insufficient_scope" (RFC 6750).',
  "header.Allow.description": "Los métodos permitidos: POST.",
  "header.RateLimit-Limit.description":
    "El tamaño del cubo de solicitudes de este token del canal: cuántas solicitudes pueden enviarse de una vez. El cubo se rellena al ritmo por segundo del token.",
  "header.RateLimit-Remaining.description": "Solicitudes que pueden enviarse ahora mismo.",
  "header.RateLimit-Reset.description": "Segundos hasta que el cubo vuelve a estar lleno.",

  // LeadInput
  "LeadInput.description": `Un prospecto tal como lo envía el remitente. Se requiere un teléfono o un correo electrónico (contact_required). Los campos de primer nivel desconocidos se ignoran: sus valores no se guardan y sus nombres se enumeran en ignored_fields (el prospecto conserva los primeros ${IGNORED_FIELDS_KEPT} nombres, cada uno cortado a ${IGNORED_FIELD_NAME_MAX} caracteres, para la consola de su propietario). El texto no puede contener U+0000 ni sustitutos sueltos (pattern_mismatch), y ningún valor puede anidarse a más de 32 niveles (too_long): la base de datos no podría guardarlos.`,
  "LeadInput.phone.description":
    "Un número de teléfono de EE. UU. en cualquier formato habitual: E.164 (+14155552671), nacional ((415) 555-2671) o con un 1 inicial. Se guarda en E.164; una extensión se descarta. Los números de Canadá y de los demás países +1 se rechazan con phone_not_us; los territorios de EE. UU. que comparten el +1 (Puerto Rico, Guam, Islas Vírgenes de EE. UU., Islas Marianas del Norte, Samoa Americana) se aceptan como EE. UU.",
  "LeadInput.email.description": "Una dirección de correo electrónico.",
  "LeadInput.first_name.description": "Nombre de la persona.",
  "LeadInput.last_name.description": "Apellido de la persona.",
  "LeadInput.source.description": `De dónde vino el prospecto. Valores conocidos: ${LEAD_SOURCES.join(", ")}. Cualquier otro valor se acepta y se guarda como "form", y el valor enviado se conserva en source_original del prospecto guardado; un source ausente también se guarda como "form".`,
  "LeadInput.source_campaign.description":
    "Etiqueta corta de campaña: letras, dígitos, puntos, guiones y guiones bajos, de 1 a 64 caracteres.",
  "LeadInput.property_ref.description":
    "Por qué preguntó la persona: una dirección, un servicio o un anuncio.",
  "LeadInput.price.description": "Un precio que mencionó la persona, en dólares enteros.",
  "LeadInput.language.description": "Idioma en el que se atiende a la persona: en o es.",
  "LeadInput.timezone.description":
    "La zona horaria de la persona como nombre IANA, por ejemplo America/Chicago. Los nombres que la base de zonas horarias del servidor no conoce se rechazan con timezone_invalid.",
  "LeadInput.state.description":
    "El estado de la persona con su código USPS (PA, DC, PR …), en mayúsculas. Como timezone y postal_code, solo acota la ventana de llamada: la ventana son las horas permitidas en cada lugar al que apuntan el teléfono y los campos del prospecto, bajo las reglas de cada estado entre ellos.",
  "LeadInput.postal_code.description":
    "El código postal (ZIP) de EE. UU. de la persona (12345 o 12345-6789). Su estado y su zona, tomados de un conjunto de datos de ZIP, acotan la ventana de llamada; un ZIP que el conjunto no conoce no acota nada.",
  "LeadInput.context.description":
    "Detalles adicionales guardados con el prospecto, como pares clave-valor. Los valores pueden ser cualquier JSON.",
  "LeadInput.source_event_at.description":
    "Cuándo se comunicó la persona del lado del remitente, ISO 8601 con zona horaria.",
  "LeadInput.idempotency_key.description":
    "Se reenvía sin cambios en un reintento; así el prospecto no se crea dos veces. El mismo valor puede llegar en la cabecera Idempotency-Key; ambos presentes y distintos se rechaza con idempotency_key_mismatch. De 1 a 255 caracteres ASCII visibles, por cuenta.",
  "LeadInput.external_lead_id.description":
    "El identificador propio del remitente para el prospecto. Junto con platform hay un prospecto por identificador en la cuenta: una repetición responde 200 con created: false y el mismo id. Sin platform no evita duplicados.",
  "LeadInput.platform.description": "Nombre del sistema remitente; se usa junto con external_lead_id.",
  "LeadInput.test.description":
    "Cuando es true, el prospecto es de prueba: visible al llegar y nunca se llama.",

  // Consent
  "Consent.trustedform_url.description":
    "Evidencia, opcional: el certificado TrustedForm del consentimiento, https://cert.trustedform.com/ y su id (como mucho 255 caracteres). Otro dominio se rechaza con trustedform_url_invalid.",
  "Consent.leadid_token.description":
    "Evidencia, opcional: el token LeadiD de Jornaya de la sesión del formulario, 36 caracteres (letras, dígitos, guiones); si no, leadid_token_invalid.",
  "Consent.disclosure.description":
    "Evidencia, opcional: el texto de consentimiento que se mostró a la persona, tal como se mostró.",
  "Consent.sellers.description":
    "Evidencia, opcional: los nombres de los vendedores que nombraba el texto (el consentimiento uno a uno nombra uno).",
  "Consent.page_url.description":
    "Evidencia, opcional: la dirección http(s) de la página donde se dio el consentimiento.",
  "Consent.ip_address.description":
    "Evidencia, opcional: la dirección IPv4 o IPv6 de la persona al consentir.",
  "Consent.user_agent.description":
    "Evidencia, opcional: el User-Agent del navegador de la persona al consentir.",
  "EvidenceRecord.description":
    "Todo lo que el servicio sabe sobre cómo se trató un prospecto, como un documento firmado que un comprador de prospectos puede entregar a un abogado y que cualquiera puede verificar sin conexión con la clave pública del servicio: el consentimiento tal como se recibió con el token y la hora de llegada, cada decisión de cumplimiento con las filas de reglas y sus versiones que la tomaron, cada intento de entrega, cada evento del asistente y cada cambio de la lista de no llamar del número, y el registro cronológico solo de anexión que los encadena.",
  "EvidenceRecord.account.description": "La cuenta: id y slug.",
  "EvidenceRecord.lead.description":
    "El id del prospecto, platform, external_lead_id, la marca de prueba, el teléfono (E.164), received_at (llegada), respond_by, el token de canal (id y nombre) con el que llegó y quarantine: por qué se apartó de las llamadas (bot_check_missing, bot_check_failed, honeypot) y cuándo lo liberó un propietario (null mientras sigue apartado), o null si nunca se apartó.",
  "EvidenceRecord.consent.description":
    "as_received: el bloque de consentimiento exactamente como se recibió, con los campos de evidencia; received_at: cuándo llegó; channel_token: el token (id y nombre) con el que vino.",
  "EvidenceRecord.consent.null.description": "Null cuando no se recibió consentimiento.",
  "EvidenceRecord.decisions.description":
    "response: el estado de respuesta del prospecto y su motivo ahora; evidence_required: la exigencia de evidencia de consentimiento de la cuenta ahora; rules_version_now: la versión de la tabla de reglas de llamada vigente ahora; handoffs: cada intento de entrega (response_no, attempt, started_at, latency_ms, acknowledged, http_status, error) con su decisión: el permiso de llamada, la ventana de llamada con cada regla que le dio forma (cada una con su fuente y la fecha en que se leyó) y la rules_version con la que se calculó; desde que la decisión se guarda entera, también decided_at, places (cada lugar donde puede estar la persona, con sus zonas y estados), rules (las jurisdicciones que se aplicaron), caps (cada límite con los intentos contados y los que quedan) y holds (cada suspensión y si rechazó la llamada o movió la ventana); offers: cada entrega tal como se ofreció (handoff_id, response_no, el teléfono que ofreció o null, offered_at); holds: cada suspensión que leyó una decisión sobre el prospecto (una entrega, una comprobación previa a la llamada) (id, kind, state o null, area_codes, starts_at, ends_at, reason, removed_at cuando se terminó antes o null; quién la añadió se queda con el operador)",
  "EvidenceRecord.assistant_events.description":
    "Los números del prospecto son su teléfono y cada número que ofreció una entrega. call_attempts: cada intento de llamada que el asistente informó para esos números en la cuenta (lead_id, phone, attempted_at, received_at, webhook_id); do_not_call: cada cambio de la lista de no llamar de esos números en la cuenta (phone; add, remove, wrong_number; cómo llegó y cuándo; quién lo hizo y su nota se quedan en la cuenta); call_checks: cada comprobación previa a la llamada de las entregas del prospecto, tal como se respondió (CallCheckAnswer), con su webhook_id. Una baja cubre todos los fines del número en la cuenta.",
  "EvidenceRecord.generated_at.description": "Cuándo hizo el servicio este registro.",
  "EvidenceRecord.as_of.description":
    "El punto del registro cronológico que muestra este registro: seq, hash y hora de su última entrada, la cabeza de la cadena cuando se hizo el registro. Un registro posterior del prospecto tiene las mismas entradas hasta aquí y un seq mayor tras cualquier novedad; uno anterior sigue verificándose y dice su propio punto.",
  "EvidenceRecord.log.description":
    "El registro cronológico de evidencia del prospecto, solo de anexión, de la más antigua a la más reciente: cada entrada se escribe en la transacción del hecho que registra (recibido; cada entrega con su decisión y la respuesta del asistente; cada comprobación previa a la llamada con su respuesta y sus motivos; cada intento de llamada; cada cambio de la lista de no llamar de su número; cada repetición que cambió lo recibido; cada suspensión que lo afectó, la primera vez que una decisión la leyó, y su fin anticipado; su cuarentena y su liberación; cada decisión de respuesta que ninguna entrega registra (no llamado al llegar, rechazado al reclamarse, perdido, cancelado por una baja, reabierto); cada respuesta a la reclamación de un certificado de TrustedForm), encadenadas por SHA-256. Nada actualiza ni borra una entrada. Como mucho 2.000 entradas: as_of dice dónde termina el registro.",
  "EvidenceRecord.signature.description":
    "Un JWS (RFC 7515, aplanado, con la carga separada) con la clave Ed25519 del servicio. La carga es el registro sin este campo como JSON canónico RFC 8785 (claves de objeto ordenadas, sin espacios). Cualquiera lo verifica solo con la clave pública publicada; cualquier byte cambiado lo hace fallar.",
  "EvidenceRecord.signature.protected.description":
    'La cabecera protegida del JWS, en base64url: {"alg":"EdDSA","kid":…}; kid nombra la clave en GET /api/speed-to-lead/evidence-keys.',
  "EvidenceRecord.signature.signature.description":
    'La firma Ed25519, en base64url, de protected + "." + base64url(carga).',
  "EvidenceEntry.seq.description":
    "1, 2, 3…: el lugar de la entrada en el registro cronológico del prospecto.",
  "EvidenceEntry.body.description":
    'El texto JSON exacto que se resumió: {"at": cuándo se escribió (UTC), "data": qué pasó, "kind": received, handoff, call_check, call_attempt, do_not_call, repeat_merged, hold, hold_removed, quarantined, quarantine_released, response o trustedform_claim, "seq"}. La entrada 1 (received) guarda el prospecto tal como llegó, con su bloque de consentimiento tal como se recibió.',
  "EvidenceEntry.prev.description": "El hash de la entrada anterior; 64 ceros antes de la entrada 1.",
  "EvidenceEntry.hash.description":
    "SHA-256 (hex) de los bytes UTF-8 de prev, un salto de línea (\\n) y body.",
  "EvidenceKeySet.description":
    "Cada clave pública Ed25519 con la que el servicio ha firmado registros de evidencia, la más reciente primero. Una rotación añade una clave y conserva las anteriores, así que todo registro entregado sigue verificándose.",
  "EvidenceKeySet.x.description": "La clave pública de 32 bytes, en base64url.",
  "EvidenceKeySet.kid.description":
    "La huella RFC 7638 de la clave (SHA-256, base64url): lo que nombra la cabecera JWS de un registro.",
  "getEvidenceKeys.summary": "Obtener las claves públicas de los registros de evidencia",
  "getEvidenceKeys.description":
    "El JWKS (esquema EvidenceKeySet) de cada clave con la que se firmaron registros de evidencia: la firma de un registro nombra su clave por kid. No necesita token, así que un comprador, un abogado o un tribunal puede obtenerlo; una copia guardada con un registro permite verificarlo sin ningún acceso al servicio. Se puede guardar en caché cinco minutos.",
  "getEvidenceKeys.200.description": "Las claves públicas.",
  "getLeadEvidence.summary": "Obtener el registro de evidencia de un prospecto",
  "getLeadEvidence.description":
    "El registro de evidencia del prospecto (esquema EvidenceRecord): un documento JSON firmado con la clave Ed25519 del servicio (claves públicas en GET /api/speed-to-lead/evidence-keys), hecho en cada lectura (generated_at), con el consentimiento tal como se recibió, el token y la hora de llegada, cada decisión de cumplimiento con las reglas que la tomaron, cada intento de entrega, cada evento del asistente, cada cambio de la lista de no llamar de su número y su registro cronológico encadenado, solo de anexión. El mismo documento que la descarga de la consola del propietario. Puede pedirlo cualquier token de canal de la cuenta del prospecto que pueda leer (stl_ch_…); un token solo de envío (stl_pk_…) recibe 403 y el prospecto de otra cuenta 404. ETag y límite de frecuencia como getLead.",
  "getLeadEvidence.200.description": "El registro de evidencia.",
  "Consent.description":
    "Quién recogió el consentimiento de la persona para ser llamada, y cuándo. Los tres campos llegan todos juntos o ninguno: un bloque parcial se rechaza con consent_incomplete. Ausente o null significa sin consentimiento: el prospecto se guarda y el asistente nunca lo llama. Los campos de evidencia (trustedform_url, leadid_token, disclosure, sellers, page_url, ip_address, user_agent) son opcionales y solo se comprueba su forma. El bloque se guarda exactamente como se recibió, con sus claves adicionales, se muestra en el prospecto en la consola del propietario, se pasa al asistente y se exporta en el registro de evidencia del prospecto. Una repetición por external id sin bloque de consentimiento conserva el guardado: el consentimiento no puede retirarse mediante una repetición.",
  "Consent.source.description": "El formulario o sistema que recogió el consentimiento.",
  "Consent.reference.description":
    "El registro del remitente del consentimiento: un id de envío, una URL o un id de transcripción.",
  "Consent.captured_at.description":
    "Cuándo se dio el consentimiento, ISO 8601 con zona horaria. No posterior al reloj del servidor más 60 segundos (margen de desfase de relojes); posterior se rechaza con consent_in_future.",

  // StoredLead, ResponseState, LeadAccepted
  "StoredLead.description": "El prospecto tal como se guardó, normalizado.",
  "StoredLead.phone.description": "El número de teléfono en formato E.164.",
  "StoredLead.source_original.description":
    'El valor de source tal como se envió, presente solo cuando no era un origen conocido y se guardó "form".',
  "StoredLead.test.description": "Si es un prospecto de prueba (false si no se envió).",
  "StoredLead.consent.description":
    "El bloque de consentimiento exactamente como se recibió, o null si no se recibió ninguno.",
  "LeadSource.description":
    "De dónde vino el prospecto, tras el valor por defecto: uno de los orígenes conocidos.",
  "ResponseState.description":
    "La respuesta de cinco minutos de este prospecto, en el momento en que se escribió la respuesta.",
  "LeadAccepted.description": "Se aceptó el prospecto.",
  "LeadAccepted.id.description": "El id del prospecto: el mismo en cada repetición.",
  "LeadAccepted.created.description":
    "true cuando esta solicitud creó el prospecto (201); false cuando coincidió con uno existente por (platform, external_lead_id) (200).",
  "LeadAccepted.test.description": "Si el prospecto es de prueba.",
  "LeadAccepted.call_eligible.description":
    "Si el asistente puede llamar al prospecto: un bloque de consentimiento completo, que no sea de prueba, un teléfono, y que ese número no esté en la lista de no llamar de la cuenta ni se haya informado como número equivocado. A un token solo de recepción: lo que permiten los campos que envió la solicitud por sí solos (la lista, los prospectos anteriores y la verificación antibot no se consultan para la respuesta, aunque sí deciden la llamada). La decisión de llamada que se toma en la entrega, dentro de los cinco minutos, aún puede rechazarla (held, location_unknown, no_common_hours): el motivo de respuesta del prospecto dice entonces por qué.",
  "LeadAccepted.received_at.description": "Cuándo recibió el servicio el prospecto por primera vez (UTC).",
  "LeadAccepted.respond_by.description":
    "received_at más cinco minutos: el plazo de la respuesta de cinco minutos. Una repetición nunca recibe una segunda.",
  "LeadAccepted.ignored_fields.description": `Nombres de primer nivel de la solicitud que el contrato no define: se ignoran y sus valores no se guardan. El prospecto conserva los primeros ${IGNORED_FIELDS_KEPT} nombres, cada uno cortado a ${IGNORED_FIELD_NAME_MAX} caracteres, para la consola de su propietario. Una repetición cuyo bloque de consentimiento se dejó fuera, porque otro canal envió primero el prospecto (el consentimiento sigue al canal que lo recogió), encuentra aquí "${CONSENT_OF_ANOTHER_CHANNEL}".`,

  // Problem, FieldError
  "Problem.description": "Un objeto de detalles de problema RFC 9457.",
  "Problem.type.description": "urn:speed-to-lead:problem:<code>, uno por código.",
  "Problem.title.description": "Resumen breve del tipo de problema.",
  "Problem.status.description": "El código de estado HTTP.",
  "Problem.detail.description": "Qué falló en esta solicitud.",
  "Problem.code.description": "Código de problema estable, legible por máquinas.",
  "Problem.request_id.description": "El id de la solicitud, también en la cabecera X-Request-Id.",
  "Problem.errors.description": "Con validation_failed: todos los errores de campo a la vez.",
  "FieldError.description": "Un campo que incumple el contrato.",
  "FieldError.pointer.description":
    'JSON Pointer (RFC 6901) dentro del cuerpo de la solicitud, como /consent/captured_at; "" para el cuerpo entero.',
  "FieldError.code.description": "Motivo estable, legible por máquinas.",
  "FieldError.message.description": "Motivo legible por personas, en el idioma elegido por Accept-Language.",

  // Assistant events
  "tag.assistant.description": "Lo que el asistente telefónico informa de vuelta.",
  "postAssistantEvent.summary": "Informar un evento del asistente",
  "postAssistantEvent.description": `Para el propio asistente telefónico del servicio, no para quienes envían prospectos. Firmado según Standard Webhooks con el secreto con que el servicio firma sus entregas (ASSISTANT_WEBHOOK_SECRET): webhook-signature es v1,<HMAC-SHA256 en base64 de "<webhook-id>.<webhook-timestamp>.<cuerpo>">. Se rechaza un webhook-timestamp a más de ${WEBHOOK_TOLERANCE_SECONDS} segundos del reloj del servicio, y también un webhook-id ya procesado. lead.opted_out pone el número llamado en la lista de no llamar de su cuenta: ningún prospecto de esa cuenta con ese número vuelve a entregarse, incluidas las entregas pendientes y en reintento (cada entrega consulta la lista en la misma transacción que la reclama: una reclamada antes de que el número entrara en la lista aún puede llegar, y su prospecto muestra entonces handed_off; ninguna se reclama después). lead.wrong_number cierra las entregas pendientes de ese número en esa cuenta: el consentimiento dado para él ya no cuenta; un prospecto posterior con un consentimiento nuevo puede llamarse. Cada evento se aplica al número llamado: el que ofreció la entrega nombrada en data.handoff_id, o data.phone (un número que ofreció una entrega del prospecto), o si no el último número ofrecido al asistente para el prospecto; nunca un teléfono que el prospecto recibió después de la llamada. Los eventos nunca crean prospectos. La ruta responde 404 cuando el servicio no tiene configurado el secreto del asistente.`,
  "postAssistantEvent.requestBody.description": "El evento, como application/json.",
  "postAssistantEvent.requestBody.opted_out.summary": "La persona pidió que no la llamen",
  "postAssistantEvent.requestBody.opted_out.description":
    "El número del prospecto entra en la lista de no llamar.",
  "postAssistantEvent.200.description": "Se aplicó el evento.",
  "postAssistantEvent.401.description": "Se rechaza la firma o su marca de tiempo.",
  "postAssistantEvent.404.description":
    "No existe ese prospecto, ni esa entrega de ese prospecto, o no hay secreto del asistente configurado.",
  "postAssistantEvent.409.description": "Este webhook-id ya se procesó.",
  "postAssistantEvent.422.description": "El cuerpo no es un evento del asistente.",
  "postAssistantEvent.429.description": "Demasiados eventos a la vez.",
  "parameter.webhook-id.description":
    "El id único del evento (Standard Webhooks); un mismo id se procesa una sola vez.",
  "parameter.webhook-timestamp.description":
    "Segundos Unix de cuándo se firmó el evento (Standard Webhooks).",
  "parameter.webhook-signature.description":
    "Firmas v1,<base64> separadas por espacios (Standard Webhooks); basta con una válida.",
  "AssistantEvent.description": "Un evento que el asistente telefónico informa sobre un prospecto.",
  "AssistantEvent.type.description":
    "lead.opted_out: la persona pidió que no la llamen; el número llamado entra en la lista de no llamar de su cuenta. lead.wrong_number: la persona de ese número no es el prospecto; el consentimiento dado para ese número ya no cuenta. lead.call_attempted: el asistente intentó llamar al número en data.attempted_at (con o sin respuesta); los intentos se cuentan por cuenta y número frente a los límites de llamadas de las reglas (Florida, Oklahoma, Maryland: 3 en 24 horas móviles).",
  "AssistantEvent.timestamp.description": "Cuándo registró el asistente el evento.",
  "AssistantEvent.data.description": "El prospecto al que se refiere el evento, y cuál de sus números.",
  "AssistantEvent.data.handoff_id.description":
    "El data.handoff_id de la entrega cuyo número se llamó: el evento se aplica al número que ofreció esa entrega, sea cual sea ahora el teléfono del prospecto. Debe ser una entrega de lead_id.",
  "AssistantEvent.data.phone.description":
    "Sin handoff_id: el número llamado, en E.164; debe ser un número que ofreció una entrega de lead_id, o el teléfono del prospecto. Sin ninguno de los dos, el evento se aplica al último número ofrecido al asistente para ese prospecto (el teléfono actual del prospecto solo si nunca se ofreció ninguno).",
  "AssistantEvent.data.attempted_at.description":
    "Solo en lead.call_attempted, y obligatorio ahí: cuándo se hizo la llamada. Como mucho 300 segundos por delante del reloj del servidor.",
  "AssistantEvent.data.lead_id.description": "El lead_id de la entrega. La cuenta es la del prospecto.",
  "AssistantEventReceived.type.description": "El tipo del evento.",
  "AssistantEventReceived.lead_id.description": "El prospecto al que se refería el evento.",
  "AssistantEventReceived.phone.description":
    "El número al que se aplicó el evento (E.164); null si el prospecto no tiene ninguno.",

  // the pre-dial check
  "postCallCheck.summary": "Preguntar antes de marcar",
  "postCallCheck.description": `Para el propio asistente telefónico del servicio: antes de cada llamada pregunta si puede marcar ahora el número de la entrega. Firmado como los eventos del asistente (Standard Webhooks, ASSISTANT_WEBHOOK_SECRET; se rechaza un webhook-timestamp a más de ${WEBHOOK_TOLERANCE_SECONDS} segundos, o un webhook-id ya procesado). La respuesta vale para ese instante: el horario, los días y los festivos de las reglas del número, sus límites de llamadas contados con los intentos informados hasta entonces (lead.call_attempted), las suspensiones, la lista de no llamar y los avisos de número equivocado, todo leído en la comprobación. Un rechazo indica todos los motivos, con cuándo termina cada uno si termina. Cada comprobación queda registrada en la cronología del prospecto y en su registro de evidencia, como mucho ${CALL_CHECKS_PER_HANDOFF} por entrega. Una respuesta afirmativa no es una reserva: informe la llamada hecha con lead.call_attempted y vuelva a preguntar antes de la siguiente. La ruta responde 404 cuando el servicio no tiene configurado el secreto del asistente.`,
  "postCallCheck.requestBody.description": "La llamada que se va a hacer, como application/json.",
  "postCallCheck.requestBody.call.summary": "Una llamada a punto de hacerse",
  "postCallCheck.200.description": "Si la llamada puede hacerse ahora, y por qué no.",
  "postCallCheck.200.cap_reached.summary": "Una cuarta llamada a un número de Florida en 24 horas",
  "postCallCheck.404.description":
    "No existe esa entrega de ese prospecto, o no hay secreto del asistente configurado.",
  "postCallCheck.409.description": "Este webhook-id ya se procesó, o la entrega agotó sus comprobaciones.",
  "postCallCheck.422.description": "El cuerpo no es una comprobación previa a la llamada.",
  "postCallCheck.429.description": "Demasiadas comprobaciones a la vez.",
  "CallCheck.description": "La llamada que el asistente va a hacer.",
  "CallCheck.handoff_id.description": "data.handoff_id de la entrega para la que es la llamada.",
  "CallCheck.lead_id.description":
    "data.lead_id de esa entrega: una entrega de otro prospecto (también de otra cuenta) no se encuentra.",
  "CallCheck.phone.description": "El número que se va a marcar, en E.164.",
  "CallCheckReason.description": "Un motivo por el que la llamada se rechaza ahora.",
  "CallCheckReason.code.description":
    "call_not_permitted: la entrega no ofreció ningún número (solo correo), o la decisión de llamada tomada en el instante de la comprobación rechaza cualquier llamada al número (nada lo ubica, o sus lugares no comparten ninguna hora de llamada). number_not_offered: el número no es el que ofreció la entrega. superseded: una entrega posterior del prospecto sustituyó a esta (cambió su teléfono, o se abrió una nueva respuesta): use esa. do_not_call: el número está en la lista de no llamar de la cuenta. wrong_number: el número se informó como equivocado después de ofrecerse la entrega. held: está en vigor una suspensión de emergencia o de festivo de un operador sobre el código de área del número. cap_reached: el límite de llamadas del número está agotado. window_closed: el horario, los días y los festivos de cada lugar donde puede estar el número no permiten llamar ahora, ni cuando terminan las suspensiones y los límites anteriores (call_window dice cuándo puede empezar la llamada).",
  "CallCheckReason.until.at": "Un instante en UTC.",
  "CallCheckReason.until.description":
    "Cuándo deja de rechazar este motivo: window_closed: cuándo se abre la ventana; cap_reached: cuándo el intento contado más antiguo sale del periodo del límite; held: cuándo termina la suspensión. null para motivos que no terminan por sí solos.",
  "CallCheckReason.jurisdiction.description":
    "cap_reached y held: la regla o el estado de la suspensión (US para una suspensión dada por códigos de área).",
  "CallCheckReason.detail.description":
    "cap_reached: el límite (llamadas por horas); held: el nombre de la suspensión y su motivo tal como lo dio el operador.",
  "CallCheckAnswer.check_id.description":
    "Esta comprobación, tal como la registra la cronología del prospecto.",
  "CallCheckAnswer.handoff_id.description": "La entrega comprobada.",
  "CallCheckAnswer.lead_id.description": "Su prospecto.",
  "CallCheckAnswer.phone.description": "El número comprobado.",
  "CallCheckAnswer.checked_at.description": "El instante para el que vale la respuesta (UTC).",
  "CallCheckAnswer.allowed.description":
    "true: la llamada puede hacerse ahora; infórmela con lead.call_attempted. false: no marque; reasons dice por qué.",
  "CallCheckAnswer.reasons.description":
    "Todos los motivos por los que la llamada se rechaza ahora; vacío si se permite.",
  "CallCheckAnswer.call_window.description":
    "La ventana actual o siguiente del número en este instante, desplazada más allá de sus suspensiones y límites alcanzados (su earliest es ahora si se permite); null si el número no puede llamarse en absoluto (call_not_permitted, do_not_call, wrong_number, superseded).",
  "CallCheckAnswer.call_caps.description":
    "Cada límite de llamadas de las reglas del número, con los intentos que aún permite ahora; vacío si ninguno limita las llamadas.",
  "CallCap.description":
    "Un límite de llamadas de las reglas del número y cómo está el número frente a él en ese instante. Los intentos se cuentan por cuenta y número, sea cual sea el prospecto o la entrega que los informó.",
  "CallCap.jurisdiction.description": "La regla que limita las llamadas, US-XX.",
  "CallCap.calls.description": "Llamadas que la regla permite por número dentro de hours.",
  "CallCap.hours.description": "El periodo móvil, en horas.",
  "CallCap.attempts_remaining.description":
    "Llamadas aún permitidas ahora: calls menos los intentos informados (lead.call_attempted) para el número en la cuenta en las últimas hours.",
  "CallCap.next_release.at": "Un instante en UTC.",
  "CallCap.next_release.description":
    "Cuándo el intento contado más antiguo sale del periodo y se permite una llamada más; null si no se cuenta ningún intento.",
  "AssistantEventReceived.handoffs_cancelled.description":
    "Entregas pendientes o en reintento de ese número en la cuenta que no se realizarán.",

  // lead status, dry run, the hand-off webhook
  "findLead.summary": "Buscar un prospecto por su id externo",
  "findLead.description":
    "El prospecto de esta cuenta con esta platform y este external_lead_id, tal como lo responde getLead, en el espacio compartido de la cuenta (los prospectos que enviaron sus tokens de lectura; los de un formulario se leen por id). Un token que puede leer (stl_ch_…) lee los prospectos de su propio canal, y los de los demás canales solo si su titular se lo permite (si no, 404); un token solo de recepción (stl_pk_…) recibe 403.",
  "findLead.parameter.platform.description": "La plataforma con la que se envió el prospecto.",
  "findLead.parameter.external_lead_id.description": "El id del prospecto en esa plataforma.",
  "findLead.200.description": "El prospecto.",
  "findLead.304.description": "Sin cambios desde el ETag enviado en If-None-Match.",
  "findLead.400.description": "La consulta no identifica un prospecto.",
  "findLead.403.description":
    "El token es solo de recepción (stl_pk_…): puede enviar prospectos pero no leerlos.",
  "findLead.404.description": "No existe ese prospecto en la cuenta del token.",
  "getLead.summary": "Obtener un prospecto",
  "getLead.description":
    "El prospecto guardado, el estado de su respuesta y sus intentos de entrega (horas y resultados). Un token de la cuenta del prospecto que puede leer (stl_ch_…) lo consulta si lo envió su canal, o si su titular le permite leer los demás canales (los tokens de lectura creados antes de esta opción la tienen); si no, 404, como el prospecto de otra cuenta. Un token solo de recepción (stl_pk_…) recibe 403. El ETag cambia cada vez que cambia algo de ello: devuélvalo en If-None-Match para recibir 304. Cuenta para el límite de solicitudes del token como un envío.",
  "getLead.parameter.id.description": "El id del prospecto, tal como lo respondió el envío.",
  "webhook.leadHandoff.summary": "Un prospecto entregado al asistente",
  "webhook.leadHandoff.description":
    "Se envía a ASSISTANT_WEBHOOK_URL por cada respuesta de cada prospecto que no es de prueba y tiene una forma permitida de ser atendido, dentro de cinco minutos (antes de respond_by). Solo se permite llamar con un bloque de consentimiento completo y un teléfono cuyo número no esté en la lista de no llamar de la cuenta ni se haya reportado como número equivocado; si no, call.permitted es false con el motivo, el contenido no lleva teléfono ni ventana de llamada, y el asistente puede responder por correo. Un prospecto sin ninguna de las dos no se entrega.",
  "webhook.leadHandoff.2XX.description": "Confirmado: el servicio deja de reintentar este webhook-id.",
  "parameter.Dry-Run.description":
    "true: valida y autentica exactamente como un envío real y responde lo que este respondería (estado y cuerpo, con dry_run: true y la cabecera Dry-Run: true), sin guardar nada. Prefer: handling=dry-run pide lo mismo.",
  "parameter.If-None-Match.description":
    "Un ETag de una respuesta anterior: 304 si el prospecto no ha cambiado desde entonces.",
  "header.ETag.description": "La versión actual del prospecto.",
  "ResponseState.state.description":
    "pending: esperando entregarse al asistente. handed_off: el asistente lo confirmó. missed: no pudo entregarse antes de respond_by. not_called: no se hace nada (un prospecto de prueba, o sin forma permitida de atenderlo: la llamada no está permitida y no hay correo). Una repetición que permite llamar después de respond_by inicia en cambio una nueva respuesta de cinco minutos (pending, con un nuevo respond_by).",
  "ResponseState.reason.description":
    "Por qué el asistente no puede llamar al prospecto; ausente cuando sí puede. Con pending, handed_off o missed la respuesta es solo por correo. test: un prospecto de prueba. no_consent: sin bloque de consentimiento completo. no_phone: sin teléfono al que llamar. El primero que aplique, en ese orden. Después, para un prospecto por lo demás apto para llamada: opted_out: su número está en la lista de no llamar de la cuenta (la persona pidió que no la llamen; responder por correo sigue permitido, pues la baja es sobre llamadas); wrong_number: la persona de ese número dijo que no es el suyo, así que el consentimiento dado para él ya no cuenta (responder por correo sigue permitido); held: una suspensión de emergencia de un operador cubre su código de área más allá de respond_by (responder por correo sigue permitido); evidence_missing: su cuenta exige un certificado TrustedForm o un token LeadiD en el bloque de consentimiento y el prospecto no lo trae (responder por correo sigue permitido; una repetición que aporte la evidencia permite la llamada); unverified: llegó con un token solo de recepción que exige una verificación antibot y la verificación falló o faltó, o se rellenó el campo trampa (honeypot) de su formulario: retenido hasta que un titular lo libere (responder por correo sigue permitido); called_recently: llegó con un token solo de recepción, y otro prospecto de la cuenta con el mismo número tuvo una llamada iniciada dentro del periodo de espera de la cuenta (24 horas salvo otro ajuste): este prospecto se une al historial de aquel en lugar de iniciar otra llamada (responder por correo sigue permitido). Decididos en la entrega, dentro de los cinco minutos: location_unknown: nada ubica a la persona (el código de área del teléfono es gratuito, de tarifa especial, no geográfico o desconocido, y el prospecto no trae state ni postal_code) y la cuenta no llama a esos números; no_common_hours: los lugares donde puede estar la persona (código de área, timezone, state, postal_code) no comparten ninguna hora de llamada permitida en una semana. En ambos responder por correo sigue permitido.",
  "LeadAccepted.dry_run.description":
    "Solo en una prueba sin guardar: esto es lo que respondería el envío; no se guardó nada.",
  "LeadStatus.description": "Un prospecto guardado y su respuesta.",
  "LeadStatus.id.description": "El id del prospecto.",
  "LeadStatus.call_eligible.description": "Si el asistente puede llamar ahora al prospecto.",
  "LeadStatus.respond_by.description": "El plazo de la respuesta de cinco minutos vigente del prospecto.",
  "LeadStatus.consent_received_at.description":
    "Cuándo llegó el bloque de consentimiento guardado (la hora de una repetición si llegó tarde); null si no hay.",
  "LeadStatus.consent_received_at.when.description": "Cuándo llegó el bloque de consentimiento guardado.",
  "LeadStatus.handoff_attempts.description": "Cada intento de entrega, el más antiguo primero.",
  "HandoffAttempt.description": "Un intento de entrega.",
  "HandoffAttempt.response_no.description": "A qué respuesta del prospecto pertenece el intento.",
  "HandoffAttempt.attempt.description": "El número del intento dentro de la tarea de su respuesta.",
  "HandoffAttempt.started_at.description": "Cuándo empezó el intento.",
  "HandoffAttempt.ok.description": "Si el asistente lo confirmó (2xx).",
  "HandoffAttempt.http_status.description":
    "El estado HTTP del asistente; null si no respondió (tiempo agotado, error de red).",
  "HandoffPayload.description":
    "Una respuesta de un prospecto, firmada según Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). Se entrega al menos una vez: el webhook-id es el mismo en cada reintento de una respuesta, así que el asistente descarta duplicados por él. Cualquier 2xx la confirma. Los prospectos de prueba nunca se entregan.",
  "HandoffPayload.type.description": "El tipo de evento.",
  "HandoffPayload.version.description": "La versión del contenido.",
  "HandoffPayload.timestamp.description": "Cuándo se preparó este intento de entrega.",
  "HandoffPayload.data.description": "El prospecto tal como el asistente lo necesita para esta respuesta.",
  "HandoffPayload.data.account.description": "La cuenta a la que pertenece el prospecto.",
  "HandoffPayload.data.handoff_id.description":
    "Esta entrega (esta respuesta del prospecto): la misma en cada reintento. Nómbrela en la comprobación previa a la llamada (POST /api/speed-to-lead/call-checks) y en los eventos sobre su llamada, para que se apliquen al número que ofreció sea cual sea después el teléfono del prospecto. Una repetición que cambia el teléfono del prospecto abre una nueva entrega para el número nuevo.",
  "HandoffPayload.data.call_caps.description":
    "Presente con el teléfono: cada límite de llamadas de las reglas del número con los intentos que permitía en la entrega (vacío si ninguno limita las llamadas). Los intentos informados después los consumen: pregunte a la comprobación previa antes de cada llamada.",
  "HandoffPayload.data.response_no.description":
    "1 para la primera respuesta del prospecto; una repetición que permite llamar después de una entrega solo por correo o después de respond_by abre la respuesta 2, y así sucesivamente. Cada respuesta tiene su propio webhook-id.",
  "HandoffPayload.data.call.description":
    "Si el asistente puede llamar. Si no puede, el contenido no lleva ni el teléfono ni una ventana de llamada, y el asistente solo puede responder por correo.",
  "HandoffPayload.data.call.reason.description": "Por qué no se permite la llamada.",
  "HandoffPayload.data.phone.description": "E.164; presente solo cuando se permite la llamada.",
  "HandoffPayload.data.email.description": "El correo del prospecto, null si no se envió.",
  "HandoffPayload.data.as_stored.description": "Tal como se guardó.",
  "HandoffPayload.data.source.description": "El origen del prospecto.",
  "HandoffPayload.data.consent.description":
    "El bloque de consentimiento exactamente como se recibió, null si no se recibió.",
  "HandoffPayload.data.received_at.description": "Cuándo recibió el servicio el prospecto por primera vez.",
  "HandoffPayload.data.respond_by.description":
    "El plazo de esta respuesta: received_at más cinco minutos o, para una respuesta abierta por un consentimiento tardío, cinco minutos después de que llegara ese consentimiento.",
  "CallWindow.description": "Cuándo puede llamar el asistente, calculado en cada entrega.",
  "CallWindow.earliest.description": "Inicio de la ventana en la que el asistente puede llamar (UTC).",
  "CallWindow.latest.description": "Fin de la ventana (UTC).",
  "CallWindow.time_zones.description": "La zona o zonas del prospecto (nombres IANA).",
  "CallWindow.time_zone_source.description":
    "El lugar que decidió la ventana (su inicio, si no su fin): el código de área del teléfono, el timezone, state o postal_code del prospecto, o contiguous_us para un número que ningún campo ubica, llamado según el ajuste de la cuenta. default: una zona del ajuste del servidor, en decisiones tomadas antes de leer todas las fuentes de lugar.",
  "CallWindow.local_start.description": "Horario de llamadas de la cuenta: inicio, hora local.",
  "CallWindow.local_end.description": "Horario de llamadas de la cuenta: fin, hora local.",
  "CallWindow.rules_applied.description":
    "Las reglas que dieron forma a la ventana: las horas de cada regla aplicable en el día de la ventana, la federal primero; luego cada día, feriado, límite de llamadas y suspensión que retrasó la ventana.",
  "CallWindow.rules_applied.jurisdiction.description":
    "US para la regla federal, US-XX para un estado (un lugar en un solo estado: ese estado).",
  "CallWindow.rules_applied.name.description": "El nombre de la jurisdicción.",
  "CallWindow.rules_applied.local_start.description":
    "El primer minuto permitido por la regla en el día local de la ventana; null cuando la regla no permite llamadas ese día.",
  "CallWindow.rules_applied.local_end.description":
    "El fin de la regla en el día local de la ventana; null cuando la regla no permite llamadas ese día.",
  "CallWindow.rules_applied.source.description":
    "La ley o norma de la que sale la regla; para una suspensión, su motivo.",
  "CallWindow.rules_applied.kind.description":
    "hours: las horas de la regla en el día local de la ventana (toda regla aplicable tiene una). place: un lugar donde puede estar la persona (place dice qué campo), con la ventana en su hora local (local_start, local_end) y si decidió el inicio o el fin de la ventana; la ventana son las horas permitidas en cada zona de cada lugar, bajo las reglas de cada estado de cada lugar. day: la regla no permite llamadas ese día de la semana (date dice qué día local se saltó). holiday: un feriado legal en el que la regla no permite llamadas, calculado a partir de las leyes de feriados que nombra la regla; un día fijado solo por proclamación (una declaración anual o de emergencia de un gobernador) no se puede calcular y no se calcula: un operador lo cubre con una suspensión por feriado (stl holds add --holiday), que mueve la ventana como un feriado y aparece como hold. cap: el límite de llamadas por teléfono, alcanzado; la ventana empieza cuando el intento contado más antiguo sale del periodo del límite. hold: una suspensión de emergencia o por feriado de un operador.",
  "CallWindow.rules_applied.checked.description":
    "Cuándo se leyó por última vez la fuente de la fila de la regla (para una suspensión: cuándo se añadió; para un lugar: cuándo se leyeron sus datos, el día de la decisión para un timezone declarado).",
  "CallWindow.rules_applied.date.description":
    "day y holiday: el día local del prospecto en el que la regla no permitía llamadas.",
  "CallWindow.rules_applied.holiday.description":
    'holiday: el nombre del feriado, con "(observed)" cuando el día es el día laborable en que se observa un feriado de fin de semana.',
  "CallWindow.rules_applied.until.description": "cap y hold: cuándo deja de acotar la ventana (UTC).",
  "CallWindow.rules_applied.place.description":
    "place: de dónde viene; name es lo que apuntó a él (el código de área, la zona, el estado, el ZIP).",
  "CallWindow.rules_applied.time_zones.description": "place: sus zonas.",
  "CallWindow.rules_applied.decided.description":
    "place: los límites de la ventana que fijan sus propias horas (vacío: las horas de otro lugar son más estrechas).",
  // status callbacks
  "webhook.leadHandedOff.summary": "Un prospecto fue entregado",
  "webhook.leadHandedOff.description":
    "Un aviso de estado a quien envió el prospecto: se envía cuando un token de canal tiene una URL de aviso. Verifíquelo con verifyWebhook de @speed-to-lead/sdk/webhooks y descarte los webhook-id ya vistos.",
  "webhook.leadMissed.summary": "La respuesta a un prospecto no se dio a tiempo",
  "webhook.leadNotCalled.summary": "Un prospecto no recibe respuesta",
  "StatusCallback.description":
    "Se envía a la URL configurada para el token de canal que envió el prospecto (bun run stl tokens callback), firmado según Standard Webhooks con el secreto de aviso de ese token. Se encola en la misma transacción que el cambio que informa, se entrega al menos una vez con un webhook-id estable y se reintenta con espera creciente ante cualquier respuesta que no sea 2xx. Un propietario puede enviar de nuevo un aviso desde la consola (uno, o todos los de un periodo): llega con el mismo webhook-id, así que descarte duplicados por él. Cuando los avisos de un token fallan durante 24 horas sin ninguna entrega, el token queda en pausa: no se envía nada más, los avisos nuevos se guardan, se avisa a sus propietarios y llegan cuando un propietario lo reanuda.",
  "StatusCallback.type.description":
    "lead.handed_off: el asistente confirmó una respuesta del prospecto. lead.missed: pasó el respond_by de una respuesta sin confirmación. lead.not_called: el prospecto no recibe ninguna respuesta (un prospecto de prueba, o sin forma permitida de atenderlo).",
  "StatusCallback.data.description":
    "El estado del prospecto cuando se envió el aviso; nunca sus datos de contacto.",
  "StatusCallback.data.platform.description": "Tal como se envió; null si no se envió.",
  // the request log (listRequests)
  "listRequests.summary": "Listar las solicitudes recientes del token",
  "listRequests.description":
    "Qué pasó con cada solicitud que nombró este token, de la más reciente a la más antigua: envíos aceptados, rechazos (401 de un token revocado o caducado, 403, 404, 409, 413, 422, 429) y lecturas, con el código del problema, los punteros de campo de un 422, la latencia, si fue de prueba (dry run) o repetida, y la forma del cuerpo enviado (nombres de campo y longitudes, nunca un valor). Solo las filas del propio token que llama; se guardan 7 días y como mucho 10.000 filas por token por defecto. Un token que puede leer (stl_ch_…) lo lee; un token solo de recepción (stl_pk_…) recibe 403. Cuenta contra el límite de frecuencia del token como un envío.",
  "listRequests.parameter.status.description": "Solo este estado (422) o esta clase (4xx).",
  "listRequests.parameter.problem_code.description": "Solo respuestas con este código de problema.",
  "listRequests.parameter.cursor.description": "El next_cursor de la página anterior.",
  "listRequests.parameter.limit.description": "Filas por página.",
  "listRequests.200.description": "Una página de las solicitudes del token.",
  "listRequests.400.description": "Un filtro, el cursor o el límite no es válido.",
  "listRequests.403.description": "El token es solo de recepción (stl_pk_…): puede enviar pero no leer.",
  "RequestBodyField.pointer.description":
    "El puntero JSON del campo. Un nombre que no es un nombre de campo simple (letras, dígitos, _ y -) aparece como *.",
  "RequestBodyField.kind.description": "El tipo JSON del valor enviado.",
  "RequestBodyField.length.description":
    "Caracteres de un texto, dígitos de un número, elementos de una lista, claves de un objeto.",
  "RequestBodyField.description":
    "Un campo del cuerpo enviado: dónde estaba, su tipo y su longitud, nunca su valor.",
  "RequestLogEntry.id.description": "El id de la fila en el registro del token.",
  "RequestLogEntry.at.description": "Cuándo respondió el servicio.",
  "RequestLogEntry.method.description": "El método HTTP.",
  "RequestLogEntry.path.description": "La ruta pedida, sin su consulta.",
  "RequestLogEntry.status.description": "El estado HTTP respondido.",
  "RequestLogEntry.problem_code.description":
    "El código del problema cuando la respuesta fue un problema; null en otro caso.",
  "RequestLogEntry.pointers.description":
    "Los punteros JSON de los errores de campo de un 422; null para cualquier otra respuesta.",
  "RequestLogEntry.latency_ms.description": "Milisegundos desde la solicitud hasta la respuesta.",
  "RequestLogEntry.dry_run.description": "El envío fue de prueba (dry run: no se guardó nada).",
  "RequestLogEntry.replayed.description": "La respuesta se repitió por una clave de idempotencia ya usada.",
  "RequestLogEntry.client_address.description": "La dirección IP del cliente, cuando se conoce.",
  "RequestLogEntry.request_id.description": "El X-Request-Id de la respuesta.",
  "RequestLogEntry.body.description":
    "La forma del cuerpo enviado (como mucho 64 campos, 3 niveles); null si no se leyó ningún cuerpo.",
  "RequestLogEntry.description":
    "Una solicitud que nombró el token, aceptada o rechazada. Nunca los valores de un prospecto: ni teléfono, ni correo, ni nombre.",
  "RequestLogPage.requests.description": "Las solicitudes del token, de la más reciente a la más antigua.",
  "RequestLogPage.next_cursor.description":
    "Páselo como `cursor` para la página siguiente (más antigua); null en la última página.",
  "RequestLogPage.description": "Una página del registro de solicitudes del token.",
} satisfies Record<string, string>;
