// What `stl accounts …` says, in English and Spanish.

const en = {
  "accounts.evidence.needs": "accounts evidence needs <slug> --require {choices}",
  "accounts.evidence.none": "{slug}: leads are called without consent evidence (new leads, within 5 s).",
  "accounts.evidence.required":
    "{slug}: new leads without {evidence} are answered but not called (reason evidence_missing), within 5 s.",
  "accounts.evidence.either": "a TrustedForm certificate or a LeadiD token",
  "accounts.evidence.trustedform": "a TrustedForm certificate",
  "accounts.evidence.leadid": "a LeadiD token",
  "accounts.cooldown.needs": "accounts cooldown needs <slug> --hours <0 to 168>",
  "accounts.cooldown.set":
    "{slug}: one call per number every {hours} hours; a later lead for a number joins the lead whose call started.",
  "accounts.cooldown.off": "{slug}: no call cool-down; every call-eligible lead starts its own call.",
  "accounts.locations.needs": "accounts locations needs <slug> --unknown {choices}",
  "accounts.locations.hold":
    "{slug}: numbers nothing places are answered without their phone (reason location_unknown), within 4 s.",
  "accounts.locations.call":
    "{slug}: numbers nothing places are called Monday to Friday 13:00–17:00 Eastern (the window legal in every contiguous state) and never on a holiday of any state's calendar, within 4 s.",
} as const;

const es: Record<keyof typeof en, string> = {
  "accounts.evidence.needs": "accounts evidence necesita <slug> --require {choices}",
  "accounts.evidence.none":
    "{slug}: los prospectos se llaman sin prueba del consentimiento (prospectos nuevos, en menos de 5 s).",
  "accounts.evidence.required":
    "{slug}: los prospectos nuevos sin {evidence} se atienden pero no se llaman (motivo evidence_missing), en menos de 5 s.",
  "accounts.evidence.either": "un certificado de TrustedForm o un token LeadiD",
  "accounts.evidence.trustedform": "un certificado de TrustedForm",
  "accounts.evidence.leadid": "un token LeadiD",
  "accounts.cooldown.needs": "accounts cooldown necesita <slug> --hours <0 a 168>",
  "accounts.cooldown.set":
    "{slug}: una llamada por número cada {hours} horas; un prospecto posterior de un número se une al que inició la llamada.",
  "accounts.cooldown.off": "{slug}: sin periodo de espera; cada prospecto apto inicia su propia llamada.",
  "accounts.locations.needs": "accounts locations necesita <slug> --unknown {choices}",
  "accounts.locations.hold":
    "{slug}: los números que nada ubica se atienden sin su teléfono (motivo location_unknown), en menos de 4 s.",
  "accounts.locations.call":
    "{slug}: los números que nada ubica se llaman de lunes a viernes de 13:00 a 17:00 hora del Este (la ventana legal en todos los estados contiguos) y nunca en un feriado del calendario de ningún estado, en menos de 4 s.",
};

export const ACCOUNT_TEXT = { en, es };
