// The guarded password check every form that asks for a password goes through (sign-in, accepting an invitation
// as an existing owner, re-confirmation). The order is the defence: a free argon2 slot (else 429 at once; a known
// device may take the reserved one), then the attempt taken in the database (else 429 until the lock ends), and
// only then the password check.
import { recordAudit } from "../../core/accounts/audit-log.ts";
import { findOwnerCredentials, type OwnerCredentials } from "../../core/accounts/owner-repository.ts";
import { verifyPassword } from "../../core/accounts/password-policy.ts";
import { PASSWORD_BUSY_RETRY_SECONDS } from "../../core/accounts/password-work.ts";
import { attemptSucceeded, type ThrottleKeys, takeAttempt } from "../../core/accounts/sign-in-throttle.ts";
import { trustedDeviceKey } from "../../core/accounts/trusted-devices.ts";
import type { ConsoleDeps, PageContext } from "../kit/owner-guard.ts";
import { deviceSecret } from "./browser-cookies.ts";

export type PasswordCheck =
  | { ok: true; owner: OwnerCredentials & { password_hash: string }; knownDevice: boolean }
  | { ok: false; status: 401 | 429; error: string; retryAfterSeconds?: number; locked?: boolean };

export async function checkPassword(
  deps: ConsoleDeps,
  ctx: PageContext,
  email: string,
  password: string,
): Promise<PasswordCheck> {
  // Looked up only when the browser brings a device cookie: a flood without one costs no query here.
  const device = await trustedDeviceKey(deps.db, deviceSecret(ctx), email);
  const release = deps.passwordWork.tryAcquire({ known: device !== undefined });
  if (!release) {
    deps.signInAttempts.inc({ result: "busy" });
    return {
      ok: false,
      status: 429,
      error: ctx.t("signIn.busy"),
      retryAfterSeconds: PASSWORD_BUSY_RETRY_SECONDS,
    };
  }
  try {
    const keys: ThrottleKeys = device ? { device, email } : { email, address: ctx.origin.clientAddress };
    const attempt = await takeAttempt(deps.db, keys);
    if (!attempt.allowed) {
      deps.signInAttempts.inc({ result: "throttled" });
      const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
      const error = ctx.t("signIn.throttled", { minutes });
      return { ok: false, status: 429, error, retryAfterSeconds: attempt.retryAfterSeconds, locked: true };
    }
    const owner = await findOwnerCredentials(deps.db, email);
    // Same answer, and the same argon2 work, for an unknown email or a wrong password.
    const valid = await verifyPassword(password, owner?.password_hash ?? null);
    if (!owner?.password_hash || !valid) {
      deps.signInAttempts.inc({ result: "wrong" });
      // Rows of a person (or of an address typed): bounded by the argon2 slots and the throttle, one lock row per lock.
      const who = { actorId: owner?.id, actorEmail: email, clientAddress: ctx.origin.clientAddress };
      await recordAudit(deps.db, { action: "sign_in.failed", ...who }, deps.logger);
      if (attempt.locks) await recordAudit(deps.db, { action: "sign_in.locked", ...who }, deps.logger);
      return { ok: false, status: 401, error: ctx.t("signIn.failed") };
    }
    await attemptSucceeded(deps.db, keys);
    return {
      ok: true,
      owner: { ...owner, password_hash: owner.password_hash },
      knownDevice: device !== undefined,
    };
  } finally {
    release();
  }
}
