// The Team page: the account's owners and pending invitations; invite (a pending invitation of this account, its
// link shown once or mailed), withdraw an invitation, remove an owner's membership (never the last). Every post
// redirects (POST-redirect-GET); the answer to an invite never depends on whom the address belongs to.
import { Elysia } from "elysia";
import { inviteOwner, pendingInvitations, withdrawInvitation } from "../../core/accounts/invitations.ts";
import { listOwners, normalizeEmail } from "../../core/accounts/owner-repository.ts";
import { removeTeamOwner } from "../../core/accounts/owner-service.ts";
import { signInLinkUrl } from "../../core/accounts/sign-in-links.ts";
import { isUuid } from "../../db/uuid-text.ts";
import { audited } from "../kit/audit.ts";
import { field } from "../kit/form.ts";
import { type ConsoleNotice, redirectWithNotice, takePageNotice } from "../kit/notices.ts";
import {
  type ConsoleDeps,
  notFoundPage,
  type OwnerContext,
  ownerPage,
  sensitivePage,
} from "../kit/owner-guard.ts";
import { mailAccountOwners, mailTo } from "../kit/owner-mail.ts";
import { htmlPage } from "../kit/page-response.ts";
import { RemovePage, TEAM_PATH, TeamPage, type TeamPageProps } from "./team-page.tsx";

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export function teamPage(deps: ConsoleDeps) {
  const { db } = deps;
  const owners = (ctx: OwnerContext) => listOwners(db, ctx.session.accountSlug);

  async function fullPage(ctx: OwnerContext, extra: Partial<TeamPageProps>, status = 200) {
    const [listed, invitations] = await Promise.all([
      owners(ctx),
      pendingInvitations(db, ctx.session.accountId),
    ]);
    const html = TeamPage({ ...ctx, owners: listed, invitations, ...extra }) as string;
    return htmlPage(ctx.state, html, { status });
  }

  function shown(ctx: OwnerContext, notice: ConsoleNotice | undefined): Partial<TeamPageProps> {
    if (notice?.kind === "owner-invited") return { invited: notice };
    if (notice?.kind === "owner-removed")
      return { confirmation: { kind: "ok", text: ctx.t("team.removed", notice) } };
    if (notice?.kind === "invitation-withdrawn")
      return { confirmation: { kind: "ok", text: ctx.t("team.withdrawn", notice) } };
    return {};
  }

  /** An owner of this account by the route's id, else undefined (another account's owner too). */
  const teamOwner = async (ctx: OwnerContext) => {
    const id = ctx.params.id ?? "";
    return isUuid(id) ? (await owners(ctx)).find((owner) => owner.id === id) : undefined;
  };

  /** The invitation mailed to the invitee when the server sends mail (else the inviter is shown the link); the owners told. */
  async function announceInvitation(ctx: OwnerContext, email: string, link: string): Promise<boolean> {
    const params = { account: ctx.session.accountSlug, actor: ctx.session.email, email, link };
    await audited(deps, ctx, "owner.invited", email);
    await mailAccountOwners(deps, ctx, ctx.session.accountId, {
      subject: "team.mail.notice.subject",
      body: "team.mail.notice.invited",
      params,
    });
    if (!deps.mailer || !deps.publicUrl) return false;
    mailTo(deps, ctx, [email], {
      subject: "team.mail.invited.subject",
      body: "team.mail.invited.body",
      params,
    });
    return true;
  }

  return new Elysia({ name: "team-page" })
    .get(
      TEAM_PATH,
      ownerPage(deps, async (ctx) => fullPage(ctx, shown(ctx, await takePageNotice(db, ctx)))),
    )
    .post(
      `${TEAM_PATH}/invite`,
      sensitivePage(deps, async (ctx) => {
        const email = normalizeEmail(field(ctx.form, "email"));
        const refuse = (key: "form.required" | "signIn.emailInvalid" | "team.invite.tooMany") =>
          fullPage(ctx, { invite: { email, error: ctx.t(key) } }, 422);
        if (!email) return refuse("form.required");
        if (!EMAIL.test(email)) return refuse("signIn.emailInvalid");
        const invited = await inviteOwner(db, {
          accountId: ctx.session.accountId,
          email,
          invitedBy: ctx.session.ownerId,
        });
        if (!invited.ok) return refuse("team.invite.tooMany");
        const link = signInLinkUrl(deps.publicUrl ?? ctx.origin.origin, invited.secret);
        const mailed = await announceInvitation(ctx, email, link);
        const notice: ConsoleNotice = { kind: "owner-invited", email, ...(mailed ? {} : { link }) };
        return redirectWithNotice(db, ctx, TEAM_PATH, notice);
      }),
      { parse: "none" },
    )
    .post(
      `${TEAM_PATH}/invitations/:id/withdraw`,
      ownerPage(deps, async (ctx) => {
        const id = ctx.params.id ?? "";
        const email = isUuid(id) ? await withdrawInvitation(db, ctx.session.accountId, id) : undefined;
        if (!email) return notFoundPage(ctx);
        await audited(deps, ctx, "invitation.withdrawn", email);
        return redirectWithNotice(db, ctx, TEAM_PATH, { kind: "invitation-withdrawn", email });
      }),
      { parse: "none" },
    )
    .get(
      `${TEAM_PATH}/:id/remove`,
      ownerPage(deps, async (ctx) => {
        const target = await teamOwner(ctx);
        if (!target) return notFoundPage(ctx);
        return htmlPage(ctx.state, RemovePage({ ...ctx, ownerId: target.id, email: target.email }) as string);
      }),
    )
    .post(
      `${TEAM_PATH}/:id/remove`,
      sensitivePage(deps, async (ctx) => {
        const target = await teamOwner(ctx);
        if (!target) return notFoundPage(ctx);
        const result = await removeTeamOwner(db, ctx.session.accountId, target.id);
        if (result.ok) {
          await audited(deps, ctx, "owner.removed", result.email);
          const params = { account: ctx.session.accountSlug, actor: ctx.session.email, email: result.email };
          const mail = {
            subject: "team.mail.notice.subject",
            body: "team.mail.notice.removed",
            params,
          } as const;
          await mailAccountOwners(deps, ctx, ctx.session.accountId, mail);
          mailTo(deps, ctx, [result.email], mail);
          return redirectWithNotice(db, ctx, TEAM_PATH, { kind: "owner-removed", email: result.email });
        }
        if (result.code === "not_found") return notFoundPage(ctx);
        return fullPage(
          ctx,
          { confirmation: { kind: "error", text: ctx.t("team.refused.last_owner") } },
          409,
        );
      }),
      { parse: "none" },
    );
}
