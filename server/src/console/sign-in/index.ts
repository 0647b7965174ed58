// The owner's way in: sign-in, the set-password page of a sign-in link, sign-out. Sessions live in the database.
import { Elysia } from "elysia";
import { findOwnerCredentials, normalizeEmail } from "../../core/accounts/owner-repository.ts";
import {
  hashPassword,
  type PasswordProblem,
  passwordProblem,
  verifyPassword,
} from "../../core/accounts/password-policy.ts";
import { PASSWORD_BUSY_RETRY_SECONDS } from "../../core/accounts/password-work.ts";
import {
  createSession,
  endSession,
  findSession,
  SESSION_ABSOLUTE_SECONDS,
} from "../../core/accounts/session-store.ts";
import { peekSignInLink, redeemSignInLink, SIGN_IN_LINK_PATH } from "../../core/accounts/sign-in-links.ts";
import { attemptSucceeded, type ThrottleKeys, takeAttempt } from "../../core/accounts/sign-in-throttle.ts";
import { trustDevice, trustedDeviceKey } from "../../core/accounts/trusted-devices.ts";
import { retryAfterHeader } from "../../http/respond.ts";
import { parseCookies, setCookie } from "../kit/cookies.ts";
import { csrfAccepted, csrfTokenFor } from "../kit/csrf.ts";
import type { MessageKey } from "../kit/dictionary.ts";
import { field, readPreSessionForm } from "../kit/form.ts";
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
import {
  deviceForSignIn,
  deviceSecret,
  PRE_SESSION_COOKIE,
  preSession,
  preSessionSecret,
} from "./browser-cookies.ts";
import { SetPasswordPage } from "./set-password-page.tsx";
import { SignInPage } from "./sign-in-page.tsx";

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

const PASSWORD_MESSAGES: Record<PasswordProblem, MessageKey> = {
  too_short: "password.tooShort",
  too_long: "password.tooLong",
  common: "password.common",
  personal: "password.personal",
  keyboard: "password.keyboard",
  repeated: "password.repeated",
};

/**
 * Signs the owner in: a new session id (never one the browser brought), the pre-session cookie dropped, and
 * this browser remembered as the owner's device (its own sign-in allowance from now on); then the page the owner
 * asked for before signing in (`next`, a console path only), else the console's start.
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
  const device = deviceForSignIn(ctx);
  await trustDevice(deps.db, device.secret, ownerId);
  const secure = ctx.origin.https;
  return redirectTo(ctx.state, ctx.request, consolePathOrNull(next) ?? CONSOLE_HOME, [
    setCookie(SESSION_COOKIE, secret, { secure, maxAge: SESSION_ABSOLUTE_SECONDS }),
    setCookie(PRE_SESSION_COOKIE, "", { secure, maxAge: 0 }),
    device.cookie,
  ]);
}

function linkInvalidPage(ctx: PageContext): Response {
  return messageResponse(ctx, 410, {
    title: ctx.t("link.invalid.title"),
    body: ctx.t("link.invalid.body"),
    link: { href: SIGN_IN_PATH, label: ctx.t("signIn.title") },
  });
}

/** 415 for a body that is not urlencoded, 413 past 16 KiB: a page that says so, in the page's language. */
function refusedFormPage(ctx: PageContext, status: 413 | 415): Response {
  const kind = status === 413 ? "tooLarge" : "badForm";
  return messageResponse(ctx, status, {
    title: ctx.t(`guard.${kind}.title`),
    body: ctx.t(`guard.${kind}.body`),
    link: { href: SIGN_IN_PATH, label: ctx.t("signIn.title") },
  });
}

/** The set-password form a sign-in link opens, again with `errors` beside the fields after a refused post. */
function setPasswordForm(
  ctx: PageContext,
  status: number,
  csrf: string,
  props: { email: string; link: string; errors?: { password?: string; confirm?: string } },
  options: { cookies?: string[]; headers?: Record<string, string> } = {},
): Response {
  const html = SetPasswordPage({ lang: ctx.lang, t: ctx.t, path: ctx.path, csrf, ...props }) as string;
  return htmlPage(ctx.state, html, { status, ...options });
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
    headers?: Record<string, string>,
  ) => {
    const pre = preSession(ctx);
    const html = SignInPage({
      lang: ctx.lang,
      t: ctx.t,
      path: ctx.path,
      csrf: csrfTokenFor(pre.secret),
      ...props,
    });
    return htmlPage(ctx.state, html as string, { status, cookies: pre.cookies, headers });
  };

  /**
   * The order is the defence: a free argon2 slot (else 429 at once; a known device may take the reserved
   * one), then the attempt taken in the database (else 429 until the lock ends), and only then the password check.
   */
  async function signIn(args: RouteArgs): Promise<Response> {
    const ctx = pageContext(deps, args);
    const read = await readPreSessionForm(ctx.request);
    if (!read.ok) return refusedFormPage(ctx, read.status);
    const form = read.form;
    if (!csrfAccepted(ctx.request, form, preSessionSecret(ctx), ctx.origin.origin)) return forbiddenPage(ctx);
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
    // Looked up only when the browser brings a device cookie: a flood without one costs no query here.
    const device = await trustedDeviceKey(deps.db, deviceSecret(ctx), email);
    const release = deps.passwordWork.tryAcquire({ known: device !== undefined });
    if (!release) {
      deps.signInAttempts.inc({ result: "busy" });
      const busy = { form: ctx.t("signIn.busy") };
      return signInForm(
        ctx,
        429,
        { email, next, errors: busy },
        retryAfterHeader(PASSWORD_BUSY_RETRY_SECONDS),
      );
    }
    try {
      const keys: ThrottleKeys = device ? { device, email } : { email, address: ctx.origin.clientAddress };
      const attempt = await takeAttempt(deps.db, keys);
      if (!attempt.allowed) {
        deps.signInAttempts.inc({ result: "throttled" });
        const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
        const locked = { form: ctx.t("signIn.throttled", { minutes }) };
        return signInForm(
          ctx,
          429,
          { email, next, errors: locked },
          retryAfterHeader(attempt.retryAfterSeconds),
        );
      }
      const owner = await findOwnerCredentials(deps.db, email);
      // Same answer, and the same argon2 work, for an unknown email, a wrong password or a disabled owner.
      const valid = await verifyPassword(password, owner?.password_hash ?? null);
      if (!owner || !valid || !owner.account_id) {
        deps.signInAttempts.inc({ result: "wrong" });
        return signInForm(ctx, 401, { email, next, errors: { form: ctx.t("signIn.failed") } });
      }
      deps.signInAttempts.inc({ result: "signed_in" });
      await attemptSucceeded(deps.db, keys);
      return await startSession(deps, ctx, owner.id, owner.account_id, next);
    } finally {
      release();
    }
  }

  async function setPassword(args: RouteArgs): Promise<Response> {
    const ctx = pageContext(deps, args);
    const read = await readPreSessionForm(ctx.request);
    if (!read.ok) return refusedFormPage(ctx, read.status);
    const form = read.form;
    const pre = preSessionSecret(ctx);
    if (!csrfAccepted(ctx.request, form, pre, ctx.origin.origin)) return forbiddenPage(ctx);
    const link = field(form, "link");
    const found = await peekSignInLink(deps.db, link);
    if (!found) return linkInvalidPage(ctx);
    const password = form.get("password") ?? "";
    const confirm = form.get("confirm") ?? "";
    const problem = password ? await passwordProblem(password, found.email) : undefined;
    const errors = {
      password: !password ? ctx.t("form.required") : problem ? ctx.t(PASSWORD_MESSAGES[problem]) : undefined,
      confirm: !problem && password && confirm !== password ? ctx.t("password.mismatch") : undefined,
    };
    const again = (
      status: number,
      shown: { password?: string; confirm?: string },
      headers?: Record<string, string>,
    ) =>
      setPasswordForm(
        ctx,
        status,
        csrfTokenFor(pre!),
        { email: found.email, link, errors: shown },
        { headers },
      );
    if (errors.password || errors.confirm) return again(422, errors);
    const release = deps.passwordWork.tryAcquire();
    if (!release)
      return again(429, { password: ctx.t("signIn.busy") }, retryAfterHeader(PASSWORD_BUSY_RETRY_SECONDS));
    let passwordHash: string;
    try {
      passwordHash = await hashPassword(password);
    } finally {
      release();
    }
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
        { cookies: pre.cookies },
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
