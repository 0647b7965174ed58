// The Integrations page: routes behind the session guard, every query scoped by the session's account.
import { Elysia } from "elysia";
import { DEFAULT_TOKEN_SCOPE, isTokenScope } from "../../core/accounts/channel-token.ts";
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
import { shownTime } from "../kit/dates.ts";
import type { MessageKey } from "../kit/dictionary.ts";
import { field } from "../kit/form.ts";
import { CONSOLE_HOME } from "../kit/navigation.ts";
import { type ConsoleDeps, notFoundPage, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage, isHtmx, redirectTo } from "../kit/page-response.ts";
import { CreateSection, type CreateSectionProps, IntegrationsPage } from "./integrations-page.tsx";
import { RenamePage, RevokePage, RolledPage, RollPage } from "./token-action-pages.tsx";
import { TokenTable } from "./token-table.tsx";

const NAME_MESSAGES: Record<NameProblem, MessageKey> = {
  name_required: "integrations.name.required",
  name_too_long: "integrations.name.tooLong",
};

const TOKEN_PATH = "/console/integrations/tokens/:id";
const idOf = (ctx: OwnerContext) => ctx.params.id ?? "";

export function integrationsPage(deps: ConsoleDeps) {
  const { db } = deps;

  async function fullPage(ctx: OwnerContext, create: Omit<CreateSectionProps, "t" | "csrf">, status = 200) {
    const tokens = await listAccountTokens(db, ctx.session.accountId);
    const html = IntegrationsPage({ ...ctx, tokens, now: new Date(), create }) as string;
    return htmlPage(ctx.state, html, { status });
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

  const actionProps = (ctx: OwnerContext, token: { id: string; name: string }) => ({
    lang: ctx.lang,
    t: ctx.t,
    path: ctx.path,
    owner: ctx.owner,
    tokenId: token.id,
    tokenName: token.name,
  });

  /** The GET of a token's action page (rename, revoke, roll): the page for this account's token, else 404. */
  const tokenActionPage = (page: (props: ReturnType<typeof actionProps>) => JSX.Element) =>
    ownerPage(deps, (ctx) =>
      withToken(ctx, idOf(ctx), (token) => htmlPage(ctx.state, page(actionProps(ctx, token)) as string)),
    );

  /** The POST of a token's action (rename, roll): runs for this account's token, else the 404 page. */
  const tokenActionPost = (
    then: (ctx: OwnerContext, token: { id: string; name: string }) => Response | Promise<Response>,
  ) => ownerPage(deps, (ctx) => withToken(ctx, idOf(ctx), (token) => then(ctx, token)));

  return new Elysia({ name: "integrations-page" })
    .get(
      "/console/integrations",
      ownerPage(deps, (ctx) => fullPage(ctx, {})),
    )
    .post(
      "/console/integrations/tokens",
      ownerPage(deps, async (ctx) => {
        const name = field(ctx.form, "name");
        // Without a choice (a form posted by a script), the CLI's default; anything else is refused.
        const scope = field(ctx.form, "scope") || DEFAULT_TOKEN_SCOPE;
        const result = isTokenScope(scope)
          ? await createAccountToken(db, ctx.session.accountId, name, scope)
          : { ok: false as const, code: "scope_invalid" as const };
        const create: Omit<CreateSectionProps, "t" | "csrf"> = result.ok
          ? { created: { name: name, token: result.token, baseUrl: ctx.origin.origin } }
          : result.code === "scope_invalid"
            ? { name, scope, scopeError: ctx.t("integrations.scope.invalid") }
            : { name, scope, nameError: ctx.t(NAME_MESSAGES[result.code]) };
        const status = result.ok ? 201 : 422;
        if (!isHtmx(ctx.request)) return await fullPage(ctx, create, status);
        // htmx: the create section in place, and the table refreshed beside it (out of band).
        const section = CreateSection({ t: ctx.t, csrf: ctx.owner.csrf, ...create }) as string;
        const tokens = await listAccountTokens(db, ctx.session.accountId);
        const table = TokenTable({
          lang: ctx.lang,
          t: ctx.t,
          tokens,
          now: new Date(),
          outOfBand: true,
        }) as string;
        return htmlPage(ctx.state, section + table, { status: result.ok ? 200 : 422 });
      }),
      { parse: "none" },
    )
    .get(`${TOKEN_PATH}/rename`, tokenActionPage(RenamePage))
    .post(
      `${TOKEN_PATH}/rename`,
      tokenActionPost(async (ctx, token) => {
        const name = field(ctx.form, "name");
        const result = await renameAccountToken(db, ctx.session.accountId, token.id, name);
        if (result.ok) return redirectTo(ctx.state, ctx.request, CONSOLE_HOME);
        if (result.code === "not_found" || result.code === "not_active") return notFoundPage(ctx);
        const html = RenamePage({
          ...actionProps(ctx, token),
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
      ownerPage(deps, async (ctx) => {
        const result = await revokeAccountToken(db, ctx.session.accountId, idOf(ctx));
        return result.ok ? redirectTo(ctx.state, ctx.request, CONSOLE_HOME) : notFoundPage(ctx);
      }),
      { parse: "none" },
    )
    .get(`${TOKEN_PATH}/roll`, tokenActionPage(RollPage))
    .post(
      `${TOKEN_PATH}/roll`,
      tokenActionPost(async (ctx, token) => {
        const expiry = field(ctx.form, "expiry");
        const invalid = (key: MessageKey) =>
          htmlPage(ctx.state, RollPage({ ...actionProps(ctx, token), error: ctx.t(key) }) as string, {
            status: 422,
          });
        if (!isRollExpiry(expiry)) return invalid("integrations.rollPage.expiryInvalid");
        const result = await rollAccountToken(db, ctx.session.accountId, token.id, expiry);
        if (!result.ok)
          return result.code === "not_found" ? notFoundPage(ctx) : invalid("integrations.rollPage.notActive");
        const secret = {
          name: result.name,
          token: result.token,
          baseUrl: ctx.origin.origin,
          oldExpiresAt: shownTime(result.oldExpiresAt, ctx.lang),
        };
        return htmlPage(ctx.state, RolledPage({ ...actionProps(ctx, token), secret }) as string, {
          status: 201,
        });
      }),
      { parse: "none" },
    );
}
