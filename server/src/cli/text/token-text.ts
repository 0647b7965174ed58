// What `stl tokens …` says, in English and Spanish.

const en = {
  "tokens.create.needs": "tokens create needs --account <slug> and --name <label>",
  "tokens.nameInvalid": "--name: 1 to {max} characters",
  "tokens.tooMany": "Account {slug} has {max} active tokens: revoke one first (tokens revoke <id>).",
  "tokens.scopeInvalid": "--scope: intake (posts only) or read (posts and reads)",
  "tokens.scope.intake": "intake-only (posts leads; fit for a web page)",
  "tokens.scope.read": "may read leads (keep it on a server)",
  "tokens.created": "Created channel token {id} ({name}) for account {slug}, {scope}:",
  "tokens.created.once": "It is shown only now: the database keeps its SHA-256 hash, never the token.",
  "tokens.none": "No channel tokens.",
  "tokens.status.revoked": "revoked {at}",
  "tokens.status.expires": "expires {at}",
  "tokens.status.expired": "expired {at}",
  "tokens.lastUsed": "last used {at}",
  "tokens.neverUsed": "never used",
  "tokens.needsId": "tokens {command} needs the token id (see tokens list)",
  "tokens.unknown": "No channel token with id {id}.",
  "tokens.revoked":
    "Revoked channel token {id}. Servers refuse it within 5 seconds (their lookup cache lasts 4 s).",
  "tokens.rename.needs": "tokens rename needs --name <label>",
  "tokens.renamed": "Renamed channel token {id} to {name}.",
  "tokens.roll.needs": "tokens roll needs --expires-in now|1h|24h|7d",
  "tokens.notActive": "Channel token {id} is revoked or expired.",
  "tokens.rolled": "Rolled channel token {id} ({name}). The new token {newId}:",
  "tokens.rolled.once": "It is shown only now. The old token works until {at}.",
  "tokens.callback.needs": "tokens callback needs the token id and either --url <https://…> or --clear",
  "tokens.callback.urlInvalid": "--url: an absolute http(s) URL",
  "tokens.callback.not_url": "--url: not a URL",
  "tokens.callback.not_http": "--url: not an http(s) URL",
  "tokens.callback.credentials": "--url: credentials in the URL",
  "tokens.callback.unresolved": "--url: {host} does not resolve",
  "tokens.callback.not_public":
    "--url: {host} is not a public address ({address}); CALLBACK_ALLOW_PRIVATE=true allows it",
  "tokens.callback.set": "Status callbacks of token {id} go to {url}, signed per Standard Webhooks with:",
  "tokens.callback.once": "It is shown only now. Setting the URL again makes a new secret.",
  "tokens.callback.cleared": "Token {id} sends no status callbacks any more.",
  "tokens.guard.needs":
    "tokens guard needs the token id and any of --bot-check on|off, --honeypot <field>|none, --origins <origin,…>|any",
  "tokens.guard.not_intake":
    "Token {id} may read: a bot check, a honeypot and origins are for intake-only tokens.",
  "tokens.guard.honeypot_invalid": "--honeypot: 1 to 64 visible ASCII characters, or none",
  "tokens.guard.origin_invalid":
    "--origins: up to 20 origins such as https://forms.example.com (no path), or any",
  "tokens.guard.botCheck.on":
    "Token {id} requires a bot check: leads without one that passes are held from calls until released.",
  "tokens.guard.botCheck.off": "Token {id} requires no bot check.",
  "tokens.guard.honeypot": "Honeypot field: {field}",
  "tokens.guard.origins": "Allowed origins: {origins}",
  "tokens.guard.anyOrigin": "any",
  "tokens.reads.needs": "tokens reads needs the token id and --all-channels on|off",
  "tokens.reads.all": "Read token {id} reads every channel's leads of its account.",
  "tokens.reads.own": "Read token {id} reads only the leads its own channel posted.",
} as const;

const es: Record<keyof typeof en, string> = {
  "tokens.create.needs": "tokens create necesita --account <slug> y --name <nombre>",
  "tokens.nameInvalid": "--name: de 1 a {max} caracteres",
  "tokens.tooMany": "La cuenta {slug} tiene {max} tokens activos: revoque antes uno (tokens revoke <id>).",
  "tokens.scopeInvalid": "--scope: intake (solo envía) o read (envía y lee)",
  "tokens.scope.intake": "solo de envío (envía prospectos; apto para una página web)",
  "tokens.scope.read": "puede leer prospectos (guárdelo en un servidor)",
  "tokens.created": "Token de canal {id} ({name}) creado para la cuenta {slug}, {scope}:",
  "tokens.created.once": "Solo se muestra ahora: la base de datos guarda su hash SHA-256, nunca el token.",
  "tokens.none": "No hay tokens de canal.",
  "tokens.status.revoked": "revocado {at}",
  "tokens.status.expires": "caduca {at}",
  "tokens.status.expired": "caducado {at}",
  "tokens.lastUsed": "último uso {at}",
  "tokens.neverUsed": "nunca usado",
  "tokens.needsId": "tokens {command} necesita el id del token (vea tokens list)",
  "tokens.unknown": "No hay ningún token de canal con id {id}.",
  "tokens.revoked":
    "Token de canal {id} revocado. Los servidores lo rechazan en menos de 5 segundos (su caché de búsqueda dura 4 s).",
  "tokens.rename.needs": "tokens rename necesita --name <nombre>",
  "tokens.renamed": "Token de canal {id} renombrado a {name}.",
  "tokens.roll.needs": "tokens roll necesita --expires-in now|1h|24h|7d",
  "tokens.notActive": "El token de canal {id} está revocado o caducado.",
  "tokens.rolled": "Token de canal {id} ({name}) renovado. El token nuevo {newId}:",
  "tokens.rolled.once": "Solo se muestra ahora. El token anterior funciona hasta {at}.",
  "tokens.callback.needs": "tokens callback necesita el id del token y --url <https://…> o --clear",
  "tokens.callback.urlInvalid": "--url: una URL http(s) absoluta",
  "tokens.callback.not_url": "--url: no es una URL",
  "tokens.callback.not_http": "--url: no es una URL http(s)",
  "tokens.callback.credentials": "--url: la URL lleva credenciales",
  "tokens.callback.unresolved": "--url: {host} no se resuelve",
  "tokens.callback.not_public":
    "--url: {host} no es una dirección pública ({address}); CALLBACK_ALLOW_PRIVATE=true la permite",
  "tokens.callback.set":
    "Los avisos de estado del token {id} van a {url}, firmados según Standard Webhooks con:",
  "tokens.callback.once": "Solo se muestra ahora. Volver a fijar la URL crea un secreto nuevo.",
  "tokens.callback.cleared": "El token {id} ya no envía avisos de estado.",
  "tokens.guard.needs":
    "tokens guard necesita el id del token y alguna de --bot-check on|off, --honeypot <campo>|none, --origins <origen,…>|any",
  "tokens.guard.not_intake":
    "El token {id} puede leer: la verificación antibot, el campo trampa y los orígenes son para tokens solo de envío.",
  "tokens.guard.honeypot_invalid": "--honeypot: de 1 a 64 caracteres ASCII visibles, o none",
  "tokens.guard.origin_invalid":
    "--origins: hasta 20 orígenes como https://forms.example.com (sin ruta), o any",
  "tokens.guard.botCheck.on":
    "El token {id} exige una verificación antibot: los prospectos sin una que la supere quedan retenidos sin llamadas hasta que se liberen.",
  "tokens.guard.botCheck.off": "El token {id} no exige verificación antibot.",
  "tokens.guard.honeypot": "Campo trampa: {field}",
  "tokens.guard.origins": "Orígenes permitidos: {origins}",
  "tokens.guard.anyOrigin": "cualquiera",
  "tokens.reads.needs": "tokens reads necesita el id del token y --all-channels on|off",
  "tokens.reads.all": "El token de lectura {id} lee los prospectos de todos los canales de su cuenta.",
  "tokens.reads.own": "El token de lectura {id} solo lee los prospectos que envió su propio canal.",
};

export const TOKEN_TEXT = { en, es };
