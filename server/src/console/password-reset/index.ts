// "Forgot password?": with SMTP_URL, a single-use sign-in link mailed to an owner's address. The answer is the same
// whether or not the email belongs to an owner (the mail goes out after the answer, so timing says nothing either),
// and requests are throttled per address and per email. Without SMTP_URL the page says whom to ask.
import { Elysia } from "elysia";
import { addressNetworks } from "../../core/accounts/address-network.ts";
import { existingOwnerSignIn } from "../../core/accounts/owner-access.ts";
import { normalizeEmail } from "../../core/accounts/owner-repository.ts";
import { takeResetMail } from "../../core/accounts/reset-mail-budget.ts";
import { createRateLimiter } from "../../http/token-bucket.ts";
import { describeError } from "../../logger.ts";
import { csrfAccepted, csrfTokenFor } from "../kit/csrf.ts";
import { field, readForm } from "../kit/form.ts";
import {
  type ConsoleDeps,
  forbiddenPage,
  messageResponse,
  type PageContext,
  pageContext,
} from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { preSession, preSessionSecret } from "../sign-in/browser-cookies.ts";
import { FORGOT_PATH, ForgotPage } from "./forgot-page.tsx";

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const HOUR = 3600;

export function passwordResetPages(deps: ConsoleDeps) {
  // Per client (IPv4 address, IPv6 /64): 10, then one every 6 minutes; per block (/24, /48): 50, then one a minute.
  // Per email: 3 mails an hour, in the database (takeResetMail), charged only when the client was allowed.
  const perAddress = createRateLimiter({ ratePerSecond: 10 / HOUR, burst: 10 });
  const perNetwork = createRateLimiter({ ratePerSecond: 60 / HOUR, burst: 50 });
  const canMail = deps.mailer !== undefined && deps.publicUrl !== undefined;

  const page = (
    ctx: PageContext,
    status: number,
    props: { sent?: boolean; email?: string; error?: string },
  ) => {
    const pre = preSession(ctx);
    const html = ForgotPage({ ...ctx, csrf: csrfTokenFor(pre.secret), canMail, ...props }) as string;
    return htmlPage(ctx.state, html, { status, cookies: pre.cookies });
  };

  async function mailLink(email: string, lang: PageContext["lang"], t: PageContext["t"]) {
    if (!deps.mailer || !deps.publicUrl) return;
    const found = await existingOwnerSignIn(deps.db, email, deps.publicUrl);
    if (!found) return;
    const link = found.link;
    await deps.mailer.send({
      to: email,
      subject: t("forgot.mail.subject"),
      text: t("forgot.mail.body", { link }),
    });
    deps.logger.info("password reset link mailed", { language: lang });
  }

  return new Elysia({ name: "password-reset-pages" })
    .get(FORGOT_PATH, (args) => {
      const ctx = pageContext(deps, args);
      return page(ctx, 200, { sent: new URL(ctx.request.url).searchParams.get("sent") === "1" });
    })
    .post(
      FORGOT_PATH,
      async (args) => {
        const ctx = pageContext(deps, args);
        const form = await readForm(ctx.request);
        if (!csrfAccepted(ctx.request, form, preSessionSecret(ctx), ctx.origin.origin))
          return forbiddenPage(ctx);
        if (!canMail) return page(ctx, 200, {});
        const email = normalizeEmail(field(form, "email"));
        if (!email) return page(ctx, 422, { email, error: ctx.t("form.required") });
        if (!EMAIL_SHAPE.test(email)) return page(ctx, 422, { email, error: ctx.t("signIn.emailInvalid") });
        const networks = addressNetworks(ctx.origin.clientAddress);
        // In order, each only when the one before allowed: a refused client spends nobody's email budget.
        const client = perAddress.take(networks.own);
        const block = client.allowed ? perNetwork.take(networks.wide) : client;
        const throttled = block.allowed ? await takeResetMail(deps.db, email) : block;
        if (!throttled.allowed) {
          const minutes = Math.max(1, Math.ceil(throttled.retryAfterSeconds / 60));
          return messageResponse(ctx, 429, {
            title: ctx.t("forgot.title"),
            body: ctx.t("forgot.throttled", { minutes }),
            link: { href: FORGOT_PATH, label: ctx.t("forgot.title") },
          });
        }
        // After the answer: an unknown email and a known one take the same time to answer.
        void mailLink(email, ctx.lang, ctx.t).catch((error) =>
          deps.logger.error("password reset mail failed", describeError(error)),
        );
        return redirectTo(ctx.state, ctx.request, `${FORGOT_PATH}?sent=1`);
      },
      { parse: "none" },
    );
}
