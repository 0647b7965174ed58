// The cookies a browser carries before and across sign-ins: the pre-session secret (the CSRF anchor of the sign-in
// forms) and the device cookie (OWASP): a browser that signed in as an owner keeps its own sign-in allowance.

import { hasSecretShape, newSecret } from "../../core/accounts/secret.ts";
import { DEVICE_SECONDS } from "../../core/accounts/trusted-devices.ts";
import { readCookie, writeCookie } from "../kit/cookies.ts";
import type { PageContext } from "../kit/owner-guard.ts";

export const PRE_SESSION_COOKIE = "stl_presession";
/** Kept at sign-out: it says "this browser signed in before", nothing more; its rows expire on their own. */
const DEVICE_COOKIE = "stl_device";

const cookieOf = (ctx: PageContext, name: string) => readCookie(ctx, name);

/** The pre-session secret of this browser, made (with its Set-Cookie) when it has none. */
export function preSession(ctx: PageContext): { secret: string; cookies: string[] } {
  const existing = cookieOf(ctx, PRE_SESSION_COOKIE);
  if (existing && hasSecretShape(existing)) return { secret: existing, cookies: [] };
  const secret = newSecret();
  return { secret, cookies: [writeCookie(ctx, PRE_SESSION_COOKIE, secret)] };
}

export const preSessionSecret = (ctx: PageContext) => cookieOf(ctx, PRE_SESSION_COOKIE);

/** This browser's device secret, when it brought a well-formed one. */
export function deviceSecret(ctx: PageContext): string | undefined {
  const value = cookieOf(ctx, DEVICE_COOKIE);
  return value && hasSecretShape(value) ? value : undefined;
}

/** A new device secret for a sign-in, with its Set-Cookie: the browser's own is never adopted. */
export function newDevice(ctx: PageContext): { secret: string; cookie: string } {
  const secret = newSecret();
  return {
    secret,
    cookie: writeCookie(ctx, DEVICE_COOKIE, secret, { maxAge: DEVICE_SECONDS }),
  };
}
