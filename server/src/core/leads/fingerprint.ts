// The payload fingerprint of idempotent requests: SHA-256 of a canonical JSON of the body.

/**
 * JSON with object keys sorted at every depth, so key order and whitespace do not change the fingerprint.
 * Written into one string as it walks (this runs for every lead); fingerprint.test.ts holds it to
 * the rule's plain definition.
 */
export function canonicalJson(value: unknown): string {
  return appendCanonical("", value, undefined);
}

/** Appends `value`'s canonical JSON; `skipKey` is left out of a top-level object only. */
function appendCanonical(out: string, value: unknown, skipKey: string | undefined): string {
  if (value === null || typeof value !== "object") return out + (JSON.stringify(value) ?? "null");
  if (Array.isArray(value)) {
    out += "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      out = appendCanonical(out, value[i], undefined);
    }
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  const keys = sortedKeys(object);
  out += "{";
  let first = true;
  for (const key of keys) {
    const child = object[key];
    if (child === undefined || key === skipKey) continue;
    out += first ? JSON.stringify(key) : `,${JSON.stringify(key)}`;
    out = appendCanonical(`${out}:`, child, undefined);
    first = false;
  }
  return `${out}}`;
}

/** Keys in UTF-16 code-unit order; an insertion sort, as objects here have a few keys each. */
function sortedKeys(object: Record<string, unknown>): string[] {
  const keys = Object.keys(object);
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

/**
 * The body without `idempotency_key`: the key names the request, it is not part of what was asked, so
 * a retry may move it between the body and the Idempotency-Key header. Unknown fields count: they
 * change `ignored_fields`, hence the response.
 *
 * @example payloadFingerprint({ b: 1, a: 2 }) === payloadFingerprint({ a: 2, b: 1, idempotency_key: "k" })
 */
export function payloadFingerprint(body: Record<string, unknown>): string {
  return Bun.SHA256.hash(appendCanonical("", body, "idempotency_key"), "hex");
}
