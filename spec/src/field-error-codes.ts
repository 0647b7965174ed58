// Every per-field code that can appear in errors[] of a 422 validation_failed, with its message.
import type { Translated } from "./translated.ts";

export const FIELD_ERROR_CODES = {
  contact_required: {
    en: "Provide a phone or an email.",
    es: "Indique un teléfono o un correo electrónico.",
  },
  phone_invalid: { en: "This is not a valid phone number.", es: "No es un número de teléfono válido." },
  phone_not_us: {
    en: "Only US phone numbers are accepted.",
    es: "Solo se aceptan números de teléfono de EE. UU.",
  },
  email_invalid: {
    en: "This is not a valid email address.",
    es: "No es una dirección de correo electrónico válida.",
  },
  consent_incomplete: {
    en: "The consent block needs source, reference and captured_at, each a non-empty string.",
    es: "El bloque de consentimiento necesita source, reference y captured_at, cada uno un texto no vacío.",
  },
  consent_in_future: {
    en: "consent.captured_at is in the future (more than 60 seconds ahead of the server's clock).",
    es: "consent.captured_at está en el futuro (más de 60 segundos por delante del reloj del servidor).",
  },
  phone_not_offered: {
    en: "Not a number any hand-off of this lead offered.",
    es: "No es un número que haya ofrecido ningún traspaso de este prospecto.",
  },
  date_time_invalid: {
    en: "Must be an ISO 8601 date-time with a time zone, such as 2026-11-20T14:03:00Z.",
    es: "Debe ser una fecha y hora ISO 8601 con zona horaria, como 2026-11-20T14:03:00Z.",
  },
  trustedform_url_invalid: {
    en: "Must be a TrustedForm certificate URL: https://cert.trustedform.com/ followed by its id (at most 255 characters).",
    es: "Debe ser la URL de un certificado TrustedForm: https://cert.trustedform.com/ seguida de su id (como mucho 255 caracteres).",
  },
  leadid_token_invalid: {
    en: "Must be a LeadiD token: 36 letters, digits or hyphens.",
    es: "Debe ser un token LeadiD: 36 letras, dígitos o guiones.",
  },
  ip_address_invalid: {
    en: "Must be an IPv4 or IPv6 address.",
    es: "Debe ser una dirección IPv4 o IPv6.",
  },
  timezone_invalid: {
    en: "Must be an IANA time zone name, such as America/Chicago.",
    es: "Debe ser un nombre de zona horaria IANA, como America/Chicago.",
  },
  type_mismatch: {
    en: "Has the wrong type for this field.",
    es: "Tiene un tipo incorrecto para este campo.",
  },
  too_short: { en: "Must not be empty.", es: "No puede estar vacío." },
  too_long: { en: "Is too long.", es: "Es demasiado largo." },
  pattern_mismatch: {
    en: "Contains characters that are not allowed, or has the wrong length.",
    es: "Contiene caracteres no permitidos o tiene una longitud incorrecta.",
  },
  value_not_allowed: { en: "Is not one of the allowed values.", es: "No es uno de los valores permitidos." },
  out_of_range: { en: "Is out of the allowed range.", es: "Está fuera del rango permitido." },
} as const satisfies Record<string, Translated>;

export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;
