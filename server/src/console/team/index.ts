// The Team page: the account's owners, invite (a single-use sign-in link, shown once), disable (never the last).
// Invites and disables go through the functions `stl owners` uses; every post redirects (POST-redirect-GET).
import { Elysia } from "elysia";
import { createOwnerSignIn } from "../../core/accounts/owner-access.ts";
import { listOwners, normalizeEmail } from "../../core/accounts/owner-repository.ts";
import { disableTeamOwner, invitable } from "../../core/accounts/owner-service.ts";
import { isUuid } from "../../db/uuid-text.ts";
import { field } from "../kit/form.ts";
import { type ConsoleNotice, redirectWithNotice, takePageNotice } from "../kit/notices.ts";
import { type ConsoleDeps, notFoundPage, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage } from "../kit/page-response.ts";
import { DisablePage, TEAM_PATH, TeamPage, type TeamPageProps } from "./team-page.tsx";

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export function teamPage(deps: ConsoleDeps) {
  const { db } = deps;
  const owners = (ctx: OwnerContext) => listOwners(db, ctx.session.accountSlug);

  async function fullPage(ctx: OwnerContext, extra: Partial<TeamPageProps>, status = 200) {
    const html = TeamPage({ ...ctx, owners: await owners(ctx), ...extra }) as string;
    return htmlPage(ctx.state, html, { status });
  }

  function shown(ctx: OwnerContext, notice: ConsoleNotice | undefined): Partial<TeamPageProps> {
    if (notice?.kind === "owner-invited") return { invited: notice };
    if (notice?.kind === "owner-disabled")
      return { confirmation: { kind: "ok", text: ctx.t("team.disabled", notice) } };
    return {};
  }

  /** An owner of this account by the route's id, else undefined (another account's owner too). */
  const teamOwner = async (ctx: OwnerContext) => {
    const id = ctx.params.id ?? "";
    return isUuid(id)
      ? (await owners(ctx)).find((owner) => owner.id === id && !owner.disabled_at)
      : undefined;
  };

  return new Elysia({ name: "team-page" })
    .get(
      TEAM_PATH,
      ownerPage(deps, async (ctx) => fullPage(ctx, shown(ctx, await takePageNotice(db, ctx)))),
    )
    .post(
      `${TEAM_PATH}/invite`,
      ownerPage(deps, async (ctx) => {
        const email = normalizeEmail(field(ctx.form, "email"));
        const refuse = (key: "form.required" | "signIn.emailInvalid" | "team.invite.hasAccess") =>
          fullPage(ctx, { invite: { email, error: ctx.t(key) } }, 422);
        if (!email) return refuse("form.required");
        if (!EMAIL.test(email)) return refuse("signIn.emailInvalid");
        if (!(await invitable(db, ctx.session.accountId, email))) return refuse("team.invite.hasAccess");
        const baseUrl = deps.publicUrl ?? ctx.origin.origin;
        const { link } = await createOwnerSignIn(db, ctx.session.accountSlug, email, baseUrl);
        return redirectWithNotice(db, ctx, TEAM_PATH, { kind: "owner-invited", email, link });
      }),
      { parse: "none" },
    )
    .get(
      `${TEAM_PATH}/:id/disable`,
      ownerPage(deps, async (ctx) => {
        const target = await teamOwner(ctx);
        if (!target) return notFoundPage(ctx);
        return htmlPage(
          ctx.state,
          DisablePage({ ...ctx, ownerId: target.id, email: target.email }) as string,
        );
      }),
    )
    .post(
      `${TEAM_PATH}/:id/disable`,
      ownerPage(deps, async (ctx) => {
        const target = await teamOwner(ctx);
        if (!target) return notFoundPage(ctx);
        const result = await disableTeamOwner(db, ctx.session.accountId, target.id);
        if (result.ok)
          return redirectWithNotice(db, ctx, TEAM_PATH, { kind: "owner-disabled", email: result.email });
        if (result.code === "not_found") return notFoundPage(ctx);
        const text = ctx.t(`team.refused.${result.code as Exclude<typeof result.code, "not_found">}`);
        return fullPage(ctx, { confirmation: { kind: "error", text } }, 409);
      }),
      { parse: "none" },
    );
}
