// Random secrets for session cookies and sign-in links, and the SHA-256 that is all the database keeps of them.
import { timingSafeEqual } from "node:crypto";

/** @example newSecret() // "Xq3…" (43 base64url characters: 256 random bits) */
export function newSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function hashSecret(secret: string): string {
  return new Bun.CryptoHasher("sha256").update(secret).digest("hex");
}

/** Constant-time comparison of two strings (lengths may leak, contents do not). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Secrets are base64url of 32 bytes: anything else is refused before a lookup. */
export const hasSecretShape = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
