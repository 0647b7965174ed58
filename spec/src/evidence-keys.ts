// The public keys evidence records are signed with: a JWKS (RFC 7517), every key ever used, so old records still verify.
import { type Static, Type } from "@sinclair/typebox";
import { text } from "./text.ts";

/** Where anyone reads the keys; no token needed. */
export const EVIDENCE_KEYS_PATH = "/api/speed-to-lead/evidence-keys";

/** @example GET /api/speed-to-lead/evidence-keys → { "keys": [{ "kty": "OKP", "crv": "Ed25519", "x": "…", "kid": "…", "alg": "EdDSA", "use": "sig" }] } */
export const EvidenceKeySetSchema = Type.Object(
  {
    keys: Type.Array(
      Type.Object(
        {
          kty: Type.Literal("OKP"),
          crv: Type.Literal("Ed25519"),
          x: Type.String({
            pattern: "^[A-Za-z0-9_-]{43}$",
            description: text("EvidenceKeySet.x.description", "The 32-byte public key, base64url."),
          }),
          kid: Type.String({
            pattern: "^[A-Za-z0-9_-]{43}$",
            description: text(
              "EvidenceKeySet.kid.description",
              "The key's RFC 7638 thumbprint (SHA-256, base64url): what a record's JWS header names.",
            ),
          }),
          alg: Type.Literal("EdDSA"),
          use: Type.Literal("sig"),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    "x-component": "EvidenceKeySet",
    description: text(
      "EvidenceKeySet.description",
      "Every Ed25519 public key the service has signed evidence records with, newest first. A rotation adds a key and keeps the old ones, so every record ever handed out still verifies.",
    ),
  },
);

export type EvidenceKeySet = Static<typeof EvidenceKeySetSchema>;
