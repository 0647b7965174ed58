// What every command may say: argument mistakes, accounts, the database and migrations, in English and Spanish.

const en = {
  "args.needsValue": "--{name} needs a value",
  "args.langInvalid": "--lang: en or es",
  "account.slugInvalid": "--account: lowercase letters, digits, - and _, at most 63",
  "account.unknown": "No account {slug}.",
  "account.created": "Created account {slug}.",
  "status.active": "active",
  "db.misconfigured": "Cannot use the database: {detail}",
  "db.unavailable": "The database is unavailable: {detail}",
  "db.locked":
    "The embedded database in {dir} is in use by another process{pid}. Stop that process first, or point every process at one PostgreSQL with DATABASE_URL.",
  "migrate.applied": "Applied {names}.",
  "migrate.upToDate": "Nothing to apply: up to date.",
} as const;

const es: Record<keyof typeof en, string> = {
  "args.needsValue": "--{name} necesita un valor",
  "args.langInvalid": "--lang: en o es",
  "account.slugInvalid": "--account: minúsculas, dígitos, - y _, 63 como máximo",
  "account.unknown": "No existe la cuenta {slug}.",
  "account.created": "Cuenta {slug} creada.",
  "status.active": "activo",
  "db.misconfigured": "No se puede usar la base de datos: {detail}",
  "db.unavailable": "La base de datos no está disponible: {detail}",
  "db.locked":
    "La base de datos integrada en {dir} está en uso por otro proceso{pid}. Detenga antes ese proceso, o apunte todos los procesos a un mismo PostgreSQL con DATABASE_URL.",
  "migrate.applied": "Aplicadas {names}.",
  "migrate.upToDate": "Nada que aplicar: está al día.",
};

export const COMMON_TEXT = { en, es };
