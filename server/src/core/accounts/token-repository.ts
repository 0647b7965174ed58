// SQL of accounts and channel_tokens: create, list, look up by hash, note last use (the account-scoped
// changes live in integrations/token-service.ts).
import type { Queryable } from "../../db/database.ts";
import { DEFAULT_TOKEN_SCOPE, generateChannelToken, type TokenScope, tokenHint } from "./channel-token.ts";
import type { EvidenceRequirement } from "./evidence-requirement.ts";
import { hashSecret } from "./secret.ts";

export interface ChannelTokenRecord {
  id: string;
  account_id: string;
  /** The account's consent-evidence requirement, read with the token (cached with it). */
  require_consent_evidence: EvidenceRequirement;
  /** The account's call cool-down in hours (0: off), read with the token like the requirement above. */
  call_cooldown_hours: number;
  token_hash: string;
  scope: TokenScope;
  revoked_at: Date | null;
  expires_at: Date | null;
  channel_id: string;
  reads_all_channels: boolean;
  bot_check_required: boolean;
  honeypot_field: string | null;
  allowed_origins: string[] | null;
}

export interface ChannelTokenListing {
  id: string;
  account: string;
  name: string;
  hint: string;
  scope: TokenScope;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date | null;
}

/** The account with this slug, created (named after the slug) when new. Safe under concurrency. */
export async function ensureAccount(q: Queryable, slug: string): Promise<{ id: string; created: boolean }> {
  const [inserted] = await q.query<{ id: string }>(
    "insert into accounts (id, slug, name) values ($1, $2, $2) on conflict (slug) do nothing returning id",
    [Bun.randomUUIDv7(), slug],
  );
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await q.query<{ id: string }>("select id from accounts where slug = $1", [slug]);
  if (!existing) throw new Error(`account ${slug} could not be created`);
  return { id: existing.id, created: false };
}

/** The id of the account with this slug, or undefined: commands that act on an account never create one. */
export async function findAccountId(q: Queryable, slug: string): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>("select id::text as id from accounts where slug = $1", [slug]);
  return row?.id;
}

/** Sets the account's consent-evidence requirement; false when there is no such account. */
export async function setEvidenceRequirement(
  q: Queryable,
  slug: string,
  required: EvidenceRequirement,
): Promise<boolean> {
  const rows = await q.query(
    "update accounts set require_consent_evidence = $2 where slug = $1 returning id",
    [slug, required],
  );
  return rows.length > 0;
}

/** Sets the account's call cool-down (hours, 0 to 168; 0 turns it off); false when there is no such account. */
export async function setCallCooldown(q: Queryable, slug: string, hours: number): Promise<boolean> {
  const rows = await q.query("update accounts set call_cooldown_hours = $2 where slug = $1 returning id", [
    slug,
    hours,
  ]);
  return rows.length > 0;
}

/**
 * Whether the account calls numbers nothing places (toll-free, non-geographic or unknown area codes
 * without a state or postal_code) within the window legal everywhere in the contiguous US; false when
 * there is no such account.
 */
export async function setCallsUnknownLocations(q: Queryable, slug: string, calls: boolean): Promise<boolean> {
  const rows = await q.query("update accounts set call_unknown_locations = $2 where slug = $1 returning id", [
    slug,
    calls,
  ]);
  return rows.length > 0;
}

/**
 * Creates a token and returns it in clear text: the only moment it exists outside the caller's hands. Its
 * prefix and its stored scope come from the one `scope`, so they agree.
 */
export async function createChannelToken(
  q: Queryable,
  accountId: string,
  name: string,
  scope: TokenScope = DEFAULT_TOKEN_SCOPE,
  /** The channel a roll continues; a new token starts its own. */
  channelId?: string,
): Promise<{ id: string; token: string; scope: TokenScope; created_at: Date }> {
  const token = generateChannelToken(scope);
  const id = Bun.randomUUIDv7();
  const [row] = await q.query<{ id: string; created_at: Date }>(
    `insert into channel_tokens (id, account_id, name, token_hash, token_hint, scope, channel_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at`,
    [id, accountId, name, hashSecret(token), tokenHint(token), scope, channelId ?? id],
  );
  if (!row) throw new Error("token insert returned nothing");
  return { id: row.id, token, scope, created_at: row.created_at };
}

export async function findChannelTokenByHash(
  q: Queryable,
  tokenHash: string,
): Promise<ChannelTokenRecord | undefined> {
  const [row] = await q.query<ChannelTokenRecord>(
    `select t.id, t.account_id, a.require_consent_evidence, a.call_cooldown_hours, t.token_hash, t.scope, t.revoked_at, t.expires_at,
       coalesce(t.channel_id, t.id) as channel_id, t.reads_all_channels, t.bot_check_required, t.honeypot_field, t.allowed_origins
     from channel_tokens t join accounts a on a.id = t.account_id where t.token_hash = $1`,
    [tokenHash],
  );
  return row;
}

export async function listChannelTokens(q: Queryable, accountSlug?: string): Promise<ChannelTokenListing[]> {
  return await q.query<ChannelTokenListing>(
    `select t.id, a.slug as account, t.name, t.token_hint as hint, t.scope, t.created_at, t.last_used_at,
            t.revoked_at, t.expires_at
     from channel_tokens t join accounts a on a.id = t.account_id
     where $1::text is null or a.slug = $1 order by a.slug, t.created_at`,
    [accountSlug ?? null],
  );
}

export async function touchChannelToken(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query("update channel_tokens set last_used_at = $2 where id = $1", [id, at]);
}
