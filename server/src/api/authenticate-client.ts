// Authentication with the failed-attempt limit of the client's address applied before any lookup.

import type { Authentication, Authenticator } from "../core/accounts/authenticator.ts";
import type { FailedAuthLimiter } from "../core/accounts/failed-auth-limiter.ts";
import type { RateDecision } from "../http/token-bucket.ts";

export type ClientAuthentication =
  | Authentication
  | { ok: false; code: "too_many_failed_authentications"; limit: RateDecision };

/**
 * An address past its limit still gets answers the cache holds (a working token keeps working), but
 * no database lookup: an unknown token from it is 429 with the seconds until it may try again.
 * Without an address (a request built in a test) nothing is limited.
 *
 * @example const auth = await authenticateClient(authenticator, limiter, "203.0.113.7", token);
 */
export async function authenticateClient(
  authenticator: Authenticator,
  limiter: FailedAuthLimiter,
  address: string | undefined,
  token: string,
): Promise<ClientAuthentication> {
  if (address === undefined || !limiter.enabled) return await authenticator.authenticate(token);
  const limit = limiter.check(address);
  if (!limit.allowed)
    return (
      authenticator.authenticateFromCache(token) ?? {
        ok: false,
        code: "too_many_failed_authentications",
        limit,
      }
    );
  const auth = await authenticator.authenticate(token);
  if (!auth.ok) limiter.recordFailure(address);
  return auth;
}
