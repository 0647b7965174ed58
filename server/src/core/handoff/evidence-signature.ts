// The evidence record's seal: canonical JSON, its SHA-256, and an HMAC-SHA256 with the server's key (EVIDENCE_SIGNING_KEY).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** JSON with object keys sorted at every depth: the same record always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export interface EvidenceSeal {
  /** SHA-256 of the canonical JSON of the record without its seal, hex. */
  content_sha256: string;
  /** HMAC-SHA256 of the same bytes with the server's key, hex; null when the server has no key. */
  signature: { algorithm: "HMAC-SHA256"; key_id: string; value: string } | null;
}

/** Which key signed: the first 8 hex digits of its SHA-256, so a verifier picks the right one after a key change. */
const keyId = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 8);

/**
 * @example sealOf({ lead: { id: "…" } }, process.env.EVIDENCE_SIGNING_KEY)
 */
export function sealOf(record: object, key: string | undefined): EvidenceSeal {
  const bytes = canonicalJson(record);
  return {
    content_sha256: createHash("sha256").update(bytes).digest("hex"),
    signature: key
      ? {
          algorithm: "HMAC-SHA256",
          key_id: keyId(key),
          value: createHmac("sha256", key).update(bytes).digest("hex"),
        }
      : null,
  };
}

/** Whether a record as downloaded (with its seal) is unchanged and was signed with `key`. */
export function verifySeal(document: Record<string, unknown>, key: string): boolean {
  const { seal, ...record } = document as { seal?: EvidenceSeal };
  const given = seal?.signature?.value;
  if (typeof given !== "string" || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = sealOf(record, key).signature!.value;
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"));
}
