// Checks what an owner typed as their second factor: six digits are a code of their app, anything else a recovery
// code. Shared by sign-in and re-confirmation; wrong answers of both kinds count towards the factor's lock.
import { useRecoveryCode } from "../../core/accounts/recovery-codes.ts";
import { checkTotp, secondFactorFailed, secondFactorLocked } from "../../core/accounts/totp-factor.ts";
import type { MessageKey } from "../kit/dictionary.ts";
import type { ConsoleDeps } from "../kit/owner-guard.ts";

export type SecondFactorCheck =
  | { ok: true; kind: "totp" | "recovery_code" | "passkey" }
  | { ok: false; error: MessageKey; status: 401 | 429; replayed?: boolean };

const LOCKED = { ok: false, error: "secondFactor.locked", status: 429 } as const;
const WRONG = { ok: false, error: "secondFactor.wrong", status: 401 } as const;

export async function checkSecondFactor(
  deps: Pick<ConsoleDeps, "db" | "clock">,
  ownerId: string,
  typed: string,
): Promise<SecondFactorCheck> {
  const code = typed.trim().slice(0, 64);
  if (/^\d{3}\s?\d{3}$/.test(code)) {
    const checked = await checkTotp(deps.db, ownerId, code, deps.clock());
    if (checked.ok) return { ok: true, kind: "totp" };
    if (checked.reason === "replayed") return { ...WRONG, replayed: true };
    return checked.reason === "locked" ? LOCKED : WRONG;
  }
  if (await secondFactorLocked(deps.db, ownerId)) return LOCKED;
  if (await useRecoveryCode(deps.db, ownerId, code)) return { ok: true, kind: "recovery_code" };
  await secondFactorFailed(deps.db, ownerId);
  return WRONG;
}
