// Signing an owner in, whichever way they proved who they are (password, sign-in link, invitation): a new session
// id (never one the browser brought), the pre-session cookie dropped, a new device secret; then the account chooser
// for an owner of several accounts, else the page asked for before signing in.

import { recordAudit } from "../../core/accounts/audit-log.ts";
import { createSession, endSession, KEPT_ABSOLUTE_SECONDS } from "../../core/accounts/session-store.ts";
import { trustDevice, trustedDeviceKey } from "../../core/accounts/trusted-devices.ts";
import { readCookie, writeCookie } from "../kit/cookies.ts";
import { ACCOUNTS_PATH, CONSOLE_HOME, consolePathOrNull } from "../kit/navigation.ts";
import { type ConsoleDeps, type PageContext, SESSION_COOKIE } from "../kit/owner-guard.ts";
import { mailTo } from "../kit/owner-mail.ts";
import { redirectTo } from "../kit/page-response.ts";
import { deviceSecret, newDevice, PRE_SESSION_COOKIE } from "./browser-cookies.ts";

export interface SignedInAs {
  ownerId: string;
  email: string;
  accountId: string;
  /** How many accounts the owner belongs to. */
  accounts: number;
  /** "Keep me signed in" was ticked: 12 h idle, 30 days at most. */
  keep?: boolean;
  /** How they proved who they are, for the audit row. */
  method: "password" | "link" | "invitation";
}

export async function startSession(deps: ConsoleDeps, ctx: PageContext, who: SignedInAs, next?: string) {
  const known = await trustedDeviceKey(deps.db, deviceSecret(ctx), who.email);
  await recordAudit(
    deps.db,
    {
      action: "sign_in.succeeded",
      accountId: who.accountId,
      actorId: who.ownerId,
      actorEmail: who.email,
      target: who.method,
      clientAddress: ctx.origin.clientAddress,
    },
    deps.logger,
  );
  // A browser that never signed in as this person: they are told, with where from, in case it was not them.
  if (!known)
    mailTo(deps, ctx, [who.email], {
      subject: "signIn.mail.newBrowser.subject",
      body: "signIn.mail.newBrowser.body",
      params: { email: who.email, address: ctx.origin.clientAddress, at: new Date().toISOString() },
    });
  const previous = readCookie(ctx, SESSION_COOKIE);
  if (previous) await endSession(deps.db, previous);
  const secret = await createSession(deps.db, who.ownerId, who.accountId, {
    confirmedAt: new Date(deps.clock()),
    keep: who.keep,
    clientAddress: ctx.origin.clientAddress,
    userAgent: ctx.request.headers.get("user-agent") ?? undefined,
  });
  // Minted here, never adopted from the browser: a sibling subdomain could have planted one.
  const device = newDevice(ctx);
  await trustDevice(deps.db, device.secret, who.ownerId);
  const then = consolePathOrNull(next) ?? CONSOLE_HOME;
  const target = who.accounts > 1 ? `${ACCOUNTS_PATH}?next=${encodeURIComponent(then)}` : then;
  return redirectTo(ctx.state, ctx.request, target, [
    // Without "keep me signed in", a browser session cookie: closing the browser ends it there too.
    writeCookie(ctx, SESSION_COOKIE, secret, who.keep ? { maxAge: KEPT_ABSOLUTE_SECONDS } : {}),
    writeCookie(ctx, PRE_SESSION_COOKIE, "", { maxAge: 0 }),
    device.cookie,
  ]);
}
