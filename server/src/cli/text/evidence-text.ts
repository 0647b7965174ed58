// What `stl evidence …` says, in English and Spanish.

const en = {
  "evidence.verify.needsFile":
    "evidence verify needs a record file (the JSON downloaded from …/leads/{id}/evidence)",
  "evidence.unreadable": "Cannot read {what}: {detail}",
  "evidence.verified":
    "Verified: signed with key {kid}; the record shows the lead's log up to entry {seq} ({at}), made {generated}.",
  "evidence.failed": "Not verified: {why} ({detail})",
  "evidence.failed.record_malformed": "this is not an evidence record",
  "evidence.failed.key_unknown": "none of the keys given signed it",
  "evidence.failed.signature_invalid": "the record was changed after it was signed, or another key signed it",
  "evidence.failed.chain_broken": "the record's log does not chain",
  "evidence.keys.needsAction": "evidence keys needs rotate or list",
  "accounts.trustedform.needs": "accounts trustedform needs an account and --api-key <key> or --clear",
  "accounts.trustedform.set":
    "{slug}: TrustedForm certificates of new leads are claimed with this key within their 72 hours, and each answer is logged in the lead's evidence.",
  "accounts.trustedform.cleared": "{slug}: TrustedForm certificates are no longer claimed.",
  "evidence.rotated":
    "New evidence signing key {kid}. The old public keys stay published, so older records still verify. Restart the server to sign with it.",
  "evidence.rotate.postgres":
    "With DATABASE_URL the key is EVIDENCE_PRIVATE_KEY: set a new one (`openssl genpkey -algorithm ed25519`) and restart; the server publishes it beside the old ones.",
  "evidence.key": "{kid}  made {created}  {state}",
  "evidence.key.current": "current",
  "evidence.key.retired": "retired {at}",
  "evidence.keys.none": "No evidence signing keys yet: the server makes one when it starts.",
} as const;

const es: Record<keyof typeof en, string> = {
  "evidence.verify.needsFile":
    "evidence verify necesita un archivo de registro (el JSON descargado de …/leads/{id}/evidence)",
  "evidence.unreadable": "No se puede leer {what}: {detail}",
  "evidence.verified":
    "Verificado: firmado con la clave {kid}; el registro muestra el historial del prospecto hasta la entrada {seq} ({at}), hecho el {generated}.",
  "evidence.failed": "No verificado: {why} ({detail})",
  "evidence.failed.record_malformed": "no es un registro de evidencia",
  "evidence.failed.key_unknown": "ninguna de las claves dadas lo firmó",
  "evidence.failed.signature_invalid": "el registro cambió después de firmarse, u otra clave lo firmó",
  "evidence.failed.chain_broken": "el historial del registro no encadena",
  "evidence.keys.needsAction": "evidence keys necesita rotate o list",
  "accounts.trustedform.needs": "accounts trustedform necesita una cuenta y --api-key <clave> o --clear",
  "accounts.trustedform.set":
    "{slug}: los certificados de TrustedForm de los prospectos nuevos se reclaman con esta clave dentro de sus 72 horas, y cada respuesta queda en la evidencia del prospecto.",
  "accounts.trustedform.cleared": "{slug}: los certificados de TrustedForm ya no se reclaman.",
  "evidence.rotated":
    "Nueva clave de firma de evidencia {kid}. Las claves públicas anteriores siguen publicadas, así que los registros anteriores siguen verificándose. Reinicie el servidor para firmar con ella.",
  "evidence.rotate.postgres":
    "Con DATABASE_URL la clave es EVIDENCE_PRIVATE_KEY: defina una nueva (`openssl genpkey -algorithm ed25519`) y reinicie; el servidor la publica junto a las anteriores.",
  "evidence.key": "{kid}  creada el {created}  {state}",
  "evidence.key.current": "vigente",
  "evidence.key.retired": "retirada el {at}",
  "evidence.keys.none": "Aún no hay claves de firma de evidencia: el servidor crea una al arrancar.",
};

export const EVIDENCE_TEXT = { en, es };
