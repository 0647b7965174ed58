// The console's strings of a token's status-callback recovery and pause (its page, its banner, the owners' mail),
// in English and Spanish: spread into dictionary.ts, which checks that Spanish names every English key.

export const CALLBACK_DELIVERY_EN = {
  "integrations.deliveries.paused": "paused: waits for Resume",
  "integrations.deliveries.state.pending": "queued",
  "integrations.deliveries.state.delivered": "delivered",
  "integrations.deliveries.state.failed": "failed",
  "integrations.recover.title": "Recover since",
  "integrations.recover.intro":
    "Sends again every status callback this token queued in a period, delivered or failed, each under its own webhook-id so that a receiver drops the ones it already has. Callbacks still queued are left as they are. At most {cap} callbacks per recovery, oldest first; the confirmation says where to start the next one.",
  "integrations.recover.from": "From",
  "integrations.recover.fromHint":
    "In UTC, such as 2026-11-27 14:00 (a date alone means its midnight; end with +02:00 for another offset).",
  "integrations.recover.to": "Until (optional)",
  "integrations.recover.toHint": "In UTC, like the start. Empty: until now.",
  "integrations.recover.submit": "Send these callbacks again",
  "integrations.recover.pageTitle": "Recover the status callbacks of “{name}”",
  "integrations.recover.invalid": "Enter a time such as 2026-11-27 14:00.",
  "integrations.recover.future": "This time has not come yet: enter a time in the past.",
  "integrations.recover.order": "The end must come after the start.",
  "integrations.recover.done":
    "{queued} status callbacks queued again ({read} in the period; those still queued were left).",
  "integrations.recover.more":
    "The cap of {cap} callbacks per recovery was reached: recover again from {from} for the rest.",
  "integrations.paused.title": "Status callbacks paused",
  "integrations.paused.body":
    "This token's status callbacks have failed without one delivery since {at}, so none is sent any more. New callbacks are kept and wait. Fix the receiver, then resume: the kept callbacks are sent at once.",
  "integrations.paused.resume": "Resume status callbacks",
  "integrations.resumed": "Status callbacks resumed: the kept ones are being sent.",
  "integrations.pausedMail.subject": "Status callbacks paused for the token “{name}”",
  "integrations.pausedMail.body":
    "The status callbacks of the token “{name}” failed for {hours} hours without one delivery (failing since {since} UTC), so Speed-to-Lead stopped sending them. New callbacks are kept.\n\nFix the receiver, then press “Resume status callbacks” on the token's page:\n{url}",
  "audit.action.callbacks.paused": "Status callbacks paused after failing",
  "audit.action.callbacks.resumed": "Status callbacks resumed",
  "audit.action.callbacks.recovered": "Status callbacks sent again for a period",
} as const;

export const CALLBACK_DELIVERY_ES: Record<keyof typeof CALLBACK_DELIVERY_EN, string> = {
  "integrations.deliveries.paused": "en pausa: espera a Reanudar",
  "integrations.deliveries.state.pending": "en cola",
  "integrations.deliveries.state.delivered": "entregado",
  "integrations.deliveries.state.failed": "fallido",
  "integrations.recover.title": "Recuperar desde",
  "integrations.recover.intro":
    "Envía de nuevo cada aviso de estado que este token puso en cola en un periodo, entregado o fallido, cada uno con su propio webhook-id para que el receptor descarte los que ya tiene. Los avisos aún en cola se dejan como están. Como máximo {cap} avisos por recuperación, los más antiguos primero; la confirmación dice desde dónde empezar la siguiente.",
  "integrations.recover.from": "Desde",
  "integrations.recover.fromHint":
    "En UTC, como 2026-11-27 14:00 (una fecha sola es su medianoche; termine con +02:00 para otro desfase).",
  "integrations.recover.to": "Hasta (opcional)",
  "integrations.recover.toHint": "En UTC, como el inicio. Vacío: hasta ahora.",
  "integrations.recover.submit": "Enviar de nuevo estos avisos",
  "integrations.recover.pageTitle": "Recuperar los avisos de estado de «{name}»",
  "integrations.recover.invalid": "Escriba una hora como 2026-11-27 14:00.",
  "integrations.recover.future": "Esta hora aún no ha llegado: escriba una hora pasada.",
  "integrations.recover.order": "El final debe ser posterior al inicio.",
  "integrations.recover.done":
    "{queued} avisos de estado en cola de nuevo ({read} en el periodo; los que seguían en cola se dejaron).",
  "integrations.recover.more":
    "Se alcanzó el máximo de {cap} avisos por recuperación: recupere de nuevo desde {from} para el resto.",
  "integrations.paused.title": "Avisos de estado en pausa",
  "integrations.paused.body":
    "Los avisos de estado de este token fallan sin ninguna entrega desde {at}, así que ya no se envía ninguno. Los avisos nuevos se guardan y esperan. Arregle el receptor y reanude: los avisos guardados se envían enseguida.",
  "integrations.paused.resume": "Reanudar los avisos de estado",
  "integrations.resumed": "Avisos de estado reanudados: los guardados se están enviando.",
  "integrations.pausedMail.subject": "Avisos de estado en pausa para el token «{name}»",
  "integrations.pausedMail.body":
    "Los avisos de estado del token «{name}» fallaron durante {hours} horas sin ninguna entrega (fallan desde {since} UTC), así que Speed-to-Lead dejó de enviarlos. Los avisos nuevos se guardan.\n\nArregle el receptor y pulse «Reanudar los avisos de estado» en la página del token:\n{url}",
  "audit.action.callbacks.paused": "Avisos de estado en pausa tras fallar",
  "audit.action.callbacks.resumed": "Avisos de estado reanudados",
  "audit.action.callbacks.recovered": "Avisos de estado enviados de nuevo para un periodo",
};
