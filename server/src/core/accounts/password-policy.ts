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

export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

/** Verified against this when the email is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  decoyHash ??= hashPassword("decoy password that matches nothing");
  const matches = await Bun.password.verify(password, hash ?? (await decoyHash));
  return hash !== null && matches;
}
