// What an intake-only token asks of a post: a bot check, an empty honeypot field, an Origin from its list.
// Set per token by its owner (console, `stl tokens guard`); read with the token, so cached with it.
import type { Queryable } from "../../db/database.ts";
import { isUuid } from "../../db/uuid-text.ts";

export interface IntakeGuard {
  /** Every post must carry a bot-check token the provider verifies; else its lead is quarantined. */
  botCheckRequired: boolean;
  /** A field the form hides from people: a post that fills it is quarantined. */
  honeypotField: string | null;
  /** Exact origins a post may come from; any other (or none) is refused. Null: any origin. */
  allowedOrigins: string[] | null;
}

/** Bounds of what an owner may set (the table checks them too). */
export const HONEYPOT_FIELD_MAX = 64;
export const ALLOWED_ORIGINS_MAX = 20;

/** The guard of a token row; undefined when it asks nothing (the usual case, nothing to check). */
export function intakeGuardOf(row: {
  bot_check_required: boolean;
  honeypot_field: string | null;
  allowed_origins: string[] | null;
}): IntakeGuard | undefined {
  if (!row.bot_check_required && row.honeypot_field === null && row.allowed_origins === null)
    return undefined;
  return {
    botCheckRequired: row.bot_check_required,
    honeypotField: row.honeypot_field,
    allowedOrigins: row.allowed_origins,
  };
}

/**
 * An origin as browsers send it: scheme, host and an optional port, nothing after. Lower-cased, as the
 * header compares so.
 *
 * @example normalizeOrigin("https://Forms.Example.com/") // "https://forms.example.com"
 */
export function normalizeOrigin(value: string): string | undefined {
  const trimmed = value.trim().replace(/\/$/, "").toLowerCase();
  return /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/.test(trimmed) ? trimmed : undefined;
}

/** Whether a post's Origin header passes the token's list (no list: every origin, or none, passes). */
export function originAllowed(guard: IntakeGuard | undefined, origin: string | null): boolean {
  const allowed = guard?.allowedOrigins;
  if (!allowed) return true;
  return origin !== null && allowed.includes(origin.toLowerCase());
}

export type GuardProblem = "not_found" | "not_intake" | "honeypot_invalid" | "origin_invalid";

/**
 * Sets an intake-only token's guard; a roll carries it over (token-service.ts). Only intake-only tokens take
 * one: a read token belongs on a server, where neither a bot check nor an Origin means anything.
 *
 * @example await setIntakeGuard(db, accountId, tokenId, { botCheckRequired: true, honeypotField: "website", allowedOrigins: ["https://forms.example.com"] })
 */
export async function setIntakeGuard(
  q: Queryable,
  accountId: string,
  tokenId: string,
  guard: IntakeGuard,
): Promise<{ ok: true } | { ok: false; code: GuardProblem }> {
  const honeypot = guard.honeypotField?.trim() || null;
  if (honeypot !== null && (honeypot.length > HONEYPOT_FIELD_MAX || !/^[\x21-\x7E]+$/.test(honeypot)))
    return { ok: false, code: "honeypot_invalid" };
  const origins = guard.allowedOrigins?.map(normalizeOrigin) ?? null;
  if (origins && (origins.includes(undefined) || origins.length > ALLOWED_ORIGINS_MAX))
    return { ok: false, code: "origin_invalid" };
  if (!isUuid(tokenId)) return { ok: false, code: "not_found" };
  const [row] = await q.query<{ scope: string }>(
    `update channel_tokens set bot_check_required = $3, honeypot_field = $4, allowed_origins = $5::text::text[]
     where id = $1 and account_id = $2 and (scope = 'intake' or $3 = false and $4::text is null and $5::text is null)
     returning scope`,
    [tokenId, accountId, guard.botCheckRequired, honeypot, origins?.length ? `{${origins.join(",")}}` : null],
  );
  if (row) return { ok: true };
  const [exists] = await q.query("select 1 from channel_tokens where id = $1 and account_id = $2", [
    tokenId,
    accountId,
  ]);
  return { ok: false, code: exists ? "not_intake" : "not_found" };
}

/**
 * Whether a read token may read the leads other channels of its account posted (off for new tokens).
 *
 * @example await setReadsAllChannels(db, accountId, tokenId, true)
 */
export async function setReadsAllChannels(
  q: Queryable,
  accountId: string,
  tokenId: string,
  allowed: boolean,
): Promise<boolean> {
  if (!isUuid(tokenId)) return false;
  const rows = await q.query(
    "update channel_tokens set reads_all_channels = $3 where id = $1 and account_id = $2 returning id",
    [tokenId, accountId, allowed],
  );
  return rows.length === 1;
}

/** A token's settings as the CLI and the Integrations page show them; undefined for another account's token. */
export interface TokenSettings extends IntakeGuard {
  scope: "intake" | "read";
  readsAllChannels: boolean;
}

/** @example const settings = await readTokenSettings(db, accountId, tokenId); // { scope: "intake", botCheckRequired: true, … } */
export async function readTokenSettings(
  q: Queryable,
  accountId: string,
  tokenId: string,
): Promise<TokenSettings | undefined> {
  if (!isUuid(tokenId)) return undefined;
  const [row] = await q.query<{
    scope: "intake" | "read";
    reads_all_channels: boolean;
    bot_check_required: boolean;
    honeypot_field: string | null;
    allowed_origins: string[] | null;
  }>(
    `select scope, reads_all_channels, bot_check_required, honeypot_field, allowed_origins
     from channel_tokens where id = $1 and account_id = $2`,
    [tokenId, accountId],
  );
  if (!row) return undefined;
  return {
    scope: row.scope,
    readsAllChannels: row.reads_all_channels,
    botCheckRequired: row.bot_check_required,
    honeypotField: row.honeypot_field,
    allowedOrigins: row.allowed_origins,
  };
}
