// Channel tokens: "stl_ch_" + 32 random bytes in base64url; only their SHA-256 is ever stored.
import { CHANNEL_TOKEN_PREFIX } from "@speed-to-lead/spec";

const TOKEN_SHAPE = new RegExp(`^${CHANNEL_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** @example generateChannelToken() // "stl_ch_Xq3…" (50 characters) */
export function generateChannelToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return CHANNEL_TOKEN_PREFIX + Buffer.from(bytes).toString("base64url");
}

/** Cheap to reject before any lookup: a value that cannot be one of our tokens. */
export const hasTokenShape = (token: string) => TOKEN_SHAPE.test(token);

export function hashChannelToken(token: string): string {
  return Bun.SHA256.hash(token, "hex");
}

/** Constant-time comparison of two hex hashes: every character is looked at, without a branch on any (no buffers per request). */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The last four characters, shown in listings so owners can tell tokens apart. */
export const tokenHint = (token: string) => token.slice(-4);
