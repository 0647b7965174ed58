// What `stl dnc …` says, in English and Spanish.

const en = {
  "dnc.needsAccount": "{command} needs --account <slug>",
  "dnc.needsPhone": "{command} needs a phone number",
  "dnc.phoneInvalid": "Not a valid phone number.",
  "dnc.phoneNotUs": "Not a US phone number.",
  "dnc.added": "{phone} is now on the do-not-call list.",
  "dnc.alreadyOn": "{phone} was already on the do-not-call list.",
  "dnc.cancelled": "Cancelled {count} pending hand-off(s).",
  "dnc.removed": "{phone} is no longer on the do-not-call list.",
  "dnc.notOn": "{phone} was not on the do-not-call list.",
  "dnc.resumed": "Resumed {count} hand-off(s) whose five-minute response had not passed.",
  "dnc.change": "{at}  {action}  {phone}  via {via}  by {actor}",
  "dnc.noChanges": "No changes.",
  "dnc.number": "{phone}  added {at}",
  "dnc.empty": "The do-not-call list is empty.",
  "dnc.import.needsFile": "dnc import needs a CSV file",
  "dnc.import.unreadable": "Cannot read {path}: {code}",
  "dnc.import.done":
    "Imported {rows} row(s): {added} new number(s) on the list; {cancelled} pending hand-off(s) cancelled.",
  "dnc.import.refusedLine": "line {line}: refused ({reason})",
  "dnc.import.refusedCount": "{count} row(s) refused; the others were kept.",
} as const;

const es: Record<keyof typeof en, string> = {
  "dnc.needsAccount": "{command} necesita --account <slug>",
  "dnc.needsPhone": "{command} necesita un número de teléfono",
  "dnc.phoneInvalid": "No es un número de teléfono válido.",
  "dnc.phoneNotUs": "No es un número de teléfono de EE. UU.",
  "dnc.added": "{phone} está ahora en la lista de no llamar.",
  "dnc.alreadyOn": "{phone} ya estaba en la lista de no llamar.",
  "dnc.cancelled": "Traspasos pendientes cancelados: {count}.",
  "dnc.removed": "{phone} ya no está en la lista de no llamar.",
  "dnc.notOn": "{phone} no estaba en la lista de no llamar.",
  "dnc.resumed": "Traspasos reanudados cuyo plazo de cinco minutos no había vencido: {count}.",
  "dnc.change": "{at}  {action}  {phone}  vía {via}  por {actor}",
  "dnc.noChanges": "No hay cambios.",
  "dnc.number": "{phone}  añadido {at}",
  "dnc.empty": "La lista de no llamar está vacía.",
  "dnc.import.needsFile": "dnc import necesita un archivo CSV",
  "dnc.import.unreadable": "No se puede leer {path}: {code}",
  "dnc.import.done":
    "Filas importadas: {rows}. Números nuevos en la lista: {added}; traspasos pendientes cancelados: {cancelled}.",
  "dnc.import.refusedLine": "línea {line}: rechazada ({reason})",
  "dnc.import.refusedCount": "Filas rechazadas: {count}; las demás se guardaron.",
};

export const DNC_TEXT = { en, es };
