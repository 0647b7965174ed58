// The version of the calling rules and holiday calendars in force: a hash of the tables, recorded with each decision.
import { CALLING_RULES, HOLIDAY_CALENDARS } from "@speed-to-lead/spec";

/**
 * The first 16 hex digits of the SHA-256 of both tables as JSON: any edit of a row (hours, holidays,
 * caps, sources, dates read) gives another version.
 *
 * @example RULES_VERSION // "3f2a…" (16 hex digits)
 */
export const RULES_VERSION = new Bun.CryptoHasher("sha256")
  .update(JSON.stringify({ rules: CALLING_RULES, holidays: HOLIDAY_CALENDARS }))
  .digest("hex")
  .slice(0, 16);
