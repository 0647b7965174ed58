// Channel tokens: "stl_ch_" + 32 random bytes in base64url; only their SHA-256 is ever stored.
import { timingSafeEqual } from "node:crypto";
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
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

/** Constant-time comparison of two hex hashes of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The last four characters, shown in listings so owners can tell tokens apart. */
export const tokenHint = (token: string) => token.slice(-4);
