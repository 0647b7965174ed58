// Which key this server signs evidence records with: EVIDENCE_PRIVATE_KEY, the one kept beside the PGlite data, or its own.
import { createPrivateKey, type KeyObject, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Queryable } from "../../db/database.ts";
import {
  type EvidenceKey,
  evidenceKeyOf,
  newEvidenceKey,
  registerEvidenceKey,
  storedEvidenceKey,
} from "./evidence-keys.ts";

const KEY_FIX =
  "make one with `openssl genpkey -algorithm ed25519` and pass the PEM (newlines may be written \\n)";

/**
 * EVIDENCE_PRIVATE_KEY as a key: a PKCS#8 PEM (real or `\n`-escaped newlines) or its base64 body.
 * Anything that is not an Ed25519 private key throws with the fix.
 *
 * @example parseEvidencePrivateKey(process.env.EVIDENCE_PRIVATE_KEY)
 */
export function parseEvidencePrivateKey(text: string): KeyObject {
  const trimmed = text.trim().replaceAll("\\n", "\n");
  const pem = trimmed.startsWith("-----")
    ? trimmed
    : `-----BEGIN PRIVATE KEY-----\n${trimmed.replace(/\s+/g, "")}\n-----END PRIVATE KEY-----`;
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    throw new Error(`EVIDENCE_PRIVATE_KEY is not a private key in PEM: ${KEY_FIX}`);
  }
  if (key.asymmetricKeyType !== "ed25519")
    throw new Error(`EVIDENCE_PRIVATE_KEY is a ${key.asymmetricKeyType} key, not Ed25519: ${KEY_FIX}`);
  return key;
}

/** Where a PGlite folder's key secret lives: beside the folder, so a copy of the data alone cannot sign. */
export const keySecretFileOf = (pgliteDir: string) => `${pgliteDir.replace(/\/+$/, "")}.evidence-secret`;

/** The secret that encrypts the kept private key; written (owner-only) the first time. */
export function readOrCreateKeySecret(file: string): string {
  if (!existsSync(file)) {
    try {
      writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32)
    throw new Error(
      `${file} holds no evidence key secret: restore it from a backup, or remove it and run \`stl evidence keys rotate\``,
    );
  return secret;
}

export interface EvidenceKeySource {
  /** EVIDENCE_PRIVATE_KEY, validated. */
  privateKey?: KeyObject;
  /** The secret file of a PGlite folder on disk (keySecretFileOf); absent on PostgreSQL and in memory. */
  secretFile?: string;
}

/** How the key came: the environment's, kept in the database, new and kept, or this process's own. */
export type EvidenceKeyOrigin = "environment" | "kept" | "new" | "process";

/**
 * The key to sign with, its public half published. Without EVIDENCE_PRIVATE_KEY or a PGlite folder
 * (PostgreSQL), a key of this process's own: published too, so its records stay verifiable after it ends.
 *
 * @example const { key } = await openEvidenceKey(db, { secretFile: keySecretFileOf(config.pgliteDir) });
 */
export async function openEvidenceKey(
  db: Queryable,
  source: EvidenceKeySource,
): Promise<{ key: EvidenceKey; origin: EvidenceKeyOrigin }> {
  if (source.privateKey) {
    const key = await evidenceKeyOf(source.privateKey);
    await registerEvidenceKey(db, key);
    return { key, origin: "environment" };
  }
  if (source.secretFile) {
    const secret = readOrCreateKeySecret(source.secretFile);
    const kept = await storedEvidenceKey(db, secret);
    if (kept) return { key: kept, origin: "kept" };
    const key = await newEvidenceKey();
    await registerEvidenceKey(db, key, secret);
    return { key, origin: "new" };
  }
  const key = await newEvidenceKey();
  await registerEvidenceKey(db, key);
  return { key, origin: "process" };
}

/** The key records are signed with, once known: the server opens it after its migrations. */
export type EvidenceKeyRef = () => Promise<EvidenceKey>;

/** For an app built without a key (tests, tools): this process's own, published on first use. */
export function processEvidenceKey(db: Queryable): EvidenceKeyRef {
  let opening: Promise<EvidenceKey> | undefined;
  return () => {
    opening ??= openEvidenceKey(db, {}).then(
      (opened) => opened.key,
      (error) => {
        opening = undefined;
        throw error;
      },
    );
    return opening;
  };
}
