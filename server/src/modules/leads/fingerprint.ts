// The payload fingerprint of idempotent requests: SHA-256 of a canonical JSON of the body.

/** JSON with object keys sorted at every depth, so key order and whitespace do not change the fingerprint. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * The body without `idempotency_key`: the key names the request, it is not part of what was asked, so
 * a retry may move it between the body and the Idempotency-Key header. Unknown fields count: they
 * change `ignored_fields`, hence the response.
 *
 * @example payloadFingerprint({ b: 1, a: 2 }) === payloadFingerprint({ a: 2, b: 1, idempotency_key: "k" })
 */
export function payloadFingerprint(body: Record<string, unknown>): string {
  const { idempotency_key: _key, ...payload } = body;
  return new Bun.CryptoHasher("sha256").update(canonicalJson(payload)).digest("hex");
}
