// The owner's way in: sign-in, sign-in links and invitations (link-pages.ts), the second factor, sign-out. Sessions live in the database.
import { Elysia } from "elysia";
import { normalizeEmail } from "../../core/accounts/owner-repository.ts";
import { endSession, findSession } from "../../core/accounts/session-store.ts";
import { retryAfterHeader } from "../../http/respond.ts";
import { readCookie, writeCookie } from "../kit/cookies.ts";
import { csrfAccepted, csrfTokenFor } from "../kit/csrf.ts";
import { field, readPreSessionForm } from "../kit/form.ts";
import { CONSOLE_HOME, consolePathOrNull } from "../kit/navigation.ts";
import {
  type ConsoleDeps,
  forbiddenPage,
  ownerPage,
  type PageContext,
  pageContext,
  type RouteArgs,
  SESSION_COOKIE,
  SIGN_IN_PATH,
} from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { preSession, preSessionSecret } from "./browser-cookies.ts";
import { linkPages } from "./link-pages.ts";
import { checkPassword } from "./password-check.ts";
import { refusedFormPage } from "./refused-form.ts";
import { secondFactorPages } from "./second-factor.ts";
import { beginSignIn } from "./session-start.ts";
import { SignInPage } from "./sign-in-page.tsx";

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

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

  /** The password is checked through checkPassword's guard (argon2 slot, then the throttle, then the check). */
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
    const checked = await checkPassword(deps, ctx, email, password);
    if (!checked.ok) {
      const headers = checked.retryAfterSeconds ? retryAfterHeader(checked.retryAfterSeconds) : undefined;
      return signInForm(ctx, checked.status, { email, next, errors: { form: checked.error } }, headers);
    }
    const { owner } = checked;
    if (!owner.account_id) {
      deps.signInAttempts.inc({ result: "wrong" });
      return signInForm(ctx, 401, { email, next, errors: { form: ctx.t("signIn.failed") } });
    }
    deps.signInAttempts.inc({ result: "signed_in" });
    const who = { ownerId: owner.id, email, accountId: owner.account_id, accounts: owner.accounts };
    const keep = field(form, "keep") === "yes";
    return await beginSignIn(deps, ctx, { ...who, keep, method: "password" }, next);
  }

  return new Elysia({ name: "owner-pages" })
    .get(SIGN_IN_PATH, async (args) => {
      const ctx = pageContext(deps, args);
      const secret = readCookie(ctx, SESSION_COOKIE);
      const search = new URL(ctx.request.url).searchParams;
      const next = consolePathOrNull(search.get("next")) ?? undefined;
      if (secret && (await findSession(deps.db, secret)))
        return redirectTo(ctx.state, ctx.request, next ?? CONSOLE_HOME);
      const notice =
        search.get("signed-out") === "1"
          ? ctx.t("signOut.done")
          : search.get("code-expired") === "1"
            ? ctx.t("secondFactor.signIn.expired")
            : undefined;
      return signInForm(ctx, 200, { next, notice });
    })
    .post(SIGN_IN_PATH, signIn, { parse: "none" })
    .use(linkPages(deps))
    .use(secondFactorPages(deps))
    .post(
      "/console/sign-out",
      ownerPage(
        deps,
        async (ctx) => {
          if (ctx.sessionSecret) await endSession(deps.db, ctx.sessionSecret);
          const cleared = writeCookie(ctx, SESSION_COOKIE, "", { maxAge: 0 });
          return redirectTo(ctx.state, ctx.request, `${SIGN_IN_PATH}?signed-out=1`, [cleared]);
        },
        { enrolment: true },
      ),
      { parse: "none" },
    );
}
