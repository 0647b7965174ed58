// The rule for owner passwords: 12 to 256 characters, not a common one. Hashed with argon2id (Bun.password).
import { COMMON_PASSWORDS, isTrivialPassword } from "./common-passwords.ts";

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem = "too_short" | "too_long" | "common";

/** @example passwordProblem("password1234") // "common" */
export function passwordProblem(password: string): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "too_short";
  if (length > PASSWORD_MAX_LENGTH) return "too_long";
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || isTrivialPassword(password)) return "common";
  return undefined;
}

export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

/** Verified against this when the email is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  decoyHash ??= hashPassword("decoy password that matches nothing");
  const matches = await Bun.password.verify(password, hash ?? (await decoyHash));
  return hash !== null && matches;
}
