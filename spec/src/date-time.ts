// An ISO 8601 / RFC 3339 date-time that carries its zone ("Z" or an offset).
import { Type } from "@sinclair/typebox";

/**
 * RFC 3339 date-time with a mandatory zone. The pattern keeps validators in agreement: JSON Schema's
 * `date-time` format already requires the zone, the pattern makes it visible to validators that
 * skip formats.
 */
export const DATE_TIME_PATTERN =
  "^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})$";

export const DateTimeWithZone = (description: string) =>
  Type.String({ format: "date-time", pattern: DATE_TIME_PATTERN, maxLength: 64, description });
