// The integration doctor's strings on a token's Recent requests page, in English and Spanish: spread into
// dictionary.ts, which checks that Spanish names every English key.

export const DOCTOR_EN = {
  "doctor.title": "Integration doctor",
  "doctor.intro":
    "Mistakes this token's requests show, read from its last {requests} requests of the last {days} days and its last {deliveries} status-callback deliveries, each with its fix.",
  "doctor.none": "No mistake found in these requests.",
  "doctor.basis": "Requests it is based on: {count}.",
  "doctor.basisDeliveries": "Delivery attempts it is based on: {count}.",
  "doctor.curl": "With curl",
  "doctor.sdk": "With the SDK (@speed-to-lead/sdk)",
  "doctor.copyCurl": "Copy the curl fix",
  "doctor.copySdk": "Copy the SDK fix",
  "doctor.duplicates_without_key.title": "Retries without an idempotency key made duplicate leads",
  "doctor.duplicates_without_key.fix":
    "The same body was posted again without an Idempotency-Key within {minutes} minutes, and each post made a lead. Send one key per lead (from your own record) on every post and every retry: a retry is then answered with the first lead.",
  "doctor.consent_at_send_time.title": "consent.captured_at is the time of sending on every lead",
  "doctor.consent_at_send_time.fix":
    "On each of these leads captured_at lies within {seconds} seconds of the request's arrival (at least {min} leads). It must say when the person gave consent, kept with the submission. If your form posts the moment the person submits it, this is expected.",
  "doctor.field_behind_422s.title": "One field is behind most refusals",
  "doctor.field_behind_422s.fix":
    "{pointer} is named in {count} of the last {of} validation refusals (422, more than half, at least {min}). Correct how you fill it; a dry run (Dry-Run: true) tells you without storing anything.",
  "doctor.clock_skew.title.ahead": "The sender's clock runs about {minutes} min ahead",
  "doctor.clock_skew.title.behind": "The sender's clock runs about {minutes} min behind",
  "doctor.clock_skew.fix":
    "A Date header, or a consent captured after the request arrived, was more than {seconds} seconds off the server's clock (at least {min} requests). Synchronise the sending machine's clock (NTP): consent times and signatures depend on it.",
  "doctor.bot_check_missing.title": "Posts without a bot check where this token requires one",
  "doctor.bot_check_missing.fix":
    "These posts came without a Bot-Check-Token header, so their leads are held and not called until an owner releases them. Send the token your form's widget gave the visitor with every post.",
  "doctor.receiver_rejects_signature.title": "Your callback receiver refuses the signatures",
  "doctor.receiver_rejects_signature.fix":
    "{url} answered {status} (401 or 403) to {count} delivery attempts since it last took one (at least {min}). Verify the raw body with the secret shown when the callback URL was set; the SDK's verifyWebhook does it.",
} as const;

export const DOCTOR_ES: Record<keyof typeof DOCTOR_EN, string> = {
  "doctor.title": "Diagnóstico de la integración",
  "doctor.intro":
    "Errores que muestran las solicitudes de este token, leídos de sus últimas {requests} solicitudes de los últimos {days} días y de sus últimas {deliveries} entregas de avisos de estado, cada uno con su solución.",
  "doctor.none": "No se encontró ningún error en estas solicitudes.",
  "doctor.basis": "Solicitudes en que se basa: {count}.",
  "doctor.basisDeliveries": "Intentos de entrega en que se basa: {count}.",
  "doctor.curl": "Con curl",
  "doctor.sdk": "Con el SDK (@speed-to-lead/sdk)",
  "doctor.copyCurl": "Copiar la solución con curl",
  "doctor.copySdk": "Copiar la solución con el SDK",
  "doctor.duplicates_without_key.title": "Reintentos sin clave de idempotencia crearon prospectos duplicados",
  "doctor.duplicates_without_key.fix":
    "El mismo cuerpo se volvió a enviar sin Idempotency-Key en menos de {minutes} minutos, y cada envío creó un prospecto. Envíe una clave por prospecto (de su propio registro) en cada envío y cada reintento: así un reintento recibe la respuesta del primer prospecto.",
  "doctor.consent_at_send_time.title": "consent.captured_at es la hora del envío en todos los prospectos",
  "doctor.consent_at_send_time.fix":
    "En cada uno de estos prospectos captured_at está a menos de {seconds} segundos de la llegada de la solicitud (al menos {min} prospectos). Debe indicar cuándo la persona dio su consentimiento, guardado con el envío del formulario. Si su formulario envía en el momento en que la persona lo completa, es lo esperado.",
  "doctor.field_behind_422s.title": "Un campo causa la mayoría de los rechazos",
  "doctor.field_behind_422s.fix":
    "{pointer} aparece en {count} de los últimos {of} rechazos de validación (422, más de la mitad, al menos {min}). Corrija cómo lo completa; una prueba en seco (Dry-Run: true) se lo indica sin guardar nada.",
  "doctor.clock_skew.title.ahead": "El reloj del remitente va unos {minutes} min adelantado",
  "doctor.clock_skew.title.behind": "El reloj del remitente va unos {minutes} min atrasado",
  "doctor.clock_skew.fix":
    "Una cabecera Date, o un consentimiento capturado después de la llegada de la solicitud, difería en más de {seconds} segundos del reloj del servidor (al menos {min} solicitudes). Sincronice el reloj de la máquina que envía (NTP): las horas de consentimiento y las firmas dependen de él.",
  "doctor.bot_check_missing.title": "Envíos sin verificación anti-bots donde este token la exige",
  "doctor.bot_check_missing.fix":
    "Estos envíos llegaron sin la cabecera Bot-Check-Token, así que sus prospectos quedan retenidos y no se llaman hasta que un propietario los libere. Envíe con cada envío el token que el widget de su formulario dio al visitante.",
  "doctor.receiver_rejects_signature.title": "Su receptor de avisos rechaza las firmas",
  "doctor.receiver_rejects_signature.fix":
    "{url} respondió {status} (401 o 403) a {count} intentos de entrega desde la última vez que aceptó uno (al menos {min}). Verifique el cuerpo sin procesar con el secreto mostrado al configurar la URL de avisos; verifyWebhook del SDK lo hace.",
};
