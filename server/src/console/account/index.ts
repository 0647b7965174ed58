// The Account page's routes: set up the authenticator app (a first code confirms it and shows the recovery codes
// once), add and remove passkeys, renew the codes, remove the app, and the account's "require a second factor".
// Every change asks for a recent confirmation, is an audit row and is mailed (to the owner; the account setting to
// every owner).
import { Elysia } from "elysia";
import QRCode from "qrcode";
import { type AuditAction, auditedChange } from "../../core/accounts/audit-log.ts";
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
} from "../../core/accounts/passkeys.ts";
import { recoveryCodesLeft, renewRecoveryCodes } from "../../core/accounts/recovery-codes.ts";
import { requireSecondFactor, secondFactorRequired } from "../../core/accounts/second-factor-requirement.ts";
import { hashSecret } from "../../core/accounts/secret.ts";
import {
  checkTotp,
  hasSecondFactor,
  hasTotp,
  pendingTotp,
  removeTotp,
} from "../../core/accounts/totp-factor.ts";
import type { Database } from "../../db/database.ts";
import { auditedPageChange } from "../kit/audit.ts";
import type { MessageKey } from "../kit/dictionary.ts";
import { field } from "../kit/form.ts";
import { ACCOUNT_PATH } from "../kit/navigation.ts";
import {
  type ConsoleDeps,
  notFoundPage,
  type OwnerContext,
  ownerPage,
  sensitivePage,
} from "../kit/owner-guard.ts";
import { mailAccountOwners, mailTo } from "../kit/owner-mail.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { relyingParty } from "../sign-in/relying-party.ts";
import { AccountPage, type AccountPageProps } from "./account-page.tsx";
import { changePassword, PASSWORD_PATH } from "./password-change.tsx";

/** Every route here stays open while the account requires a factor the owner lacks: this is where they set it up. */
const ENROLMENT = { enrolment: true };

const NOTICES: Record<string, MessageKey> = {
  required: "account.notice.required",
  removed: "account.notice.removed",
  "require-on": "account.notice.requireOn",
  "require-off": "account.notice.requireOff",
  "require-refused": "account.notice.requireRefused",
  "passkey-added": "account.notice.passkeyAdded",
  password: "account.notice.password",
  "passkey-removed": "account.notice.passkeyRemoved",
};

export function accountPage(deps: ConsoleDeps) {
  async function render(ctx: OwnerContext, extra: Partial<AccountPageProps> = {}, status = 200) {
    const ownerId = ctx.session.ownerId;
    const totp = await hasTotp(deps.db, ownerId);
    const pending = totp ? undefined : await pendingTotp(deps.db, ownerId, ctx.session.email);
    const enrolment = pending && {
      ...pending,
      qrSvg: await QRCode.toString(pending.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
    };
    const passkeyOptions = await registrationOptions(deps.db, relyingParty(deps, ctx), {
      id: ownerId,
      email: ctx.session.email,
      sessionHash: hashSecret(ctx.sessionSecret),
    });
    const notice = NOTICES[new URL(ctx.request.url).searchParams.get("done") ?? ""];
    const html = AccountPage({
      ...ctx,
      totp,
      recoveryCodesLeft: (await hasSecondFactor(deps.db, ownerId))
        ? await recoveryCodesLeft(deps.db, ownerId)
        : undefined,
      enrolment,
      passkeys: await listPasskeys(deps.db, ownerId),
      passkeyOptions: passkeyOptions && JSON.stringify(passkeyOptions),
      required: await secondFactorRequired(deps.db, ctx.session.accountId),
      notice: notice ? ctx.t(notice, { account: ctx.session.accountSlug }) : undefined,
      ...extra,
    }) as string;
    return htmlPage(ctx.state, html, { status });
  }

  /**
   * The owner's own change with its audit row (of their person: shown to each of their accounts) in one
   * transaction, then a mail to them. `targetOf` names what changed from the result; undefined: nothing did.
   */
  async function ownChange<T>(
    ctx: OwnerContext,
    action: AuditAction,
    body: MessageKey,
    change: (db: Database) => Promise<T>,
    targetOf: (result: T) => string | undefined,
  ): Promise<T> {
    const { ownerId, email } = ctx.session;
    let target: string | undefined;
    const result = await auditedChange(
      deps.db,
      change,
      (done) => {
        target = targetOf(done);
        const row = { action, actorId: ownerId, actorEmail: email, target };
        return target === undefined ? undefined : { ...row, clientAddress: ctx.origin.clientAddress };
      },
      deps.logger,
    );
    if (target !== undefined)
      mailTo(deps, ctx, [email], {
        subject: "secondFactor.mail.changed.subject",
        body,
        params: { email, address: ctx.origin.clientAddress, name: target },
      });
    return result;
  }

  const done = (ctx: OwnerContext, what: string) =>
    redirectTo(ctx.state, ctx.request, `${ACCOUNT_PATH}?done=${what}`);

  return new Elysia({ name: "account-page" })
    .get(
      ACCOUNT_PATH,
      ownerPage(deps, (ctx) => render(ctx), ENROLMENT),
    )
    .post(
      `${ACCOUNT_PATH}/second-factor`,
      sensitivePage(
        deps,
        async (ctx) => {
          const code = field(ctx.form, "code");
          if (!code) return await render(ctx, { error: ctx.t("form.required") }, 422);
          const { ownerId, email } = ctx.session;
          const codes = await ownChange(
            ctx,
            "second_factor.enabled",
            "secondFactor.mail.enabled.body",
            async (db) => {
              const checked = await checkTotp(db, ownerId, code, deps.clock(), { enrolling: true });
              return checked.ok ? await renewRecoveryCodes(db, ownerId) : undefined;
            },
            (made) => (made ? email : undefined),
          );
          if (!codes) return await render(ctx, { error: ctx.t("secondFactor.wrong") }, 422);
          return await render(ctx, { newCodes: codes, notice: ctx.t("account.notice.enabled") });
        },
        ENROLMENT,
      ),
      { parse: "none" },
    )
    .post(
      `${ACCOUNT_PATH}/recovery-codes`,
      sensitivePage(
        deps,
        async (ctx) => {
          const { ownerId, email } = ctx.session;
          const codes = await ownChange(
            ctx,
            "second_factor.codes_renewed",
            "secondFactor.mail.codesRenewed.body",
            async (db) =>
              (await hasSecondFactor(db, ownerId)) ? await renewRecoveryCodes(db, ownerId) : undefined,
            (made) => (made ? email : undefined),
          );
          if (!codes) return done(ctx, "");
          return await render(ctx, { newCodes: codes, notice: ctx.t("account.notice.renewed") });
        },
        ENROLMENT,
      ),
      { parse: "none" },
    )
    .post(
      `${ACCOUNT_PATH}/second-factor/remove`,
      sensitivePage(
        deps,
        async (ctx) => {
          await ownChange(
            ctx,
            "second_factor.disabled",
            "secondFactor.mail.disabled.body",
            (db) => removeTotp(db, ctx.session.ownerId),
            (removed) => (removed ? ctx.session.email : undefined),
          );
          return done(ctx, "removed");
        },
        ENROLMENT,
      ),
      { parse: "none" },
    )
    .post(
      `${ACCOUNT_PATH}/passkeys`,
      sensitivePage(
        deps,
        async (ctx) => {
          const ownerId = ctx.session.ownerId;
          const name = field(ctx.form, "name") || ctx.t("passkey.defaultName");
          const owner = { id: ownerId, sessionHash: hashSecret(ctx.sessionSecret) };
          const credential = ctx.form.get("credential") ?? "";
          const added = await ownChange(
            ctx,
            "passkey.added",
            "secondFactor.mail.passkeyAdded.body",
            async (db) => {
              const hadFactor = await hasSecondFactor(db, ownerId);
              if (!(await addPasskey(db, relyingParty(deps, ctx), owner, credential, name))) return undefined;
              // A first factor: recovery codes come with it, shown once.
              return { codes: hadFactor ? undefined : await renewRecoveryCodes(db, ownerId) };
            },
            (result) => (result ? name : undefined),
          );
          if (!added) return await render(ctx, { passkeyError: ctx.t("passkey.refused") }, 422);
          const codes = added.codes;
          if (!codes) return done(ctx, "passkey-added");
          return await render(ctx, { newCodes: codes, notice: ctx.t("account.notice.passkeyAdded") });
        },
        ENROLMENT,
      ),
      { parse: "none" },
    )
    .post(
      `${ACCOUNT_PATH}/passkeys/:id/remove`,
      sensitivePage(
        deps,
        async (ctx) => {
          const name = await ownChange(
            ctx,
            "passkey.removed",
            "secondFactor.mail.passkeyRemoved.body",
            (db) => removePasskey(db, ctx.session.ownerId, ctx.params.id ?? ""),
            (removed) => removed,
          );
          if (name === undefined) return notFoundPage(ctx);
          return done(ctx, "passkey-removed");
        },
        ENROLMENT,
      ),
      { parse: "none" },
    )
    .post(
      PASSWORD_PATH,
      ownerPage(deps, async (ctx) => {
        const changed = await changePassword(deps, ctx);
        if (!changed.ok) return await render(ctx, { passwordErrors: changed.errors }, changed.status);
        return done(ctx, "password");
      }),
      { parse: "none" },
    )
    .post(
      `${ACCOUNT_PATH}/require`,
      sensitivePage(deps, async (ctx) => {
        const on = field(ctx.form, "require") === "yes";
        // Only an owner with a factor may require one: else they would lock themselves into enrolment.
        if (on && !(await hasSecondFactor(deps.db, ctx.session.ownerId))) return done(ctx, "require-refused");
        const changed = await auditedPageChange(
          deps,
          ctx,
          "account.second_factor_required",
          (db) => requireSecondFactor(db, ctx.session.accountId, on),
          (set) => (set ? (on ? "on" : "off") : undefined),
        );
        if (!changed) return done(ctx, on ? "require-on" : "require-off");
        await mailAccountOwners(deps, ctx, ctx.session.accountId, {
          subject: "secondFactor.mail.required.subject",
          body: on ? "secondFactor.mail.requiredOn.body" : "secondFactor.mail.requiredOff.body",
          params: { account: ctx.session.accountSlug, email: ctx.session.email },
        });
        return done(ctx, on ? "require-on" : "require-off");
      }),
      { parse: "none" },
    );
}
