// The rule for owner passwords: 12 to 256 characters, hard to guess (password-strength.ts). Hashed with argon2id
// (Bun.password), each hash or verification through the bounded pool of password-work.ts.
import { type WeakPassword, weakPassword } from "./password-strength.ts";

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem = "too_short" | "too_long" | WeakPassword;

/** @example await passwordProblem("password1234", "ana@acme.example") // "common" */
export async function passwordProblem(password: string, email: string): Promise<PasswordProblem | undefined> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "too_short";
  if (length > PASSWORD_MAX_LENGTH) return "too_long";
  return await weakPassword(password, email);
}

/** argon2id at 64 MiB and two passes (Bun's defaults, said here so a test can hold them). */
export const PASSWORD_HASH_COST = { memoryCost: 65_536, timeCost: 2 } as const;

let hashCost: { memoryCost: number; timeCost: number } = PASSWORD_HASH_COST;

/**
 * For tests in one process only (server/src/testing/cheap-password-hashes.ts): argon2id at its lowest cost, 1.5 ms
 * instead of 150 ms of CPU. A hash names its own cost, so verification reads either; a server process never
 * calls this.
 */
export function lowerPasswordHashCostForTests(): void {
  hashCost = { memoryCost: 1_024, timeCost: 1 };
}

export const hashPassword = (password: string) =>
  Bun.password.hash(password, { algorithm: "argon2id", ...hashCost });

/** Verified against this when the email is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  decoyHash ??= hashPassword("decoy password that matches nothing");
  const matches = await Bun.password.verify(password, hash ?? (await decoyHash));
  return hash !== null && matches;
}
