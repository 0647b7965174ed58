// The one gate every sender route passes: the token's headers, authentication (with the failed-attempt limit
// of the client's address applied before any lookup), the token's rate limit (and an intake-only token's
// per-client one under it), the scope the route needs and an intake-only token's allowed origins.

import type { ProblemCode } from "@speed-to-lead/spec";
import type { Authentication, Authenticator, ChannelIdentity } from "../core/accounts/authenticator.ts";
import { scopeAllows, type TokenScope } from "../core/accounts/channel-token.ts";
import type { FailedAuthLimiter } from "../core/accounts/failed-auth-limiter.ts";
import { originAllowed } from "../core/accounts/intake-guard.ts";
import { clientAddress, clientNetwork } from "../http/client-address.ts";
import type { HeaderMap, ProblemOptions } from "../http/respond.ts";
import { type RateDecision, type RateLimiter, rateLimitHeaders } from "../http/token-bucket.ts";

export interface SenderGateDeps {
  authenticator: Authenticator;
  /** Failed authentications per client address: reads and posts count against one budget. */
  failedAuthLimiter: FailedAuthLimiter;
  /** TRUST_PROXY decides which address counts. */
  trustProxy: boolean;
  /** Per token: a token's posts and reads share one bucket. */
  rateLimiter: RateLimiter;
  /**
   * Per intake-only token and client (IPv4 address, IPv6 /64), taken before the token's bucket: every
   * visitor of a page holds its token, so one of them must not spend the page's whole budget.
   */
  clientRateLimiter?: RateLimiter;
}

export type SenderGate =
  | {
      ok: true;
      identity: ChannelIdentity /** The token's RateLimit headers, for every later answer. */;
      limitHeaders: HeaderMap;
    }
  | { ok: false; code: ProblemCode; options: ProblemOptions };

const CHALLENGE = { "www-authenticate": 'Bearer realm="speed-to-lead"' };
/** RFC 6750 §3.1: the token is good but not for this; a client may not retry with it. */
const INSUFFICIENT_SCOPE = { "www-authenticate": 'Bearer realm="speed-to-lead", error="insufficient_scope"' };

/** 429 with Retry-After (set by problemResponse) and the RateLimit headers of whichever limit refused. */
const limited = (
  code: "rate_limited" | "too_many_failed_authentications",
  decision: RateDecision,
): SenderGate => ({
  ok: false,
  code,
  options: { retryAfterSeconds: decision.retryAfterSeconds, headers: rateLimitHeaders(decision) },
});

/**
 * @param needs The scope the route requires: "intake" to post, "read" to read leads.
 * @example
 * const gate = await passSenderGate(deps, request, "read");
 * if (!gate.ok) return problemResponse(state, gate.code, gate.options);
 */
export async function passSenderGate(
  deps: SenderGateDeps,
  request: Request,
  needs: TokenScope,
): Promise<SenderGate> {
  const carried = tokenFromHeaders(request.headers);
  if (!carried.ok) return { ok: false, code: carried.code, options: { headers: CHALLENGE } };
  const address = clientAddress(request, deps.trustProxy);
  const auth = await authenticateClient(deps.authenticator, deps.failedAuthLimiter, address, carried.token);
  if (!auth.ok && auth.code === "too_many_failed_authentications") return limited(auth.code, auth.limit);
  if (!auth.ok) return { ok: false, code: auth.code, options: { headers: CHALLENGE } };
  // The scope after the rate limit: refused reads still spend the token's budget.
  let limitHeaders: HeaderMap = {};
  const perClient = deps.clientRateLimiter;
  if (perClient?.enabled && auth.identity.scope === "intake" && address !== undefined) {
    // Refused here, a client's flood never reaches the token's bucket.
    const decision = perClient.take(`${auth.identity.tokenId} ${clientNetwork(address)}`);
    if (!decision.allowed) return limited("rate_limited", decision);
  }
  if (deps.rateLimiter.enabled) {
    const decision = deps.rateLimiter.take(auth.identity.tokenId);
    if (!decision.allowed) return limited("rate_limited", decision);
    limitHeaders = rateLimitHeaders(decision);
  }
  if (!scopeAllows(auth.identity.scope, needs))
    return {
      ok: false,
      code: "token_intake_only",
      options: { headers: { ...limitHeaders, ...INSUFFICIENT_SCOPE } },
    };
  // A page the owner did not list (or a post without an Origin) may not use the token.
  if (!originAllowed(auth.identity.guard, request.headers.get("origin")))
    return { ok: false, code: "origin_not_allowed", options: { headers: limitHeaders } };
  return { ok: true, identity: auth.identity, limitHeaders };
}

type TokenFromHeaders = { ok: true; token: string } | { ok: false; code: "token_missing" | "token_conflict" };

/**
 * X-STL-Channel-Token counts when Authorization is absent or not a Bearer credential (a proxy's Basic
 * auth, say). Both carrying different tokens is a conflict; the same token twice is fine.
 *
 * @example tokenFromHeaders(new Headers({ authorization: "Bearer stl_ch_…" })) // { ok: true, token: "stl_ch_…" }
 */
export function tokenFromHeaders(headers: Headers): TokenFromHeaders {
  const authorization = headers.get("authorization")?.trim() ?? "";
  const match = /^bearer(?:\s+(.*))?$/i.exec(authorization);
  const bearer = match ? (match[1]?.trim() ?? "") : "";
  const header = headers.get("x-stl-channel-token")?.trim() ?? "";
  if (bearer && header && bearer !== header) return { ok: false, code: "token_conflict" };
  const token = bearer || header;
  return token ? { ok: true, token } : { ok: false, code: "token_missing" };
}

type ClientAuthentication =
  | Authentication
  | { ok: false; code: "too_many_failed_authentications"; limit: RateDecision };

/**
 * Only a new database lookup counts: cached answers, and lookups joined while one for the same token
 * is under way, cost nothing. An address past its limit still gets answers for tokens known to be valid (a working token keeps
 * working, revocation still seen), but no lookup for any other: an unknown token from it is 429 with
 * the seconds until it may try again.
 * Without an address (a request built in a test) nothing is limited.
 *
 * @example const auth = await authenticateClient(authenticator, limiter, "203.0.113.7", token);
 */
async function authenticateClient(
  authenticator: Authenticator,
  limiter: FailedAuthLimiter,
  address: string | undefined,
  token: string,
): Promise<ClientAuthentication> {
  if (address === undefined || !limiter.enabled) return await authenticator.authenticate(token);
  const cheap = authenticator.withoutNewLookup(token);
  if (cheap) return await cheap;
  const limit = limiter.take(address);
  if (!limit.allowed)
    return (
      (await authenticator.authenticateIfKnown(token)) ?? {
        ok: false,
        code: "too_many_failed_authentications",
        limit,
      }
    );
  const auth = await authenticator.authenticate(token);
  if (auth.ok) limiter.refund(address);
  return auth;
}
