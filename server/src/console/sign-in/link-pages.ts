// What a link opens at /console/link/<secret>: a sign-in link (set a password), or an invitation of one account —
// a new address sets a password, an existing person signs in with their own to accept (an invitation never lets
// its holder choose the password of someone who has one). Opening only looks; posting uses the link, once.
import { Elysia } from "elysia";
import { recordAudit } from "../../core/accounts/audit-log.ts";
import { acceptInvitation, type InvitationView, peekInvitation } from "../../core/accounts/invitations.ts";
import { findOwnerCredentials } from "../../core/accounts/owner-repository.ts";
import { hashPassword, type PasswordProblem, passwordProblem } from "../../core/accounts/password-policy.ts";
import { PASSWORD_BUSY_RETRY_SECONDS } from "../../core/accounts/password-work.ts";
import { peekSignInLink, redeemSignInLink, SIGN_IN_LINK_PATH } from "../../core/accounts/sign-in-links.ts";
import { retryAfterHeader } from "../../http/respond.ts";
import { csrfAccepted, csrfTokenFor } from "../kit/csrf.ts";
import type { MessageKey } from "../kit/dictionary.ts";
import { field, readPreSessionForm } from "../kit/form.ts";
import {
  type ConsoleDeps,
  forbiddenPage,
  messageResponse,
  type PageContext,
  pageContext,
  type RouteArgs,
  SIGN_IN_PATH,
} from "../kit/owner-guard.ts";
import { mailTo } from "../kit/owner-mail.ts";
import { htmlPage } from "../kit/page-response.ts";
import { preSession, preSessionSecret } from "./browser-cookies.ts";
import { JoinPage } from "./join-page.tsx";
import { checkPassword } from "./password-check.ts";
import { refusedFormPage } from "./refused-form.ts";
import { beginSignIn } from "./session-start.ts";
import { SetPasswordPage } from "./set-password-page.tsx";

/** What each password problem says beside the field (here and on the Account page's password change). */
export const PASSWORD_MESSAGES: Record<PasswordProblem, MessageKey> = {
  too_short: "password.tooShort",
  too_long: "password.tooLong",
  common: "password.common",
  personal: "password.personal",
  keyboard: "password.keyboard",
  repeated: "password.repeated",
};

/** A link that still works: a sign-in link, or a pending invitation. */
type LinkTarget = { kind: "sign-in"; email: string } | ({ kind: "invitation" } & InvitationView);

async function linkTarget(deps: ConsoleDeps, secret: string): Promise<LinkTarget | undefined> {
  const signIn = await peekSignInLink(deps.db, secret);
  if (signIn) return { kind: "sign-in", email: signIn.email };
  const invitation = await peekInvitation(deps.db, secret);
  return invitation ? { kind: "invitation", ...invitation } : undefined;
}

function linkInvalidPage(ctx: PageContext): Response {
  return messageResponse(ctx, 410, {
    title: ctx.t("link.invalid.title"),
    body: ctx.t("link.invalid.body"),
    link: { href: SIGN_IN_PATH, label: ctx.t("signIn.title") },
  });
}

interface FormOptions {
  cookies?: string[];
  headers?: Record<string, string>;
}

/** The page of a link: the join form for an existing person's invitation, else the set-password form. */
function linkForm(
  ctx: PageContext,
  status: number,
  csrf: string,
  target: LinkTarget,
  link: string,
  errors: { password?: string; confirm?: string } = {},
  options: FormOptions = {},
): Response {
  const common = { lang: ctx.lang, t: ctx.t, path: ctx.path, csrf, email: target.email, link, errors };
  const account = target.kind === "invitation" ? target.accountSlug : undefined;
  const html =
    target.kind === "invitation" && target.passwordHash
      ? JoinPage({ ...common, account: target.accountSlug })
      : SetPasswordPage({ ...common, account });
  return htmlPage(ctx.state, html as string, { status, ...options });
}

export function linkPages(deps: ConsoleDeps) {
  /** The audit row and the mail of a new password: the person learns of it whoever set it. */
  async function passwordChanged(ctx: PageContext, ownerId: string, email: string) {
    const event = { action: "password.changed" as const, actorId: ownerId, actorEmail: email };
    await recordAudit(deps.db, { ...event, clientAddress: ctx.origin.clientAddress }, deps.logger);
    const params = { email, address: ctx.origin.clientAddress };
    mailTo(deps, ctx, [email], {
      subject: "password.mail.changed.subject",
      body: "password.mail.changed.body",
      params,
    });
  }

  /** A new member of the invitation's account, signed in to it. */
  async function joined(ctx: PageContext, email: string, accepted: { ownerId: string; accountId: string }) {
    const event = {
      action: "invitation.accepted" as const,
      accountId: accepted.accountId,
      actorId: accepted.ownerId,
    };
    await recordAudit(
      deps.db,
      { ...event, actorEmail: email, target: email, clientAddress: ctx.origin.clientAddress },
      deps.logger,
    );
    return await beginSignIn(deps, ctx, { ...accepted, email, accounts: 1, method: "invitation" });
  }

  /** An existing person accepts an invitation with their own password, through the sign-in guard. */
  async function join(ctx: PageContext, csrf: string, target: LinkTarget, link: string, password: string) {
    const again = (status: number, error: string, headers?: Record<string, string>) =>
      linkForm(ctx, status, csrf, target, link, { password: error }, { headers });
    if (!password) return again(422, ctx.t("form.required"));
    const checked = await checkPassword(deps, ctx, target.email, password);
    if (!checked.ok)
      return again(
        checked.status,
        checked.error,
        checked.retryAfterSeconds ? retryAfterHeader(checked.retryAfterSeconds) : undefined,
      );
    const accepted = await acceptInvitation(deps.db, link, { verifiedHash: checked.owner.password_hash });
    if (!accepted.ok) return linkInvalidPage(ctx);
    deps.signInAttempts.inc({ result: "signed_in" });
    return await joined(ctx, target.email, accepted);
  }

  async function usePost(args: RouteArgs): Promise<Response> {
    const ctx = pageContext(deps, args);
    const read = await readPreSessionForm(ctx.request);
    if (!read.ok) return refusedFormPage(ctx, read.status);
    const form = read.form;
    const pre = preSessionSecret(ctx);
    if (!csrfAccepted(ctx.request, form, pre, ctx.origin.origin)) return forbiddenPage(ctx);
    const csrf = csrfTokenFor(pre!);
    const link = field(form, "link");
    const target = await linkTarget(deps, link);
    if (!target) return linkInvalidPage(ctx);
    const password = form.get("password") ?? "";
    if (target.kind === "invitation" && target.passwordHash)
      return await join(ctx, csrf, target, link, password);

    const confirm = form.get("confirm") ?? "";
    const problem = password ? await passwordProblem(password, target.email) : undefined;
    const errors = {
      password: !password ? ctx.t("form.required") : problem ? ctx.t(PASSWORD_MESSAGES[problem]) : undefined,
      confirm: !problem && password && confirm !== password ? ctx.t("password.mismatch") : undefined,
    };
    const again = (status: number, shown: typeof errors, headers?: Record<string, string>) =>
      linkForm(ctx, status, csrf, target, link, shown, { headers });
    if (errors.password || errors.confirm) return again(422, errors);
    const release = deps.passwordWork.tryAcquire();
    if (!release)
      return again(
        429,
        { password: ctx.t("signIn.busy"), confirm: undefined },
        retryAfterHeader(PASSWORD_BUSY_RETRY_SECONDS),
      );
    let passwordHash: string;
    try {
      passwordHash = await hashPassword(password);
    } finally {
      release();
    }
    if (target.kind === "invitation") {
      const accepted = await acceptInvitation(deps.db, link, { newPasswordHash: passwordHash });
      // Someone set this address's password a moment ago (another invitation): it now asks for that password.
      if (!accepted.ok && accepted.code === "password_changed") {
        const now = await linkTarget(deps, link);
        return now ? linkForm(ctx, 409, csrf, now, link) : linkInvalidPage(ctx);
      }
      if (!accepted.ok) return linkInvalidPage(ctx);
      // A first password (the address had none): nothing changed that the person had before.
      return await joined(ctx, target.email, accepted);
    }
    const signedIn = await redeemSignInLink(deps.db, link, passwordHash);
    const owner = signedIn ? await findOwnerCredentials(deps.db, target.email) : undefined;
    if (!owner?.account_id) return linkInvalidPage(ctx);
    await passwordChanged(ctx, owner.id, target.email);
    const who = {
      ownerId: owner.id,
      email: target.email,
      accountId: owner.account_id,
      accounts: owner.accounts,
    };
    return await beginSignIn(deps, ctx, { ...who, method: "link" });
  }

  return new Elysia({ name: "link-pages" })
    .get(`${SIGN_IN_LINK_PATH}/:link`, async (args) => {
      const ctx = pageContext(deps, args);
      // Only looked at, not used: link scanners in mail clients open links too.
      const target = await linkTarget(deps, args.params.link);
      if (!target) return linkInvalidPage(ctx);
      const pre = preSession(ctx);
      // The link must not leak through Referer: Referrer-Policy same-origin, and the path is not echoed.
      return linkForm(
        ctx,
        200,
        csrfTokenFor(pre.secret),
        target,
        args.params.link,
        {},
        { cookies: pre.cookies },
      );
    })
    .post(SIGN_IN_LINK_PATH, usePost, { parse: "none" });
}
