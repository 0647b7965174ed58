// The evidence signing keys as the database keeps them: public keys for ever (the JWKS), a PGlite server's private key encrypted.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, type JWK } from "jose";
import type { Queryable } from "../../db/database.ts";

/** A key a server signs with: `kid` is the RFC 7638 thumbprint of its public JWK. */
export interface EvidenceKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
}

/** What GET /api/speed-to-lead/evidence-keys lists: every key records were ever signed with. */
export interface EvidenceJwks {
  keys: (JWK & { kid: string; alg: "EdDSA"; use: "sig" })[];
}

/** The public half as it is published. */
export async function evidenceKeyOf(privateKey: KeyObject): Promise<EvidenceKey> {
  const jwk = await exportJWK(createPublicKey(privateKey));
  const publicJwk = { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
  return { kid: await calculateJwkThumbprint(publicJwk), privateKey, publicJwk };
}

export const newEvidenceKey = () => evidenceKeyOf(generateKeyPairSync("ed25519").privateKey);

/** Publishes a key's public half (once); `secret` also keeps its private half, encrypted with it. */
export async function registerEvidenceKey(db: Queryable, key: EvidenceKey, secret?: string): Promise<void> {
  const encrypted = secret
    ? (key.privateKey.export({
        format: "pem",
        type: "pkcs8",
        cipher: "aes-256-cbc",
        passphrase: secret,
      }) as string)
    : null;
  await db.query(
    `insert into evidence_keys (kid, public_jwk, private_key_encrypted) values ($1, $2::text::jsonb, $3)
     on conflict (kid) do nothing`,
    [key.kid, JSON.stringify(key.publicJwk), encrypted],
  );
}

/**
 * The newest key whose private half the database keeps, decrypted with `secret`; undefined when none.
 * A secret that does not open it throws: the server would otherwise sign with a key nobody published.
 */
export async function storedEvidenceKey(db: Queryable, secret: string): Promise<EvidenceKey | undefined> {
  const [row] = await db.query<{ kid: string; private_key_encrypted: string }>(
    `select kid, private_key_encrypted from evidence_keys
     where private_key_encrypted is not null and retired_at is null order by created_at desc limit 1`,
  );
  if (!row) return undefined;
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: row.private_key_encrypted, format: "pem", passphrase: secret });
  } catch {
    throw new Error(
      `the evidence signing key ${row.kid} does not open with its secret file: restore the file, or run \`stl evidence keys rotate\` for a new key (the old public keys stay published)`,
    );
  }
  return evidenceKeyOf(privateKey);
}

/**
 * Retires every current key (its private half is dropped; its public half stays published) and keeps
 * a new one, encrypted with `secret`. Returns the new key.
 */
export async function rotateEvidenceKey(db: Queryable, secret: string): Promise<EvidenceKey> {
  const key = await newEvidenceKey();
  await db.query(
    "update evidence_keys set retired_at = now(), private_key_encrypted = null where retired_at is null",
  );
  await registerEvidenceKey(db, key, secret);
  return key;
}

export interface ListedEvidenceKey {
  kid: string;
  created_at: Date;
  retired_at: Date | null;
}

/** Oldest first. */
export function listEvidenceKeys(db: Queryable): Promise<ListedEvidenceKey[]> {
  return db.query<ListedEvidenceKey>(
    "select kid, created_at, retired_at from evidence_keys order by created_at, kid",
  );
}

/** The most keys one JWKS lists: a server that restarts often without a kept key adds one per start. */
export const MAX_PUBLISHED_KEYS = 1_000;

export async function evidenceJwks(db: Queryable): Promise<EvidenceJwks> {
  const rows = await db.query<{ kid: string; public_jwk: JWK | string }>(
    `select kid, public_jwk from evidence_keys order by created_at desc, kid limit ${MAX_PUBLISHED_KEYS}`,
  );
  return {
    keys: rows.map((row) => {
      const jwk = typeof row.public_jwk === "string" ? (JSON.parse(row.public_jwk) as JWK) : row.public_jwk;
      return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid: row.kid, alg: "EdDSA", use: "sig" };
    }),
  };
}
