// Recovery codes: ten single-use codes shown once when the second factor is set up (or renewed), for a lost phone.
// Each is 80 random bits; the database keeps a SHA-256 salted per code (ASVS 2.6.2 for lookup secrets under 112 bits).
import type { Queryable } from "../../db/database.ts";
import { sameSecret } from "./secret.ts";

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like base32 without look-alikes (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const hashOf = (salt: string, code: string) => Bun.SHA256.hash(`${salt}:${code}`, "hex");

/** "abcd-efgh-jkmn-pqrs": 16 characters of a 31-letter alphabet (79 bits), grouped for reading aloud. */
function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(64));
  let code = "";
  // Rejection sampling: only bytes below 248 (8 × 31) are used, so every letter is equally likely.
  for (const byte of bytes) {
    if (byte >= 248) continue;
    code += ALPHABET[byte % ALPHABET.length];
    if (code.length === 16) break;
  }
  return code.match(/.{4}/g)!.join("-");
}

/** How a typed code is compared: lower case, no spaces or dashes. */
const normalized = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** New codes for the owner (the old ones stop working); returns them in clear, the only time they exist so. */
export async function renewRecoveryCodes(q: Queryable, ownerId: string): Promise<string[]> {
  await q.query("delete from owner_recovery_codes where owner_id = $1", [ownerId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  for (const code of codes) {
    const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
    await q.query(
      "insert into owner_recovery_codes (id, owner_id, salt, code_hash) values ($1, $2, $3, $4)",
      [Bun.randomUUIDv7(), ownerId, salt, hashOf(salt, normalized(code))],
    );
  }
  return codes;
}

/** Uses one of the owner's unused codes; false when none matches (or it was used a moment ago). */
export async function useRecoveryCode(q: Queryable, ownerId: string, typed: string): Promise<boolean> {
  const code = normalized(typed);
  if (!/^[a-z2-9]{16}$/.test(code)) return false;
  const rows = await q.query<{ id: string; salt: string; code_hash: string }>(
    "select id::text as id, salt, code_hash from owner_recovery_codes where owner_id = $1 and used_at is null",
    [ownerId],
  );
  // Every row is hashed and compared, found or not: the time taken says nothing of which matched.
  let match: string | undefined;
  for (const row of rows) if (sameSecret(hashOf(row.salt, code), row.code_hash)) match ??= row.id;
  if (!match) return false;
  const used = await q.query(
    "update owner_recovery_codes set used_at = now() where id = $1 and used_at is null returning 1",
    [match],
  );
  return used.length > 0;
}

/** Unused codes left: the Account page says so, and suggests renewing when few are. */
export async function recoveryCodesLeft(q: Queryable, ownerId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    "select count(*)::int as n from owner_recovery_codes where owner_id = $1 and used_at is null",
    [ownerId],
  );
  return row?.n ?? 0;
}
