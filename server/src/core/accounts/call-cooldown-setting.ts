// The account's call cool-down as a setting: hours a number waits before a page token's lead starts another call
// to it (0: off), read and set by the console, checked once for the console and the CLI.
import type { Queryable } from "../../db/database.ts";

/** A week: the database's check (accounts.call_cooldown_hours between 0 and 168) says the same. */
export const MAX_CALL_COOLDOWN_HOURS = 168;

/**
 * Whole hours from 0 to MAX_CALL_COOLDOWN_HOURS as typed ("24", " 0 "), or undefined for anything else
 * ("", "1.5", "-1", "1e2", "200").
 *
 * @example cooldownHoursOf("24") // 24; cooldownHoursOf("1.5") // undefined
 */
export function cooldownHoursOf(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? "";
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const hours = Number(trimmed);
  return hours <= MAX_CALL_COOLDOWN_HOURS ? hours : undefined;
}

/** What the audit row of a change names: the new cool-down, "24 h" ("0 h": off). */
export const cooldownAuditTarget = (hours: number) => `${hours} h`;

/** The account's cool-down in hours (undefined for no such account). */
export async function readCallCooldown(q: Queryable, accountId: string): Promise<number | undefined> {
  const [row] = await q.query<{ hours: number }>(
    "select call_cooldown_hours as hours from accounts where id = $1",
    [accountId],
  );
  return row?.hours;
}

/** Sets the account's cool-down (already checked by cooldownHoursOf); the intake's token cache picks it up within seconds. */
export async function setAccountCallCooldown(q: Queryable, accountId: string, hours: number): Promise<void> {
  await q.query("update accounts set call_cooldown_hours = $2 where id = $1", [accountId, hours]);
}
