// @speed-to-lead/sdk/evidence: check a lead's evidence record offline — its Ed25519 signature (a JWS over RFC 8785 JSON)
// and its hash chain. The verifier is the spec's, bundled here (tsup): the packed SDK depends on nothing of ours.
import type { components } from "./types";

export {
  type EvidenceFailure,
  type EvidencePoint,
  type EvidenceVerification,
  verifyEvidence,
} from "@speed-to-lead/spec/evidence-verify";

/** A lead's evidence record as GET /api/speed-to-lead/leads/{id}/evidence answers it (the spec's EvidenceRecord). */
export type EvidenceRecord = components["schemas"]["EvidenceRecord"];
/** One link of a lead's evidence log: seq, body (the JSON text hashed), prev and hash. */
export type EvidenceEntry = components["schemas"]["EvidenceEntry"];
/** The service's public keys as GET /api/speed-to-lead/evidence-keys publishes them. */
export type EvidenceKeySet = components["schemas"]["EvidenceKeySet"];
