// What `stl owners …` says, in English and Spanish.

const en = {
  "owners.create.needs": "owners create needs --account <slug> and --email <email>",
  "owners.emailInvalid": "--email: an email address such as ana@example.com",
  "owners.created": "Created owner {email} of account {slug}.",
  "owners.found": "Found owner {email} of account {slug}.",
  "owners.created.link": "Sign-in link (works once, for 7 days; the owner sets a password there):",
  "owners.link.needs": "owners link needs --email <email>",
  "owners.link.unknown": "No enabled owner {email}.",
  "owners.link.title":
    "Sign-in link for {email} (works once, for 60 minutes; sets a new password and signs in):",
  "owners.none": "No owners.",
  "owners.status.noPassword": "no password yet",
  "owners.disable.needs": "owners disable needs the owner's email or id (see owners list) [--account <slug>]",
  "owners.unknown": "No owner {who}.",
  "owners.disabled":
    "Removed {who} from the account (every account without --account): sessions there ended; can be invited again.",
} as const;

const es: Record<keyof typeof en, string> = {
  "owners.create.needs": "owners create necesita --account <slug> y --email <correo>",
  "owners.emailInvalid": "--email: una dirección de correo como ana@example.com",
  "owners.created": "Propietario {email} de la cuenta {slug} creado.",
  "owners.found": "El propietario {email} de la cuenta {slug} ya existía.",
  "owners.created.link":
    "Enlace de acceso (funciona una vez, durante 7 días; el propietario elige ahí su contraseña):",
  "owners.link.needs": "owners link necesita --email <correo>",
  "owners.link.unknown": "No hay ningún propietario habilitado {email}.",
  "owners.link.title":
    "Enlace de acceso para {email} (funciona una vez, durante 60 minutos; fija una contraseña nueva e inicia sesión):",
  "owners.none": "No hay propietarios.",
  "owners.status.noPassword": "aún sin contraseña",
  "owners.disable.needs":
    "owners disable necesita el correo o el id del propietario (vea owners list) [--account <slug>]",
  "owners.unknown": "No hay ningún propietario {who}.",
  "owners.disabled":
    "Se quitó a {who} de la cuenta (de todas sin --account): sus sesiones allí se cerraron; se le puede volver a invitar.",
};

export const OWNER_TEXT = { en, es };
