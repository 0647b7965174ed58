// The command line's help (`--help`, and after a usage mistake), in English and Spanish.

const en = {
  usage: `Usage: {command} <command> [--lang en|es]

  tokens create --account <slug> --name <label> [--scope intake|read] [--json]
                              create a channel token (and the account when new); shown once.
                              intake (stl_pk_…) only posts leads: the one for web pages;
                              read (stl_ch_…, the default) may also read them: servers only
  tokens list [--account <slug>] [--json]
                              list channel tokens (never the tokens themselves)
  tokens revoke <id>          revoke a channel token
  tokens rename <id> --name <label>
                              rename a channel token
  tokens roll <id> --expires-in now|1h|24h|7d
                              a new token now (shown once); the old one works until then
  tokens callback <id> (--url <https://…> | --clear) [--json]
                              send that token's status callbacks (lead.handed_off, lead.missed,
                              lead.not_called) to the URL; prints the new signing secret once
  tokens guard <id> [--bot-check on|off] [--honeypot <field>|none] [--origins <origin,…>|any] [--json]
                              what an intake-only token asks of a post: a bot check (Turnstile,
                              hCaptcha; BOT_CHECK_SECRET), a hidden honeypot field, the pages
                              (origins) it may be used from; without an option, shows them
  tokens reads <id> --all-channels on|off [--json]
                              whether a read token may read the leads other tokens posted
  owners create --account <slug> --email <email> [--json]
                              an account owner (and the account when new); prints a single-use
                              sign-in link, valid 7 days, where the owner sets a password
  owners link --email <email> [--json]
                              a fresh single-use sign-in link (60 min) for an existing owner: the way
                              in from a new browser, also while the email is locked out
  owners list [--account <slug>] [--json]
                              list account owners
  owners disable <email|id> [--account <slug>]
                              remove the person from the account (from every account without
                              --account) and end their sessions there; they can be invited again
  dnc add <phone> --account <slug> [--note <text>] [--by <name>] [--json]
                              put a number on the account's do-not-call list (any US format);
                              its pending hand-offs are cancelled at once
  dnc remove <phone> --account <slug> [--by <name>] [--json]
                              take it off; held-back leads whose five-minute response has not
                              passed are handed off again
  dnc list --account <slug> [--history] [--json]
                              the numbers on the list, or every change with how and by whom
  dnc import <file.csv> --account <slug> [--by <name>] [--json]
                              add a column "phone" (and optional "note") in one transaction; each
                              bad row is reported by line, the others are kept; exit 1 if any refused
  accounts evidence <slug> --require none|trustedform|leadid|either [--json]
                              require a TrustedForm certificate and/or LeadiD token in the consent
                              block before a lead is called (without: answered, not called)
  accounts trustedform <slug> (--api-key <key> | --clear) [--json]
                              claim (retain) the TrustedForm certificates of the account's new
                              leads with its ActiveProspect API key before they expire (72 hours)
  accounts cooldown <slug> --hours <0 to 168> [--json]
                              one call per number per period (default 24): a later lead for the
                              number joins the lead whose call started; 0 turns it off
  accounts locations <slug> --unknown hold|call [--json]
                              a number nothing places (toll-free or unknown area code, no state or
                              ZIP): hold answers it without its phone (default); call calls it
                              Mon–Fri 13:00–17:00 Eastern, the window legal in every contiguous state
  holds add (--state <XX> | --area-codes <504,985>) --until <instant> --reason <text>
            [--from <instant>] [--holiday] [--by <name>] [--json]
                              an emergency hold: no calls to those area codes in that period
                              (instants with their zone, e.g. 2026-12-01T00:00:00Z); a lead it
                              outlasts is answered without its phone. --holiday: a day set only by
                              proclamation, which only moves call windows past it
  holds list [--all] [--json] current holds (--all: every hold ever added, removed ones too)
  holds remove <id> [--by <name>] [--json]
                              end a hold now
  evidence verify <record.json> [--keys <jwks file or URL>] [--json]
                              check a lead's evidence record: its Ed25519 signature and hash chain
                              (keys: default this server's GET /api/speed-to-lead/evidence-keys);
                              exit 0 verified, 1 not, with the reason
  evidence keys rotate|list [--json]
                              sign records with a new key from the next start (PGlite; the old
                              public keys stay published), or list every key
  migrate                     apply pending database migrations
  dispatch                    hand call-eligible leads to the assistant until stopped (a worker
                              process; the server runs one itself unless DISPATCHER=off)

Language: --lang en|es, else STL_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG: es… is Spanish).
--json output is the same in both languages.
Sign-in links point at PUBLIC_URL (default http://localhost:$PORT).
Uses DATABASE_URL when set, else the embedded database in PGLITE_DIR (default .data/pglite),
which only one process may open at a time: stop the server first.`,
} as const;

const es: Record<keyof typeof en, string> = {
  usage: `Uso: {command} <orden> [--lang en|es]

  tokens create --account <slug> --name <nombre> [--scope intake|read] [--json]
                              crea un token de canal (y la cuenta si es nueva); se muestra una vez.
                              intake (stl_pk_…) solo envía prospectos: el de las páginas web;
                              read (stl_ch_…, por omisión) también puede leerlos: solo servidores
  tokens list [--account <slug>] [--json]
                              lista los tokens de canal (nunca los tokens en sí)
  tokens revoke <id>          revoca un token de canal
  tokens rename <id> --name <nombre>
                              cambia el nombre de un token de canal
  tokens roll <id> --expires-in now|1h|24h|7d
                              un token nuevo ya (se muestra una vez); el anterior funciona hasta entonces
  tokens callback <id> (--url <https://…> | --clear) [--json]
                              envía los avisos de estado de ese token (lead.handed_off, lead.missed,
                              lead.not_called) a la URL; muestra una vez el nuevo secreto de firma
  tokens guard <id> [--bot-check on|off] [--honeypot <campo>|none] [--origins <origen,…>|any] [--json]
                              lo que un token solo de envío exige a un envío: verificación antibot
                              (Turnstile, hCaptcha; BOT_CHECK_SECRET), un campo trampa oculto, las
                              páginas (orígenes) desde las que se usa; sin opciones, los muestra
  tokens reads <id> --all-channels on|off [--json]
                              si un token de lectura puede leer los prospectos que enviaron otros tokens
  owners create --account <slug> --email <correo> [--json]
                              un propietario de la cuenta (y la cuenta si es nueva); muestra un enlace
                              de acceso de un solo uso, válido 7 días, donde elige su contraseña
  owners link --email <correo> [--json]
                              un enlace de acceso nuevo de un solo uso (60 min) para un propietario: la
                              entrada desde un navegador nuevo, también con el correo bloqueado
  owners list [--account <slug>] [--json]
                              lista los propietarios de las cuentas
  owners disable <correo|id> [--account <slug>]
                              quita a la persona de la cuenta (de todas sin --account) y cierra sus
                              sesiones allí; se le puede volver a invitar
  dnc add <teléfono> --account <slug> [--note <texto>] [--by <nombre>] [--json]
                              pone un número en la lista de no llamar de la cuenta (cualquier formato
                              de EE. UU.); sus traspasos pendientes se cancelan al momento
  dnc remove <teléfono> --account <slug> [--by <nombre>] [--json]
                              lo quita; los prospectos retenidos cuyo plazo de cinco minutos no ha
                              vencido se traspasan de nuevo
  dnc list --account <slug> [--history] [--json]
                              los números de la lista, o cada cambio con cómo y quién lo hizo
  dnc import <archivo.csv> --account <slug> [--by <nombre>] [--json]
                              añade una columna "phone" (y "note", opcional) en una transacción; cada
                              fila errónea se informa por línea, las demás se guardan; sale con 1 si
                              alguna se rechazó
  accounts evidence <slug> --require none|trustedform|leadid|either [--json]
                              exige un certificado de TrustedForm y/o un token LeadiD en el bloque de
                              consentimiento antes de llamar (sin ellos: se atiende, no se llama)
  accounts trustedform <slug> (--api-key <clave> | --clear) [--json]
                              reclama (retiene) los certificados de TrustedForm de los prospectos
                              nuevos de la cuenta con su clave de API de ActiveProspect antes de que
                              caduquen (72 horas)
  accounts cooldown <slug> --hours <0 a 168> [--json]
                              una llamada por número por periodo (24 por defecto): un prospecto
                              posterior del número se une al que inició la llamada; 0 lo desactiva
  accounts locations <slug> --unknown hold|call [--json]
                              un número que nada ubica (gratuito o de código desconocido, sin estado
                              ni ZIP): hold lo atiende sin su teléfono (por defecto); call lo llama
                              lun–vie 13:00–17:00 hora del Este, la ventana legal en todo estado contiguo
  holds add (--state <XX> | --area-codes <504,985>) --until <instante> --reason <texto>
            [--from <instante>] [--holiday] [--by <nombre>] [--json]
                              una suspensión de emergencia: ninguna llamada a esos códigos de área
                              en ese periodo (instantes con su zona, p. ej. 2026-12-01T00:00:00Z); un
                              prospecto al que sobrepasa se atiende sin su teléfono. --holiday: un día
                              fijado solo por proclamación, que solo mueve las ventanas de llamada
  holds list [--all] [--json] las suspensiones vigentes (--all: todas, también las retiradas)
  holds remove <id> [--by <nombre>] [--json]
                              termina una suspensión ya
  evidence verify <registro.json> [--keys <archivo o URL del JWKS>] [--json]
                              comprueba el registro de evidencia de un prospecto: su firma Ed25519
                              y su cadena de hashes (claves: por omisión GET
                              /api/speed-to-lead/evidence-keys de este servidor); sale con 0 si se
                              verifica, 1 si no, con el motivo
  evidence keys rotate|list [--json]
                              firma los registros con una clave nueva desde el próximo arranque
                              (PGlite; las claves públicas anteriores siguen publicadas), o lista
                              todas las claves
  migrate                     aplica las migraciones pendientes de la base de datos
  dispatch                    traspasa los prospectos que se pueden llamar al asistente hasta que se
                              detenga (un proceso trabajador; el servidor ejecuta uno salvo con
                              DISPATCHER=off)

Idioma: --lang en|es; si no, STL_LANG; si no, la configuración regional (LC_ALL, LC_MESSAGES, LANG:
es… es español). La salida --json es la misma en los dos idiomas.
Los enlaces de acceso apuntan a PUBLIC_URL (por omisión http://localhost:$PORT).
Usa DATABASE_URL si está definida; si no, la base de datos integrada en PGLITE_DIR (por omisión
.data/pglite), que solo un proceso puede abrir a la vez: detenga antes el servidor.`,
};

export const USAGE_TEXT = { en, es };
