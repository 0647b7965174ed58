// @speed-to-lead/sdk/evidence: check a lead's evidence record offline — its Ed25519 signature (a JWS over RFC 8785 JSON) and its hash chain.
import canonicalize from "canonicalize";
import { createLocalJWKSet, errors, flattenedVerify, type JSONWebKeySet } from "jose";
import type { components } from "./types";

export type EvidenceRecord = components["schemas"]["EvidenceRecord"];
export type EvidenceEntry = components["schemas"]["EvidenceEntry"];
/** The service's public keys as GET /api/speed-to-lead/evidence-keys publishes them. */
export type EvidenceKeySet = components["schemas"]["EvidenceKeySet"];

/** Why a record did not verify. */
export type EvidenceFailure =
  /** Not a record of this shape (not JSON, no signature, no log). */
  | "record_malformed"
  /** No key of the set has the kid its signature names: ask the service (or whoever gave it) for its keys. */
  | "key_unknown"
  /** The signature does not match: some byte of the record changed, or another key signed it. */
  | "signature_invalid"
  /** Signed, but an entry's hash, its link to the previous one, or as_of does not add up. */
  | "chain_broken";

export type EvidenceVerification =
  | {
      ok: true;
      /** The key that signed it. */
      kid: string;
      /** The point of the lead's log the record shows (an older record shows an earlier one). */
      asOf: EvidenceRecord["as_of"];
      generatedAt: string;
    }
  | { ok: false; code: EvidenceFailure; reason: string };

const GENESIS = "0".repeat(64);
/** 64 bytes in base64url: the last character carries 2 bits, so only these four end a canonical text. */
const SIGNATURE_TEXT = /^[A-Za-z0-9_-]{85}[AQgw]$/;

const fail = (code: EvidenceFailure, reason: string): EvidenceVerification => ({ ok: false, code, reason });

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

const base64url = (bytes: Uint8Array) => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

/** The first problem of the log, or undefined: each hash is SHA-256 of prev + "\n" + body. */
async function chainProblem(record: EvidenceRecord): Promise<string | undefined> {
  let prev = GENESIS;
  for (const [index, entry] of record.log.entries()) {
    if (entry.seq !== index + 1) return `entry ${index + 1} has seq ${entry.seq}`;
    if (entry.prev !== prev) return `entry ${entry.seq} does not follow entry ${index}`;
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(`${entry.prev}\n${entry.body}`),
    );
    if (hex(digest) !== entry.hash) return `entry ${entry.seq}'s hash is not the hash of its content`;
    prev = entry.hash;
  }
  const last = record.log[record.log.length - 1];
  if (!last || record.as_of.seq !== last.seq || record.as_of.hash !== last.hash)
    return "as_of is not the last entry of the log";
  return undefined;
}

/**
 * Verifies a record as downloaded (its JSON text or the parsed object) against the service's public keys,
 * with nothing of the service: the JWS signature over the record's canonical form, then its hash chain.
 *
 * @example
 * const keys = await (await fetch("https://stl.example.com/api/speed-to-lead/evidence-keys")).json();
 * const result = await verifyEvidence(await (await fetch(recordUrl, { headers })).text(), keys);
 * if (!result.ok) throw new Error(result.reason);
 */
export async function verifyEvidence(
  record: string | object,
  keys: EvidenceKeySet | { keys: readonly object[] },
): Promise<EvidenceVerification> {
  let parsed: unknown;
  try {
    parsed = typeof record === "string" ? JSON.parse(record) : record;
  } catch {
    return fail("record_malformed", "the record is not JSON");
  }
  const { signature, ...signed } = (parsed ?? {}) as Partial<EvidenceRecord>;
  if (typeof signature?.protected !== "string" || typeof signature.signature !== "string")
    return fail("record_malformed", "the record has no signature");
  if (!SIGNATURE_TEXT.test(signature.signature))
    return fail("signature_invalid", "the signature is not an Ed25519 signature in canonical base64url");
  const payload = canonicalize(signed);
  if (payload === undefined) return fail("record_malformed", "the record cannot be canonicalized");
  let kid: string;
  try {
    const verified = await flattenedVerify(
      {
        protected: signature.protected,
        payload: base64url(new TextEncoder().encode(payload)),
        signature: signature.signature,
      },
      createLocalJWKSet(keys as unknown as JSONWebKeySet),
      { algorithms: ["EdDSA"] },
    );
    kid = String(verified.protectedHeader?.kid);
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey)
      return fail("key_unknown", "no key of the set has the kid the signature names");
    if (error instanceof errors.JWSSignatureVerificationFailed)
      return fail(
        "signature_invalid",
        "the signature does not match the record: it was changed, or another key signed it",
      );
    return fail("record_malformed", `the signature cannot be checked: ${(error as Error).message}`);
  }
  const full = signed as EvidenceRecord;
  if (!Array.isArray(full.log) || typeof full.as_of !== "object" || full.as_of === null)
    return fail("record_malformed", "the record has no log");
  const problem = await chainProblem(full);
  if (problem) return fail("chain_broken", problem);
  return { ok: true, kid, asOf: full.as_of, generatedAt: full.generated_at };
}
