// String formats of the spec's schemas, registered in TypeBox exactly as ajv-formats' "full" mode checks them,
// so the server and any ajv-based validator of the OpenAPI document agree.
import { FormatRegistry } from "@sinclair/typebox";

const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
/** Scheme and a non-empty rest: enough for the urn: problem types we emit (ajv's full URI grammar is stricter). */
const URI = /^[a-z][a-z0-9+\-.]*:[^\s]+$/i;

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return (
    month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!)
  );
}

/** RFC 3339 time with a mandatory zone; a leap second only at 23:59:60 UTC. */
function isTimeWithZone(text: string): boolean {
  const m = TIME.exec(text);
  if (!m?.[4]) return false;
  const hr = Number(m[1]);
  const min = Number(m[2]);
  const sec = Number(m[3]);
  const sign = m[5] === "-" ? -1 : 1;
  const tzH = Number(m[6] ?? 0);
  const tzM = Number(m[7] ?? 0);
  if (tzH > 23 || tzM > 59) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * sign;
  const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

export function isDateTimeWithZone(text: string): boolean {
  const parts = text.split(/t|\s/i);
  return parts.length === 2 && isDate(parts[0]!) && isTimeWithZone(parts[1]!);
}

/** Overrides whatever Elysia registered first; call before compiling a schema. */
export function registerFormats(): void {
  FormatRegistry.Set("email", (value) => EMAIL.test(value));
  FormatRegistry.Set("date-time", isDateTimeWithZone);
  FormatRegistry.Set("uuid", (value) => UUID.test(value));
  FormatRegistry.Set("uri", (value) => URI.test(value));
}
