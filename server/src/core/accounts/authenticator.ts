// Resolves a channel token to its account, with a short cache so lookups do not slow the endpoint.
import type { Queryable } from "../../db/database.ts";
import type { Logger } from "../../logger.ts";
import { describeError } from "../../logger.ts";
import { effectiveScope, hasTokenShape, type TokenScope } from "./channel-token.ts";
import type { EvidenceRequirement } from "./evidence-requirement.ts";
import { type IntakeGuard, intakeGuardOf } from "./intake-guard.ts";
import { hashSecret, sameSecret } from "./secret.ts";
import { type ChannelTokenRecord, findChannelTokenByHash, touchChannelToken } from "./token-repository.ts";

export interface ChannelIdentity {
  tokenId: string;
  accountId: string;
  /** The account's consent-evidence requirement; none when absent. */
  evidenceRequired?: EvidenceRequirement;
  /** What the token may do; routes declare what they need (api/sender-gate.ts). */
  scope: TokenScope;
  /** The channel: this token and the ones rolled from or to it. The token's id when absent. */
  channelId?: string;
  /** A read token that may read other channels' leads; false when absent. */
  readsAllChannels?: boolean;
  /** The account's call cool-down in hours (0: off); the default when absent. */
  callCooldownHours?: number;
  /** What an intake-only token asks of a post (a bot check, a honeypot, its origins); none when absent. */
  guard?: IntakeGuard;
}

export type Authentication =
  | { ok: true; identity: ChannelIdentity }
  | { ok: false; code: "token_invalid" | "token_revoked" | "token_expired" };

export interface AuthenticatorOptions {
  /**
   * How long a lookup is trusted: a revocation made in any process takes effect within this time.
   * 4 s, so that with the lookup's own latency a revoked token is refused within 5 s.
   */
  cacheTtlMs?: number;
  /** last_used_at is written at most this often per token. */
  touchIntervalMs?: number;
  /** Bounds memory: the cache is cleared when it holds this many tokens. */
  maxEntries?: number;
  /**
   * How long a token that was valid stays "known": its address's failed-lookup limit never refuses it
   * (a flood of unknown tokens from one address must not lock out that address's working token).
   */
  knownForMs?: number;
  logger?: Logger;
  now?: () => number;
}

/**
 * @example const auth = createAuthenticator(db); const result = await auth.authenticate("stl_ch_…");
 */
export function createAuthenticator(db: Queryable, options: AuthenticatorOptions = {}) {
  const ttl = options.cacheTtlMs ?? 4_000;
  const touchInterval = options.touchIntervalMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const knownFor = options.knownForMs ?? 60 * 60_000;
  const cache = new Map<string, { record: ChannelTokenRecord; expiresAt: number }>();
  const lastTouched = new Map<string, number>();
  /** Hashes of tokens found valid, with when: bounded like the cache. */
  const known = new Map<string, number>();
  /** One lookup per hash at a time: a burst of requests with an expired entry costs one query. */
  const inFlight = new Map<string, Promise<ChannelTokenRecord | undefined>>();

  async function lookup(hash: string): Promise<ChannelTokenRecord | undefined> {
    const cached = cache.get(hash);
    if (cached && cached.expiresAt > now()) return cached.record;
    const pending = inFlight.get(hash);
    if (pending) return await pending;
    const query = findChannelTokenByHash(db, hash).finally(() => inFlight.delete(hash));
    inFlight.set(hash, query);
    const record = await query;
    // Unknown tokens are not cached: a token created a moment ago must work at once.
    if (record) {
      if (cache.size >= maxEntries) cache.clear();
      cache.set(hash, { record, expiresAt: now() + ttl });
    }
    return record;
  }

  function remember(hash: string) {
    if (!known.has(hash) && known.size >= maxEntries) known.clear();
    known.set(hash, now());
  }

  /** Fire and forget, at most once per interval per token: never on the request's critical path. */
  function touch(tokenId: string) {
    const at = now();
    if ((lastTouched.get(tokenId) ?? 0) + touchInterval > at) return;
    if (lastTouched.size >= maxEntries) lastTouched.clear();
    lastTouched.set(tokenId, at);
    touchChannelToken(db, tokenId, new Date(at)).catch((error) =>
      options.logger?.warn("last_used_at update failed", describeError(error)),
    );
  }

  function judge(token: string, hash: string, record: ChannelTokenRecord | undefined): Authentication {
    if (!record || !sameSecret(record.token_hash, hash)) return { ok: false, code: "token_invalid" };
    if (record.revoked_at) return { ok: false, code: "token_revoked" };
    // The expiry is part of the cached record, so a rolled token stops at its exact expiry time.
    if (record.expires_at && new Date(record.expires_at).getTime() <= now())
      return { ok: false, code: "token_expired" };
    remember(hash);
    touch(record.id);
    return {
      ok: true,
      identity: {
        tokenId: record.id,
        accountId: record.account_id,
        evidenceRequired: record.require_consent_evidence,
        scope: effectiveScope(token, record.scope),
        channelId: record.channel_id,
        callCooldownHours: record.call_cooldown_hours,
        readsAllChannels: record.reads_all_channels,
        guard: intakeGuardOf(record),
      },
    };
  }

  return {
    async authenticate(token: string): Promise<Authentication> {
      if (!hasTokenShape(token)) return { ok: false, code: "token_invalid" };
      const hash = hashSecret(token);
      return judge(token, hash, await lookup(hash));
    },
    /**
     * The answer when it costs no new database lookup: a token that cannot be one, a fresh cache entry, or
     * a lookup of the same token already under way (joined); else undefined.
     */
    withoutNewLookup(token: string): Promise<Authentication> | undefined {
      if (!hasTokenShape(token)) return Promise.resolve({ ok: false, code: "token_invalid" });
      const hash = hashSecret(token);
      const cached = cache.get(hash);
      if (cached && cached.expiresAt > now()) return Promise.resolve(judge(token, hash, cached.record));
      return inFlight.get(hash)?.then((record) => judge(token, hash, record));
    },
    /**
     * For an address past its failed-lookup limit: a token found valid in the last `knownForMs` is
     * authenticated as usual (from the cache, or one lookup that also sees a revocation); any other
     * token gets undefined, without a lookup.
     */
    async authenticateIfKnown(token: string): Promise<Authentication | undefined> {
      if (!hasTokenShape(token)) return { ok: false, code: "token_invalid" };
      const hash = hashSecret(token);
      const validAt = known.get(hash);
      if (validAt === undefined || validAt + knownFor <= now()) return undefined;
      return judge(token, hash, await lookup(hash));
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
