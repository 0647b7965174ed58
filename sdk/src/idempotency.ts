// Idempotency keys: random for one call's retries, deterministic for retries across restarts.

/** idempotencyKey's type: call it for a random key, or `.from(...)` for a deterministic one. */
export interface IdempotencyKeyFactory {
  /** A fresh random key (a UUID v4). postLead makes one itself when you pass none. */
  (): string;
  /**
   * A deterministic key: the SHA-256 (hex) of the parts, through Web Crypto, so it is async.
   * The same parts always give the same key, in any runtime and after any restart: use it when you
   * retry from your own queue. Parts are JSON-encoded first, so ("ab", "c") and ("a", "bc") differ.
   *
   * @example const key = await idempotencyKey.from("acme-crm", "A-10023");
   */
  from(...parts: (string | number)[]): Promise<string>;
}

/** A random key, a UUID v4; what postLead sends when the caller gives none. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID is missing in browsers' insecure contexts (plain http); getRandomValues is not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return hex.replace(/(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
}

async function keyFromParts(...parts: (string | number)[]): Promise<string> {
  if (parts.length === 0) throw new TypeError("idempotencyKey.from() needs at least one part.");
  const data = new TextEncoder().encode(JSON.stringify(parts));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Makes Idempotency-Keys: random for one call's retries, deterministic (`.from`) for retries from a queue.
 *
 * @example
 * idempotencyKey();                              // "3b241101-e2bb-4255-8caf-4136c566a962"
 * await idempotencyKey.from("acme-crm", "A-10023"); // "9f0c…" (64 hex characters, always the same)
 */
export const idempotencyKey: IdempotencyKeyFactory = /* @__PURE__ */ Object.assign(randomKey, {
  from: keyFromParts,
});
