// What `stl holds …` says, in English and Spanish.

const en = {
  "holds.instantInvalid": "--{name} needs an instant with its zone, e.g. 2026-12-01T00:00:00Z",
  "holds.add.needsWhere": "holds add needs --state <XX> or --area-codes <504,985>",
  "holds.add.needsUntil": "holds add needs --until <instant>",
  "holds.add.needsReason": 'holds add needs --reason "<why>"',
  "holds.refused.state_unknown": "No area codes are known for that state: give --area-codes instead.",
  "holds.refused.area_code_invalid": "--area-codes needs three-digit US area codes, separated by commas.",
  "holds.refused.period_invalid": "--until must be after --from (default: now).",
  "holds.added": "Hold {id}: no calls to {codes} from {from} until {until}.",
  "holds.addedHoliday":
    "Holiday {id}: no calls to {codes} from {from} until {until}; leads get call windows after it.",
  "holds.kind.emergency": "emergency",
  "holds.kind.holiday": "holiday",
  "holds.none": "No holds.",
  "holds.hold": "{id}  {kind}  {state}  {codes}  {from} → {until}  {reason}  by {by}",
  "holds.removedBy": "{hold} removed {at} by {by}",
  "holds.remove.needsId": "holds remove needs a hold id",
  "holds.removed": "Hold {id} removed: calls resume under the calling rules.",
  "holds.unknown": "No current hold {id}.",
} as const;

const es: Record<keyof typeof en, string> = {
  "holds.instantInvalid": "--{name} necesita un instante con su zona, p. ej. 2026-12-01T00:00:00Z",
  "holds.add.needsWhere": "holds add necesita --state <XX> o --area-codes <504,985>",
  "holds.add.needsUntil": "holds add necesita --until <instante>",
  "holds.add.needsReason": 'holds add necesita --reason "<motivo>"',
  "holds.refused.state_unknown":
    "No se conocen códigos de área para ese estado: indique --area-codes en su lugar.",
  "holds.refused.area_code_invalid":
    "--area-codes necesita códigos de área de EE. UU. de tres dígitos, separados por comas.",
  "holds.refused.period_invalid": "--until debe ser posterior a --from (por omisión: ahora).",
  "holds.added": "Suspensión {id}: ninguna llamada a {codes} desde {from} hasta {until}.",
  "holds.addedHoliday":
    "Feriado {id}: ninguna llamada a {codes} desde {from} hasta {until}; los prospectos reciben ventanas de llamada posteriores.",
  "holds.kind.emergency": "emergencia",
  "holds.kind.holiday": "feriado",
  "holds.none": "No hay suspensiones.",
  "holds.hold": "{id}  {kind}  {state}  {codes}  {from} → {until}  {reason}  por {by}",
  "holds.removedBy": "{hold} retirada {at} por {by}",
  "holds.remove.needsId": "holds remove necesita el id de una suspensión",
  "holds.removed": "Suspensión {id} retirada: las llamadas siguen según las reglas de llamada.",
  "holds.unknown": "No hay ninguna suspensión vigente {id}.",
};

export const HOLD_TEXT = { en, es };
