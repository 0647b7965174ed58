// Channel tokens of one account: list, create, rename, revoke, roll. The Integrations page and `stl tokens` both
// call these, so each rule (name length, who may roll what, expiry choices) holds in both.

import type { Database, Queryable } from "../../db/database.ts";
import { isUuid } from "../../db/uuid-text.ts";
import type { TokenScope } from "./channel-token.ts";
import { type ChannelTokenListing, createChannelToken } from "./token-repository.ts";

export const TOKEN_NAME_MAX_LENGTH = 100;
/** How long an old token keeps working after a roll, by the choice offered on the page and the CLI. */
export const ROLL_EXPIRIES = { now: 0, "1h": 3_600, "24h": 86_400, "7d": 604_800 } as const;
export type RollExpiry = keyof typeof ROLL_EXPIRIES;

/** A token as the Integrations page lists it: the CLI's listing without the account, with its recent leads. */
export interface AccountToken extends Omit<ChannelTokenListing, "account"> {
  leads_24h: number;
}

export type NameProblem = "name_required" | "name_too_long";
export type TokenFailure = { ok: false; code: "not_found" | "not_active" | NameProblem };

/** Names are shown in pages and listings: trimmed, 1 to 100 characters. */
export function tokenNameProblem(name: string): NameProblem | undefined {
  const length = [...name.trim()].length;
  if (length === 0) return "name_required";
  if (length > TOKEN_NAME_MAX_LENGTH) return "name_too_long";
  return undefined;
}

export const isRollExpiry = (value: string): value is RollExpiry => Object.hasOwn(ROLL_EXPIRIES, value);

/** The account's tokens, newest first, with the leads each brought in the last 24 hours. */
export async function listAccountTokens(q: Queryable, accountId: string): Promise<AccountToken[]> {
  const rows = await q.query<AccountToken>(
    // Counted through the existing (account_id, received_at) index: no extra index for the intake to maintain.
    `with recent as (
       select channel_token_id, count(*)::int as n from leads
       where account_id = $1 and received_at > now() - interval '24 hours' group by channel_token_id)
     select t.id, t.name, t.token_hint as hint, t.scope, t.created_at, t.last_used_at, t.revoked_at, t.expires_at,
            coalesce(r.n, 0) as leads_24h
     from channel_tokens t left join recent r on r.channel_token_id = t.id
     where t.account_id = $1 order by t.created_at desc, t.id desc`,
    [accountId],
  );
  return rows.map((row) => ({ ...row, leads_24h: Number(row.leads_24h) }));
}

/** One token of the account; undefined for another account's token or a malformed id (both are "not found"). */
export async function findAccountToken(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<AccountToken | undefined> {
  if (!isUuid(id)) return undefined;
  return (await listAccountTokens(q, accountId)).find((token) => token.id === id);
}

/** The account a token belongs to: the CLI acts for whichever account that is. */
export async function tokenAccountId(q: Queryable, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await q.query<{ account_id: string }>("select account_id from channel_tokens where id = $1", [
    id,
  ]);
  return row?.account_id;
}

/** Active (unrevoked, unexpired) tokens one account may hold. */
export const TOKENS_PER_ACCOUNT = 200;

/** Checks the account's cap and inserts in one transaction, the account row locked: concurrent creates never pass it. */
export async function createAccountToken(db: Database, accountId: string, name: string, scope: TokenScope) {
  const problem = tokenNameProblem(name);
  if (problem) return { ok: false, code: problem } as const;
  return await db.transaction(async (tx) => {
    await tx.query("select id from accounts where id = $1 for update", [accountId]);
    const [active] = await tx.query<{ n: number }>(
      `select count(*)::int as n from channel_tokens
       where account_id = $1 and revoked_at is null and (expires_at is null or expires_at > now())`,
      [accountId],
    );
    if ((active?.n ?? 0) >= TOKENS_PER_ACCOUNT) return { ok: false, code: "too_many_tokens" } as const;
    const created = await createChannelToken(tx, accountId, name.trim(), scope);
    return { ok: true, ...created } as const;
  });
}

export async function renameAccountToken(
  q: Queryable,
  accountId: string,
  id: string,
  name: string,
): Promise<{ ok: true } | TokenFailure> {
  const problem = tokenNameProblem(name);
  if (problem) return { ok: false, code: problem };
  if (!isUuid(id)) return { ok: false, code: "not_found" };
  const rows = await q.query(
    "update channel_tokens set name = $3 where id = $1 and account_id = $2 returning id",
    [id, accountId, name.trim()],
  );
  return rows.length === 1 ? { ok: true } : { ok: false, code: "not_found" };
}

/** Revoking twice keeps the first time. Every server refuses it within 5 s (the authenticator's cache). */
export async function revokeAccountToken(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<{ ok: true } | TokenFailure> {
  if (!isUuid(id)) return { ok: false, code: "not_found" };
  const rows = await q.query(
    `update channel_tokens set revoked_at = coalesce(revoked_at, now())
     where id = $1 and account_id = $2 returning id`,
    [id, accountId],
  );
  return rows.length === 1 ? { ok: true } : { ok: false, code: "not_found" };
}

/**
 * A new token under the same name now; the old one keeps working until the chosen expiry (never later than
 * an expiry it already had), with the same scope. Only an active token (not revoked, not expired) can be rolled.
 */
export async function rollAccountToken(db: Database, accountId: string, id: string, expiry: RollExpiry) {
  if (!isUuid(id)) return { ok: false, code: "not_found" } as const;
  return await db.transaction(async (tx) => {
    const [old] = await tx.query<{ name: string; scope: TokenScope; channel_id: string; active: boolean }>(
      `select name, scope, coalesce(channel_id, id) as channel_id, revoked_at is null and (expires_at is null or expires_at > now()) as active
       from channel_tokens where id = $1 and account_id = $2 for update`,
      [id, accountId],
    );
    if (!old) return { ok: false, code: "not_found" } as const;
    if (!old.active) return { ok: false, code: "not_active" } as const;
    // The same channel (its external ids, keys and leads) with the same settings.
    const created = await createChannelToken(tx, accountId, old.name, old.scope, old.channel_id);
    await tx.query(
      `update channel_tokens n set rolled_from = o.id, reads_all_channels = o.reads_all_channels,
         bot_check_required = o.bot_check_required, honeypot_field = o.honeypot_field,
         allowed_origins = o.allowed_origins
       from channel_tokens o where n.id = $1 and o.id = $2`,
      [created.id, id],
    );
    const [expired] = await tx.query<{ expires_at: Date }>(
      `update channel_tokens
       set expires_at = least(coalesce(expires_at, 'infinity'), now() + make_interval(secs => $2))
       where id = $1 returning expires_at`,
      [id, ROLL_EXPIRIES[expiry]],
    );
    return { ok: true, ...created, name: old.name, oldExpiresAt: expired!.expires_at } as const;
  });
}
