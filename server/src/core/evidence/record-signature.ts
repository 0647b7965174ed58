// An evidence record's signature: a JWS (EdDSA, Ed25519) with a kid over the record's RFC 8785 canonical JSON, payload detached.
import canonicalize from "canonicalize";
import { FlattenedSign } from "jose";
import type { EvidenceKey } from "./evidence-keys.ts";

/** The JWS in its flattened JSON form without its payload: the payload is the record itself. */
export interface RecordSignature {
  protected: string;
  signature: string;
}

/**
 * Signs every field of `record` (which must not hold `signature`): the payload is canonicalize(record).
 *
 * @example const signed = { ...record, signature: await signRecord(record, key) };
 */
export async function signRecord(record: object, key: EvidenceKey): Promise<RecordSignature> {
  const payload = new TextEncoder().encode(canonicalize(record));
  const jws = await new FlattenedSign(payload)
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid })
    .sign(key.privateKey);
  return { protected: jws.protected!, signature: jws.signature };
}
