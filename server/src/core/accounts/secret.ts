// Every secret the server hands out (channel tokens, session cookies, sign-in links, webhook signing keys):
// 256 random bits, of which the database keeps only a SHA-256, compared in constant time.

const randomBytes = () => crypto.getRandomValues(new Uint8Array(32));

/** @example newSecret() // "Xq3…" (43 base64url characters: 256 random bits) */
export function newSecret(): string {
  return Buffer.from(randomBytes()).toString("base64url");
}

/** A Standard Webhooks signing secret: "whsec_" + 32 random bytes in base64, as that standard defines it. */
export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(randomBytes()).toString("base64")}`;
}

/** @example hashSecret("Xq3…") // 64 hex characters */
export function hashSecret(secret: string): string {
  return Bun.SHA256.hash(secret, "hex");
}

/** Constant-time comparison of two strings: every character is looked at, without a branch on any (no buffers per request); lengths may leak, contents do not. */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Secrets are base64url of 32 bytes: anything else is refused before a lookup. */
export const hasSecretShape = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
