// Signing an owner in, whichever way they proved who they are (password, sign-in link, invitation): a new session
// id (never one the browser brought), the pre-session cookie dropped, a new device secret; then the account chooser
// for an owner of several accounts, else the page asked for before signing in.
import { createSession, endSession, SESSION_ABSOLUTE_SECONDS } from "../../core/accounts/session-store.ts";
import { trustDevice } from "../../core/accounts/trusted-devices.ts";
import { parseCookies, setCookie } from "../kit/cookies.ts";
import { ACCOUNTS_PATH, CONSOLE_HOME, consolePathOrNull } from "../kit/navigation.ts";
import { type ConsoleDeps, type PageContext, SESSION_COOKIE } from "../kit/owner-guard.ts";
import { redirectTo } from "../kit/page-response.ts";
import { newDevice, PRE_SESSION_COOKIE } from "./browser-cookies.ts";

export interface SignedInAs {
  ownerId: string;
  accountId: string;
  /** How many accounts the owner belongs to. */
  accounts: number;
}

export async function startSession(deps: ConsoleDeps, ctx: PageContext, who: SignedInAs, next?: string) {
  const previous = parseCookies(ctx.request.headers.get("cookie"))[SESSION_COOKIE];
  if (previous) await endSession(deps.db, previous);
  const secret = await createSession(deps.db, who.ownerId, who.accountId);
  // Minted here, never adopted from the browser: a sibling subdomain could have planted one.
  const device = newDevice(ctx);
  await trustDevice(deps.db, device.secret, who.ownerId);
  const secure = ctx.origin.https;
  const then = consolePathOrNull(next) ?? CONSOLE_HOME;
  const target = who.accounts > 1 ? `${ACCOUNTS_PATH}?next=${encodeURIComponent(then)}` : then;
  return redirectTo(ctx.state, ctx.request, target, [
    setCookie(SESSION_COOKIE, secret, { secure, maxAge: SESSION_ABSOLUTE_SECONDS }),
    setCookie(PRE_SESSION_COOKIE, "", { secure, maxAge: 0 }),
    device.cookie,
  ]);
}
