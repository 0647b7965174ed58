// The session guard of console pages: resolves the owner's session, checks CSRF on every form post, and hands the
// page handler everything it needs (language, translator, owner, account, form). Pages never read cookies themselves.

import type { Counter } from "prom-client";
import type { PasswordWork } from "../../core/accounts/password-work.ts";
import { findSession, type OwnerSession } from "../../core/accounts/session-store.ts";
import type { Mailer } from "../../core/accounts/smtp-mailer.ts";
import type { EvidenceKeyRef } from "../../core/evidence/evidence-signing-key.ts";
import type { Database } from "../../db/database.ts";
import type { Language } from "../../http/language.ts";
import { type RequestState, requestState } from "../../http/request-state.ts";
import type { Logger } from "../../logger.ts";
import { readCookie } from "./cookies.ts";
import { csrfAccepted, csrfTokenFor } from "./csrf.ts";
import { type Translate, translator } from "./dictionary.ts";
import { readForm } from "./form.ts";
import type { SignedInOwner } from "./layout.tsx";
import { MessagePage, type MessagePageProps } from "./message-page.tsx";
import { ACCOUNT_PATH, CONSOLE_HOME, consolePathOrNull } from "./navigation.ts";
import { pageLanguage } from "./page-language.ts";
import { htmlPage, redirectTo, servedOverHttps } from "./page-response.ts";
import { type RequestOrigin, requestOrigin } from "./request-origin.ts";

export const SESSION_COOKIE = "stl_session";
export const SIGN_IN_PATH = "/console/sign-in";

export interface ConsoleDeps {
  db: Database;
  logger: Logger;
  /** TRUST_PROXY: X-Forwarded-Proto and X-Forwarded-For count. */
  trustProxy: boolean;
  /** Signs the lead evidence records the inbox offers for download. */
  evidenceKey: EvidenceKeyRef;
  /** PUBLIC_URL: the base of links the console hands out or mails (never taken from a request's Host when set). */
  publicUrl?: string;
  /** SMTP_URL's mailer: "forgot password" mails a link; absent, the page says whom to ask. */
  mailer?: Mailer;
  /** The console's clock (ms since the epoch): re-confirmation's age is measured by it, so tests can fix it. */
  clock: () => number;
  /** AUDIT_RETENTION_DAYS: how long audit rows are kept, said on the Audit page. */
  auditRetentionDays: number;
  /** The argon2 slots of this process (PASSWORD_CHECKS_AT_ONCE): sign-in and set-password take one. */
  passwordWork: PasswordWork;
  /** Counts sign-ins by result (GET /metrics): what a flood or a guessing run did. */
  signInAttempts: Pick<Counter<"result">, "inc">;
}

/** What a console request knows before any page logic runs. */
export interface PageContext {
  request: Request;
  state: RequestState;
  lang: Language;
  t: Translate;
  path: string;
  origin: RequestOrigin;
  /** Over HTTPS (the request's, or PUBLIC_URL's behind a TLS-terminating proxy): `__Host-` cookies, Secure. */
  secureCookies: boolean;
  /** The route's parameters, e.g. { id } of /console/integrations/tokens/:id/rename. */
  params: Record<string, string>;
}

export interface OwnerContext extends PageContext {
  session: OwnerSession;
  /** For the layout: who is signed in, and the CSRF token every form must carry. */
  owner: SignedInOwner;
  /** The posted form (already read for the CSRF check); empty on GET. */
  form: URLSearchParams;
  /** The session cookie's secret: seals the one-time notices of POST-redirect-GET. */
  sessionSecret: string;
}

export interface RouteArgs {
  request: Request;
  params?: Record<string, string>;
}

export function pageContext(deps: ConsoleDeps, { request, params }: RouteArgs): PageContext {
  const state = requestState(request);
  const lang = pageLanguage(request);
  state.language = lang;
  const url = new URL(request.url);
  const origin = requestOrigin(request, deps.trustProxy);
  if (deps.publicUrl?.startsWith("https://")) servedOverHttps(state);
  return {
    request,
    state,
    lang,
    t: translator(lang),
    path: url.pathname + url.search,
    origin,
    secureCookies: origin.https || deps.publicUrl?.startsWith("https://") === true,
    params: params ?? {},
  };
}

/** A message page (title, paragraph, link) in the page's language with `status`; `owner` shows the navigation. */
export function messageResponse(
  ctx: PageContext,
  status: number,
  message: Pick<MessagePageProps, "title" | "body" | "link" | "owner">,
): Response {
  const html = MessagePage({ lang: ctx.lang, t: ctx.t, path: ctx.path, ...message }) as string;
  return htmlPage(ctx.state, html, { status });
}

/** 403 in the page's language: a form without its CSRF token, or from another origin. */
export function forbiddenPage(ctx: PageContext, owner?: SignedInOwner): Response {
  return messageResponse(ctx, 403, {
    owner,
    title: ctx.t("error.forbidden.title"),
    body: ctx.t("error.forbidden.body"),
    link: { href: CONSOLE_HOME, label: ctx.t("error.back") },
  });
}

/** 404 in the page's language: also the answer for another account's objects. */
export function notFoundPage(ctx: OwnerContext): Response {
  return messageResponse(ctx, 404, {
    owner: ctx.owner,
    title: ctx.t("error.notFound.title"),
    body: ctx.t("error.notFound.body"),
    link: { href: CONSOLE_HOME, label: ctx.t("error.back") },
  });
}

/** The sign-in page, asked to return to a page a signed-out owner opened (GETs only: a post is not replayed). */
function signInPathFor(ctx: PageContext): string {
  const back = ctx.request.method === "GET" ? consolePathOrNull(ctx.path) : null;
  return back && back !== CONSOLE_HOME ? `${SIGN_IN_PATH}?next=${encodeURIComponent(back)}` : SIGN_IN_PATH;
}

/** CR, LF or another control character in a query value: no link of ours has one, and a header must never get it. */
export const queryHasControlCharacters = (request: Request) =>
  [...new URL(request.url).searchParams.values()].some((value) => /[\u0000-\u001f\u007f-\u009f]/.test(value));

/** 400 in the page's language for such a query. */
export function badQueryPage(ctx: PageContext): Response {
  return messageResponse(ctx, 400, {
    title: ctx.t("guard.badQuery.title"),
    body: ctx.t("guard.badQuery.body"),
    link: { href: CONSOLE_HOME, label: ctx.t("error.back") },
  });
}

/** A sensitive change asks for the password again once the session's last confirmation is older than this. */
const RECONFIRM_AFTER_MS = 10 * 60 * 1000;
export const CONFIRM_PATH = "/console/confirm";

/**
 * Where a post that needs a fresh confirmation is sent: the confirmation page, then back to the page the form was on
 * (its Referer when a console path of this origin, else the console's start).
 */
function confirmPathFor(ctx: PageContext): string {
  const referer = ctx.request.headers.get("referer");
  const from = referer?.startsWith(`${ctx.origin.origin}/`) ? referer.slice(ctx.origin.origin.length) : null;
  const back = consolePathOrNull(from) ?? CONSOLE_HOME;
  return `${CONFIRM_PATH}?next=${encodeURIComponent(back)}`;
}

/**
 * Wraps a page handler behind the session: a control character in the query → 400; no session → the sign-in
 * page; a post without a valid CSRF token or from another origin → 403; `sensitive: true`, a post whose session
 * last confirmed the password more than 10 minutes ago → the confirmation page (nothing is changed); an account
 * that requires a second factor the owner lacks → the Account page, unless `enrolment: true` (the pages that set it
 * up, confirm, choose an account or sign out). `upload: true`
 * for the one kind of route that takes a file: only there is a multipart body read.
 *
 * @example .get("/console/inbox", ownerPage(deps, (ctx) => htmlPage(ctx.state, InboxPage({...}) as string)))
 */
export function ownerPage(
  deps: ConsoleDeps,
  handler: (ctx: OwnerContext) => Response | Promise<Response>,
  options: { upload?: boolean; sensitive?: boolean; enrolment?: boolean } = {},
) {
  return async (args: RouteArgs): Promise<Response> => {
    const ctx = pageContext(deps, args);
    if (queryHasControlCharacters(ctx.request)) return badQueryPage(ctx);
    const secret = readCookie(ctx, SESSION_COOKIE);
    const session = secret ? await findSession(deps.db, secret) : undefined;
    if (!secret || !session) return redirectTo(ctx.state, ctx.request, signInPathFor(ctx));
    const owner = {
      email: session.email,
      accountSlug: session.accountSlug,
      csrf: csrfTokenFor(secret),
      severalAccounts: session.accounts > 1,
    };
    let form = new URLSearchParams();
    if (ctx.request.method !== "GET" && ctx.request.method !== "HEAD") {
      form = await readForm(ctx.request, options);
      if (!csrfAccepted(ctx.request, form, secret, ctx.origin.origin)) return forbiddenPage(ctx, owner);
      if (options.sensitive && deps.clock() - new Date(session.confirmedAt).getTime() > RECONFIRM_AFTER_MS)
        return redirectTo(ctx.state, ctx.request, confirmPathFor(ctx));
    }
    // The account requires a second factor this owner has not set up: nothing else until they do.
    if (session.secondFactorMissing && !options.enrolment)
      return redirectTo(ctx.state, ctx.request, `${ACCOUNT_PATH}?required=1`);
    return await handler({ ...ctx, session, owner, form, sessionSecret: secret });
  };
}

/** `ownerPage` for a change that asks for the password again after 10 minutes (invite, remove, tokens, do-not-call removal). */
export const sensitivePage = (
  deps: ConsoleDeps,
  handler: (ctx: OwnerContext) => Response | Promise<Response>,
  options: { enrolment?: boolean } = {},
) => ownerPage(deps, handler, { sensitive: true, ...options });

/** `ownerPage` for the one kind of route that takes a file: only there is a multipart body read. */
export const uploadPage = (deps: ConsoleDeps, handler: (ctx: OwnerContext) => Response | Promise<Response>) =>
  ownerPage(deps, handler, { upload: true });
