// The Integrations page: routes behind the session guard, every query scoped by the session's account. Every post
// answers with a redirect to the page (POST-redirect-GET): a reload repeats nothing, a secret is shown once.
import { Elysia } from "elysia";
import {
  cooldownAuditTarget,
  cooldownHoursOf,
  readCallCooldown,
  setAccountCallCooldown,
} from "../../core/accounts/call-cooldown-setting.ts";
import { DEFAULT_TOKEN_SCOPE, isTokenScope } from "../../core/accounts/channel-token.ts";
import { readTokenSettings, setIntakeGuard, setReadsAllChannels } from "../../core/accounts/intake-guard.ts";
import {
  createAccountToken,
  findAccountToken,
  isRollExpiry,
  listAccountTokens,
  type NameProblem,
  renameAccountToken,
  revokeAccountToken,
  rollAccountToken,
} from "../../core/accounts/token-service.ts";
import { DEFAULT_CALL_COOLDOWN_HOURS } from "../../core/leads/call-cooldown.ts";
import { auditedPageChange } from "../kit/audit.ts";
import type { MessageKey } from "../kit/dictionary.ts";
import { field } from "../kit/form.ts";
import { INTEGRATIONS_PATH } from "../kit/navigation.ts";
import { type ConsoleNotice, redirectWithNotice, takePageNotice } from "../kit/notices.ts";
import {
  type ConsoleDeps,
  notFoundPage,
  type OwnerContext,
  ownerPage,
  sensitivePage,
} from "../kit/owner-guard.ts";
import { htmlPage, isHtmx } from "../kit/page-response.ts";
import { COOLDOWN_PATH } from "./cooldown-section.tsx";
import { CreateSection, IntegrationsPage, type IntegrationsPageProps } from "./integrations-page.tsx";
import {
  type ActionPageProps,
  actionPageProps,
  RenamePage,
  RevokePage,
  RollPage,
} from "./token-action-pages.tsx";
import { TokenSettingsPage } from "./token-settings-page.tsx";

const NAME_MESSAGES: Record<NameProblem, MessageKey> = {
  name_required: "integrations.name.required",
  name_too_long: "integrations.name.tooLong",
};

const TOKEN_PATH = "/console/integrations/tokens/:id";
const idOf = (ctx: OwnerContext) => ctx.params.id ?? "";

export function integrationsPage(deps: ConsoleDeps) {
  const { db } = deps;

  async function fullPage(
    ctx: OwnerContext,
    create: IntegrationsPageProps["create"],
    status = 200,
    confirmation?: string,
    cooldownSent?: { sent: string; error: string },
  ) {
    const [tokens, hours] = await Promise.all([
      listAccountTokens(db, ctx.session.accountId),
      readCallCooldown(db, ctx.session.accountId),
    ]);
    const cooldown = { hours: hours ?? DEFAULT_CALL_COOLDOWN_HOURS, ...cooldownSent };
    const html = IntegrationsPage({
      ...ctx,
      tokens,
      now: new Date(),
      create,
      confirmation,
      cooldown,
    }) as string;
    return htmlPage(ctx.state, html, { status });
  }

  /** What the notice a post left shows on the page: the new secret, or a confirmation line. */
  function shownNotice(ctx: OwnerContext, notice: ConsoleNotice | undefined) {
    const baseUrl = ctx.origin.origin;
    switch (notice?.kind) {
      case "token-created":
        return { create: { created: { name: notice.name, token: notice.token, baseUrl } } };
      case "token-rolled":
        return { create: { created: { ...notice, baseUrl } } };
      case "token-renamed":
        return { create: {}, confirmation: ctx.t("integrations.renamed", notice) };
      case "token-revoked":
        return { create: {}, confirmation: ctx.t("integrations.revoked", notice) };
      case "token-settings-saved":
        return { create: {}, confirmation: ctx.t("integrations.settingsSaved", notice) };
      case "cooldown-saved":
        return {
          create: {},
          confirmation:
            notice.hours === 0
              ? ctx.t("integrations.cooldown.off")
              : ctx.t("integrations.cooldown.saved", { hours: notice.hours }),
        };
      default:
        return { create: {} };
    }
  }

  /** The token of the route's id in the session's account, or the 404 page (another account's token too). */
  async function withToken(
    ctx: OwnerContext,
    id: string,
    then: (token: { id: string; name: string }) => Response | Promise<Response>,
  ) {
    const token = await findAccountToken(db, ctx.session.accountId, id);
    return token ? await then(token) : notFoundPage(ctx);
  }

  /** The GET of a token's action page (rename, revoke, roll): the page for this account's token, else 404. */
  const tokenActionPage = (page: (props: ActionPageProps) => JSX.Element) =>
    ownerPage(deps, (ctx) =>
      withToken(ctx, idOf(ctx), (token) => htmlPage(ctx.state, page(actionPageProps(ctx, token)) as string)),
    );

  /** The POST of a token's action: runs for this account's token, else the 404 page. */
  const tokenActionPost = (
    then: (ctx: OwnerContext, token: { id: string; name: string }) => Response | Promise<Response>,
    options: { sensitive?: boolean } = {},
  ) => ownerPage(deps, (ctx) => withToken(ctx, idOf(ctx), (token) => then(ctx, token)), options);

  /** Revoke and roll ask for the password again after 10 minutes (rename does not). */
  const SENSITIVE = { sensitive: true };

  const done = (ctx: OwnerContext, notice: ConsoleNotice) =>
    redirectWithNotice(db, ctx, INTEGRATIONS_PATH, notice);

  return new Elysia({ name: "integrations-page" })
    .get(
      INTEGRATIONS_PATH,
      ownerPage(deps, async (ctx) => {
        const shown = shownNotice(ctx, await takePageNotice(db, ctx));
        return await fullPage(ctx, shown.create, 200, shown.confirmation);
      }),
    )
    .post(
      "/console/integrations/tokens",
      sensitivePage(deps, async (ctx) => {
        const name = field(ctx.form, "name");
        // Without a choice (a form posted by a script), the CLI's default; anything else is refused.
        const scope = field(ctx.form, "scope") || DEFAULT_TOKEN_SCOPE;
        const result = isTokenScope(scope)
          ? await auditedPageChange(
              deps,
              ctx,
              "token.created",
              (db) => createAccountToken(db, ctx.session.accountId, name, scope),
              (created) => (created.ok ? name.trim() : undefined),
            )
          : { ok: false as const, code: "scope_invalid" as const };
        if (result.ok) {
          return await done(ctx, { kind: "token-created", name: name.trim(), token: result.token });
        }
        const create =
          result.code === "scope_invalid"
            ? { name, scope, scopeError: ctx.t("integrations.scope.invalid") }
            : result.code === "too_many_tokens"
              ? { name, scope, nameError: ctx.t("integrations.tooManyTokens") }
              : { name, scope, nameError: ctx.t(NAME_MESSAGES[result.code]) };
        if (!isHtmx(ctx.request)) return await fullPage(ctx, create, 422);
        // htmx: the create section in place, with the error beside the field.
        const section = CreateSection({
          t: ctx.t,
          lang: ctx.lang,
          csrf: ctx.owner.csrf,
          ...create,
        }) as string;
        return htmlPage(ctx.state, section, { status: 422 });
      }),
      { parse: "none" },
    )
    .post(
      COOLDOWN_PATH,
      // Turning it off reopens call bombing through every page's token: the password again after 10 minutes.
      sensitivePage(deps, async (ctx) => {
        const sent = field(ctx.form, "hours");
        const hours = cooldownHoursOf(sent);
        if (hours === undefined) {
          const error = ctx.t("integrations.cooldown.invalid");
          return await fullPage(ctx, {}, 422, undefined, { sent, error });
        }
        await auditedPageChange(
          deps,
          ctx,
          "cooldown.changed",
          (tx) => setAccountCallCooldown(tx, ctx.session.accountId, hours),
          () => cooldownAuditTarget(hours),
        );
        return await done(ctx, { kind: "cooldown-saved", hours });
      }),
      { parse: "none" },
    )
    .get(`${TOKEN_PATH}/rename`, tokenActionPage(RenamePage))
    .post(
      `${TOKEN_PATH}/rename`,
      tokenActionPost(async (ctx, token) => {
        const name = field(ctx.form, "name");
        const result = await renameAccountToken(db, ctx.session.accountId, token.id, name);
        if (result.ok) return await done(ctx, { kind: "token-renamed", from: token.name, to: name.trim() });
        if (result.code === "not_found" || result.code === "not_active") return notFoundPage(ctx);
        const html = RenamePage({
          ...actionPageProps(ctx, token),
          name,
          error: ctx.t(NAME_MESSAGES[result.code]),
        });
        return htmlPage(ctx.state, html as string, { status: 422 });
      }),
      { parse: "none" },
    )
    .get(`${TOKEN_PATH}/revoke`, tokenActionPage(RevokePage))
    .post(
      `${TOKEN_PATH}/revoke`,
      tokenActionPost(async (ctx, token) => {
        const result = await auditedPageChange(
          deps,
          ctx,
          "token.revoked",
          (db) => revokeAccountToken(db, ctx.session.accountId, token.id),
          (revoked) => (revoked.ok ? token.name : undefined),
        );
        if (!result.ok) return notFoundPage(ctx);
        return await done(ctx, { kind: "token-revoked", name: token.name });
      }, SENSITIVE),
      { parse: "none" },
    )
    .get(
      `${TOKEN_PATH}/settings`,
      tokenActionPost(async (ctx, token) => {
        const settings = (await readTokenSettings(db, ctx.session.accountId, token.id))!;
        return htmlPage(ctx.state, TokenSettingsPage({ ...actionPageProps(ctx, token), settings }) as string);
      }),
    )
    .post(
      `${TOKEN_PATH}/settings`,
      tokenActionPost(async (ctx, token) => {
        const accountId = ctx.session.accountId;
        const settings = (await readTokenSettings(db, accountId, token.id))!;
        if (settings.scope === "read") {
          await setReadsAllChannels(db, accountId, token.id, field(ctx.form, "reads_all_channels") === "on");
          return await done(ctx, { kind: "token-settings-saved", name: token.name });
        }
        // Origins separated by spaces, commas or lines, as an owner pastes them.
        const sent = { honeypot: field(ctx.form, "honeypot"), origins: field(ctx.form, "origins") };
        const origins = sent.origins.split(/[\s,]+/).filter(Boolean);
        const result = await setIntakeGuard(db, accountId, token.id, {
          botCheckRequired: field(ctx.form, "bot_check") === "on",
          honeypotField: sent.honeypot.trim() || null,
          allowedOrigins: origins.length > 0 ? origins : null,
        });
        if (result.ok) return await done(ctx, { kind: "token-settings-saved", name: token.name });
        if (result.code === "not_found" || result.code === "not_intake") return notFoundPage(ctx);
        const error =
          result.code === "honeypot_invalid"
            ? { field: "honeypot" as const, text: ctx.t("integrations.settings.honeypot.invalid") }
            : { field: "origins" as const, text: ctx.t("integrations.settings.origins.invalid") };
        const html = TokenSettingsPage({ ...actionPageProps(ctx, token), settings, sent, error }) as string;
        return htmlPage(ctx.state, html, { status: 422 });
      }),
      { parse: "none" },
    )
    .get(`${TOKEN_PATH}/roll`, tokenActionPage(RollPage))
    .post(
      `${TOKEN_PATH}/roll`,
      tokenActionPost(async (ctx, token) => {
        const expiry = field(ctx.form, "expiry");
        const invalid = (key: MessageKey) =>
          htmlPage(ctx.state, RollPage({ ...actionPageProps(ctx, token), error: ctx.t(key) }) as string, {
            status: 422,
          });
        if (!isRollExpiry(expiry)) return invalid("integrations.rollPage.expiryInvalid");
        const result = await auditedPageChange(
          deps,
          ctx,
          "token.rolled",
          (db) => rollAccountToken(db, ctx.session.accountId, token.id, expiry),
          (rolled) => (rolled.ok ? rolled.name : undefined),
        );
        if (!result.ok)
          return result.code === "not_found" ? notFoundPage(ctx) : invalid("integrations.rollPage.notActive");
        return await done(ctx, {
          kind: "token-rolled",
          name: result.name,
          token: result.token,
          oldExpiresAt: new Date(result.oldExpiresAt).toISOString(),
        });
      }, SENSITIVE),
      { parse: "none" },
    );
}
