// The second step of signing in: the challenge cookie names a sign-in whose password (or link) was right; a code of
// the owner's app, one of their recovery codes or one of their passkeys opens the session. Five wrong codes end the challenge; ten in a row
// lock the owner's factor for 15 minutes (totp-factor.ts), whichever challenge they came through.
import { Elysia } from "elysia";
import { recordAudit } from "../../core/accounts/audit-log.ts";
import { authenticationOptions, usePasskey } from "../../core/accounts/passkeys.ts";
import { endChallenge, findChallenge } from "../../core/accounts/second-factor-challenges.ts";
import { hashSecret } from "../../core/accounts/secret.ts";
import { readCookie } from "../kit/cookies.ts";
import { csrfAccepted, csrfTokenFor } from "../kit/csrf.ts";
import { readPreSessionForm } from "../kit/form.ts";
import {
  type ConsoleDeps,
  forbiddenPage,
  type PageContext,
  pageContext,
  type RouteArgs,
  SIGN_IN_PATH,
} from "../kit/owner-guard.ts";
import { mailTo } from "../kit/owner-mail.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { refusedFormPage } from "./refused-form.ts";
import { relyingParty } from "./relying-party.ts";
import { checkSecondFactor, type SecondFactorCheck } from "./second-factor-check.ts";
import { SecondFactorPage } from "./second-factor-page.tsx";
import { CHALLENGE_COOKIE, SECOND_FACTOR_PATH, startSession } from "./session-start.ts";

/** A passkey's challenge at sign-in is kept on the sign-in's own row. */
const holderOf = (secret: string) =>
  ({ table: "second_factor_challenges", idHash: hashSecret(secret) }) as const;

export function secondFactorPages(deps: ConsoleDeps) {
  /** The page, with fresh passkey options when the owner has passkeys (each challenge is taken once). */
  async function page(ctx: PageContext, secret: string, ownerId: string, status = 200, error?: string) {
    const options = await authenticationOptions(deps.db, relyingParty(deps, ctx), ownerId, holderOf(secret));
    const props = { lang: ctx.lang, t: ctx.t, path: ctx.path, csrf: csrfTokenFor(secret), error };
    const html = SecondFactorPage({ ...props, passkeyOptions: options && JSON.stringify(options) }) as string;
    return htmlPage(ctx.state, html, { status });
  }
  /** No live challenge (expired, used up, never made): sign in again with the password. */
  const restart = (ctx: PageContext) => redirectTo(ctx.state, ctx.request, `${SIGN_IN_PATH}?code-expired=1`);

  async function post(args: RouteArgs): Promise<Response> {
    const ctx = pageContext(deps, args);
    const read = await readPreSessionForm(ctx.request);
    if (!read.ok) return refusedFormPage(ctx, read.status);
    const secret = readCookie(ctx, CHALLENGE_COOKIE);
    if (!secret) return restart(ctx);
    if (!csrfAccepted(ctx.request, read.form, secret, ctx.origin.origin)) return forbiddenPage(ctx);
    const challenge = await findChallenge(deps.db, secret, { attempt: true });
    if (!challenge) return restart(ctx);
    const credential = read.form.get("credential") ?? "";
    const code = read.form.get("code") ?? "";
    if (!code.trim() && !credential)
      return await page(ctx, secret, challenge.ownerId, 422, ctx.t("form.required"));
    const checked: SecondFactorCheck = credential
      ? (await usePasskey(deps.db, relyingParty(deps, ctx), challenge.ownerId, holderOf(secret), credential))
        ? { ok: true, kind: "passkey" }
        : { ok: false, error: "passkey.failed", status: 401 }
      : await checkSecondFactor(deps, challenge.ownerId, code);
    if (!checked.ok) {
      deps.signInAttempts.inc({ result: "wrong" });
      const who = { actorId: challenge.ownerId, actorEmail: challenge.email };
      // A right code used a second time is logged as such and the owner told: it may have been read over a shoulder.
      const target = checked.replayed ? "second_factor_replayed" : "second_factor";
      await recordAudit(
        deps.db,
        { action: "sign_in.failed", ...who, target, clientAddress: ctx.origin.clientAddress },
        deps.logger,
      );
      if (checked.replayed)
        mailTo(deps, ctx, [challenge.email], {
          subject: "secondFactor.mail.replayed.subject",
          body: "secondFactor.mail.replayed.body",
          params: { email: challenge.email, address: ctx.origin.clientAddress },
        });
      return await page(ctx, secret, challenge.ownerId, checked.status, ctx.t(checked.error));
    }
    await endChallenge(deps.db, secret);
    deps.signInAttempts.inc({ result: "signed_in" });
    if (checked.kind === "recovery_code")
      mailTo(deps, ctx, [challenge.email], {
        subject: "secondFactor.mail.recoveryUsed.subject",
        body: "secondFactor.mail.recoveryUsed.body",
        params: { email: challenge.email, address: ctx.origin.clientAddress },
      });
    const who = { ...challenge, secondFactor: checked.kind };
    return await startSession(deps, ctx, who, challenge.next);
  }

  return new Elysia({ name: "second-factor-pages" })
    .get(SECOND_FACTOR_PATH, async (args) => {
      const ctx = pageContext(deps, args);
      const secret = readCookie(ctx, CHALLENGE_COOKIE);
      const challenge = await findChallenge(deps.db, secret);
      if (!secret || !challenge) return restart(ctx);
      return await page(ctx, secret, challenge.ownerId);
    })
    .post(SECOND_FACTOR_PATH, post, { parse: "none" });
}
