// Channel tokens: a prefix that says their scope + a secret (32 random bytes in base64url); only their SHA-256 is stored.
import { CHANNEL_TOKEN_PREFIX, INTAKE_TOKEN_PREFIX } from "@speed-to-lead/spec";
import { newSecret } from "./secret.ts";

/** What a token may do: `intake` posts leads and dry runs; `read` may also read the account's leads. */
export const TOKEN_SCOPES = ["intake", "read"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** What every token could do before scopes, so scripts that create tokens keep working (CLI and console). */
export const DEFAULT_TOKEN_SCOPE: TokenScope = "read";

const PREFIXES: Record<TokenScope, string> = { intake: INTAKE_TOKEN_PREFIX, read: CHANNEL_TOKEN_PREFIX };
const TOKEN_SHAPE = new RegExp(`^(?:${INTAKE_TOKEN_PREFIX}|${CHANNEL_TOKEN_PREFIX})[A-Za-z0-9_-]{43}$`);

export const isTokenScope = (value: string): value is TokenScope =>
  (TOKEN_SCOPES as readonly string[]).includes(value);

/** @example tokenPrefix("intake") // "stl_pk_" */
export const tokenPrefix = (scope: TokenScope): string => PREFIXES[scope];

/** @example generateChannelToken("intake") // "stl_pk_Xq3…" (50 characters) */
export const generateChannelToken = (scope: TokenScope): string => PREFIXES[scope] + newSecret();

/** Cheap to reject before any lookup: a value that cannot be one of our tokens (either prefix). */
export const hasTokenShape = (token: string) => TOKEN_SHAPE.test(token);

/**
 * The scope a token has: the stored one, narrowed by the prefix, so a stl_pk_ token is intake-only whatever a
 * row says (the two only disagree if someone edited the row).
 *
 * @example effectiveScope("stl_pk_…", "read") // "intake"
 */
export const effectiveScope = (token: string, stored: TokenScope): TokenScope =>
  token.startsWith(INTAKE_TOKEN_PREFIX) ? "intake" : stored;

/** Whether a token of this scope may do what a route needs: read covers intake. */
export const scopeAllows = (scope: TokenScope, needed: TokenScope): boolean =>
  needed === "intake" || scope === "read";

/** The last four characters, shown in listings so owners can tell tokens apart. */
export const tokenHint = (token: string) => token.slice(-4);
