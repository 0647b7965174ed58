// The owner's way in: sign-in, the set-password page of a sign-in link, sign-out. Sessions live in the database.
import { Elysia } from "elysia";
import { findOwnerCredentials, normalizeEmail } from "../../core/accounts/owner-repository.ts";
import {
  hashPassword,
  type PasswordProblem,
  passwordProblem,
  verifyPassword,
} from "../../core/accounts/password-policy.ts";
import { hasSecretShape, newSecret } from "../../core/accounts/secret.ts";
import {
  createSession,
  endSession,
  findSession,
  SESSION_ABSOLUTE_SECONDS,
} from "../../core/accounts/session-store.ts";
import { peekSignInLink, redeemSignInLink, SIGN_IN_LINK_PATH } from "../../core/accounts/sign-in-links.ts";
import { clearFailures, lockedForSeconds, recordFailure } from "../../core/accounts/sign-in-throttle.ts";
import { parseCookies, setCookie } from "../kit/cookies.ts";
import { csrfAccepted, csrfTokenFor } from "../kit/csrf.ts";
import type { MessageKey } from "../kit/dictionary.ts";
import { field, readForm } from "../kit/form.ts";
import { CONSOLE_HOME, consolePathOrNull } from "../kit/navigation.ts";
import {
  type ConsoleDeps,
  forbiddenPage,
  messageResponse,
  ownerPage,
  type PageContext,
  pageContext,
  type RouteArgs,
  SESSION_COOKIE,
  SIGN_IN_PATH,
} from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { SetPasswordPage } from "./set-password-page.tsx";
import { SignInPage } from "./sign-in-page.tsx";

/** Before sign-in there is no session: this cookie's secret anchors the CSRF token of the sign-in forms. */
export const PRE_SESSION_COOKIE = "stl_presession";
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

const PASSWORD_MESSAGES: Record<PasswordProblem, MessageKey> = {
  too_short: "password.tooShort",
  too_long: "password.tooLong",
  common: "password.common",
};

/** The pre-session secret of this browser, made (with its Set-Cookie) when it has none. */
export function preSession(ctx: PageContext): { secret: string; cookies: string[] } {
  const existing = parseCookies(ctx.request.headers.get("cookie"))[PRE_SESSION_COOKIE];
  if (existing && hasSecretShape(existing)) return { secret: existing, cookies: [] };
  const secret = newSecret();
  return { secret, cookies: [setCookie(PRE_SESSION_COOKIE, secret, { secure: ctx.origin.https })] };
}

/**
 * Signs the owner in: a new session id (never one the browser brought), the pre-session cookie dropped; then the
 * page the owner asked for before signing in (`next`, a console path only), else the console's start.
 */
async function startSession(
  deps: ConsoleDeps,
  ctx: PageContext,
  ownerId: string,
  accountId: string,
  next?: string,
) {
  const previous = parseCookies(ctx.request.headers.get("cookie"))[SESSION_COOKIE];
  if (previous) await endSession(deps.db, previous);
  const secret = await createSession(deps.db, ownerId, accountId);
  const secure = ctx.origin.https;
  return redirectTo(ctx.state, ctx.request, consolePathOrNull(next) ?? CONSOLE_HOME, [
    setCookie(SESSION_COOKIE, secret, { secure, maxAge: SESSION_ABSOLUTE_SECONDS }),
    setCookie(PRE_SESSION_COOKIE, "", { secure, maxAge: 0 }),
  ]);
}

function linkInvalidPage(ctx: PageContext): Response {
  return messageResponse(ctx, 410, {
    title: ctx.t("link.invalid.title"),
    body: ctx.t("link.invalid.body"),
    link: { href: SIGN_IN_PATH, label: ctx.t("signIn.title") },
  });
}

/** The set-password form a sign-in link opens, again with `errors` beside the fields after a refused post. */
function setPasswordForm(
  ctx: PageContext,
  status: number,
  csrf: string,
  props: { email: string; link: string; errors?: { password?: string; confirm?: string } },
  cookies?: string[],
): Response {
  const html = SetPasswordPage({ lang: ctx.lang, t: ctx.t, path: ctx.path, csrf, ...props }) as string;
  return htmlPage(ctx.state, html, { status, cookies });
}

export function ownerPages(deps: ConsoleDeps) {
  const signInForm = (
    ctx: PageContext,
    status: number,
    props: {
      email?: string;
      errors?: { email?: string; password?: string; form?: string };
      notice?: string;
      next?: string;
    },
  ) => {
    const pre = preSession(ctx);
    const html = SignInPage({
      lang: ctx.lang,
      t: ctx.t,
      path: ctx.path,
      csrf: csrfTokenFor(pre.secret),
      ...props,
    });
    return htmlPage(ctx.state, html as string, { status, cookies: pre.cookies });
  };

  async function signIn(args: RouteArgs): Promise<Response> {
    const ctx = pageContext(deps, args);
    const form = await readForm(ctx.request);
    const pre = parseCookies(ctx.request.headers.get("cookie"))[PRE_SESSION_COOKIE];
    if (!csrfAccepted(ctx.request, form, pre, ctx.origin.origin)) return forbiddenPage(ctx);
    const email = normalizeEmail(field(form, "email"));
    const next = consolePathOrNull(field(form, "next")) ?? undefined;
    const password = form.get("password") ?? "";
    const errors = {
      email: !email
        ? ctx.t("form.required")
        : EMAIL_SHAPE.test(email)
          ? undefined
          : ctx.t("signIn.emailInvalid"),
      password: password ? undefined : ctx.t("form.required"),
    };
    if (errors.email || errors.password) return signInForm(ctx, 422, { email, errors, next });
    const keys = { email, address: ctx.origin.clientAddress };
    const lockedSeconds = await lockedForSeconds(deps.db, keys);
    if (lockedSeconds > 0) {
      const minutes = Math.max(1, Math.ceil(lockedSeconds / 60));
      return signInForm(ctx, 429, {
        email,
        next,
        errors: { form: ctx.t("signIn.throttled", { minutes }) },
      });
    }
    const owner = await findOwnerCredentials(deps.db, email);
    // Same answer, and the same argon2 work, for an unknown email, a wrong password or a disabled owner.
    const valid = await verifyPassword(password, owner?.password_hash ?? null);
    if (!owner || !valid || !owner.account_id) {
      await recordFailure(deps.db, keys);
      return signInForm(ctx, 401, { email, next, errors: { form: ctx.t("signIn.failed") } });
    }
    await clearFailures(deps.db, keys);
    return await startSession(deps, ctx, owner.id, owner.account_id, next);
  }

  async function setPassword(args: RouteArgs): Promise<Response> {
    const ctx = pageContext(deps, args);
    const form = await readForm(ctx.request);
    const pre = parseCookies(ctx.request.headers.get("cookie"))[PRE_SESSION_COOKIE];
    if (!csrfAccepted(ctx.request, form, pre, ctx.origin.origin)) return forbiddenPage(ctx);
    const link = field(form, "link");
    const found = await peekSignInLink(deps.db, link);
    if (!found) return linkInvalidPage(ctx);
    const password = form.get("password") ?? "";
    const confirm = form.get("confirm") ?? "";
    const problem = password ? passwordProblem(password) : undefined;
    const errors = {
      password: !password ? ctx.t("form.required") : problem ? ctx.t(PASSWORD_MESSAGES[problem]) : undefined,
      confirm: !problem && password && confirm !== password ? ctx.t("password.mismatch") : undefined,
    };
    if (errors.password || errors.confirm) {
      return setPasswordForm(ctx, 422, csrfTokenFor(pre!), { email: found.email, link, errors });
    }
    const passwordHash = await hashPassword(password);
    const signedIn = await redeemSignInLink(deps.db, link, passwordHash);
    const owner = signedIn ? await findOwnerCredentials(deps.db, found.email) : undefined;
    if (!owner?.account_id) return linkInvalidPage(ctx);
    return await startSession(deps, ctx, owner.id, owner.account_id);
  }

  return new Elysia({ name: "owner-pages" })
    .get(SIGN_IN_PATH, async (args) => {
      const ctx = pageContext(deps, args);
      const secret = parseCookies(ctx.request.headers.get("cookie"))[SESSION_COOKIE];
      const search = new URL(ctx.request.url).searchParams;
      const next = consolePathOrNull(search.get("next")) ?? undefined;
      if (secret && (await findSession(deps.db, secret)))
        return redirectTo(ctx.state, ctx.request, next ?? CONSOLE_HOME);
      const signedOut = search.get("signed-out") === "1";
      return signInForm(ctx, 200, { next, notice: signedOut ? ctx.t("signOut.done") : undefined });
    })
    .post(SIGN_IN_PATH, signIn, { parse: "none" })
    .get(`${SIGN_IN_LINK_PATH}/:link`, async (args) => {
      const ctx = pageContext(deps, args);
      // Only looked at, not used: link scanners in mail clients open links too.
      const found = await peekSignInLink(deps.db, args.params.link);
      if (!found) return linkInvalidPage(ctx);
      const pre = preSession(ctx);
      // The link must not leak through Referer: Referrer-Policy same-origin, and the path is not echoed.
      return setPasswordForm(
        ctx,
        200,
        csrfTokenFor(pre.secret),
        { email: found.email, link: args.params.link },
        pre.cookies,
      );
    })
    .post(SIGN_IN_LINK_PATH, setPassword, { parse: "none" })
    .post(
      "/console/sign-out",
      ownerPage(deps, async (ctx) => {
        const secret = parseCookies(ctx.request.headers.get("cookie"))[SESSION_COOKIE];
        if (secret) await endSession(deps.db, secret);
        const cleared = setCookie(SESSION_COOKIE, "", { secure: ctx.origin.https, maxAge: 0 });
        return redirectTo(ctx.state, ctx.request, `${SIGN_IN_PATH}?signed-out=1`, [cleared]);
      }),
      { parse: "none" },
    );
}
