// The Team page: the account's owners, its pending invitations, the invite form (an invitation's link shown once,
// like a token's secret, or mailed) and the confirmation page of "remove".
import type { PendingInvitation } from "../../core/accounts/invitations.ts";
import type { OwnerListing } from "../../core/accounts/owner-repository.ts";
import type { Language } from "../../http/language.ts";
import { CodeBlock } from "../kit/code-block.tsx";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { LocalTime } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";

export const TEAM_PATH = "/console/team";

interface TeamProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
}

export interface TeamPageProps extends TeamProps {
  owners: OwnerListing[];
  invitations: PendingInvitation[];
  invite?: { email?: string; error?: string };
  /** Just invited: the link, shown this once (absent when it was mailed). */
  invited?: { email: string; link?: string };
  /** A line after a removal or a withdrawal, or why it was refused. */
  confirmation?: { kind: "ok" | "error"; text: string };
}

function Invitations(props: TeamPageProps): JSX.Element {
  const { t, lang } = props;
  if (props.invitations.length === 0) return "";
  const columns = [t("team.col.email"), t("team.col.expires"), t("team.col.actions")];
  return (
    <table class="team invitations">
      <TableHead caption={t("team.invitations")} columns={columns} />
      <tbody>
        {props.invitations.map((invitation) => (
          <tr data-invitation-id={invitation.id}>
            <th scope="row" safe>
              {invitation.email}
            </th>
            <td data-label={columns[1]}>
              <LocalTime at={invitation.expires_at} lang={lang} />
            </td>
            <td class="actions">
              <form
                method="post"
                action={`${TEAM_PATH}/invitations/${invitation.id}/withdraw`}
                class="inline"
              >
                <input type="hidden" name="_csrf" value={props.owner.csrf} />
                <button
                  type="submit"
                  class="link"
                  aria-label={t("team.withdrawFor", { email: invitation.email })}
                >
                  {t("team.withdraw")}
                </button>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Invited({ t, invited }: { t: Translate; invited: { email: string; link?: string } }): JSX.Element {
  if (!invited.link)
    return (
      <p id="confirmation" class="notice notice-ok" role="status" tabindex="-1" data-focus-on-load safe>
        {t("team.invited.mailed", { email: invited.email })}
      </p>
    );
  return (
    <section class="secret" aria-labelledby="invited-title">
      <h2 id="invited-title" tabindex="-1" data-focus-on-load safe>
        {t("team.invited.title", { email: invited.email })}
      </h2>
      <p>{t("team.invited.once")}</p>
      <CodeBlock t={t} id="invite-link" code={invited.link} label={t("team.invited.copy")} />
    </section>
  );
}

export function TeamPage(props: TeamPageProps): JSX.Element {
  const { lang, t } = props;
  const columns = [t("team.col.email"), t("team.col.status"), t("team.col.added"), t("team.col.actions")];
  const several = props.owners.length > 1;
  return (
    <Layout lang={lang} t={t} title={t("team.title")} path={props.path} owner={props.owner} current="team">
      <h1>{t("team.title")}</h1>
      {props.confirmation ? (
        <p
          id="confirmation"
          class={`notice notice-${props.confirmation.kind}`}
          role="status"
          tabindex="-1"
          data-focus-on-load
          safe
        >
          {props.confirmation.text}
        </p>
      ) : (
        ""
      )}
      <p>{t("team.intro")}</p>
      {props.invited ? <Invited t={t} invited={props.invited} /> : ""}
      <table class="team">
        <TableHead caption={t("team.owners")} columns={columns} />
        <tbody>
          {props.owners.map((owner) => {
            const status = owner.has_password ? "active" : "noPassword";
            return (
              <tr data-owner-id={owner.id}>
                <th scope="row" safe>
                  {owner.email}
                </th>
                <td data-label={columns[1]} class={`owner-${status}`}>
                  {t(`team.status.${status}`)}
                </td>
                <td data-label={columns[2]}>
                  <LocalTime at={owner.created_at} lang={lang} />
                </td>
                <td class="actions">
                  {several ? (
                    <a
                      href={`${TEAM_PATH}/${owner.id}/remove`}
                      aria-label={t("team.removeFor", { email: owner.email })}
                    >
                      {t("team.remove")}
                    </a>
                  ) : (
                    ""
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {several ? "" : <p class="hint">{t("team.lastOwner")}</p>}
      <Invitations {...props} />
      <section aria-labelledby="invite-title">
        <h2 id="invite-title">{t("team.invite.title")}</h2>
        <form method="post" action={`${TEAM_PATH}/invite`} novalidate>
          <input type="hidden" name="_csrf" value={props.owner.csrf} />
          <Field
            id="invite-email"
            name="email"
            type="email"
            label={t("team.invite.email")}
            hint={t("team.invite.hint")}
            value={props.invite?.email}
            error={props.invite?.error}
            autocomplete="off"
            required
          />
          <button type="submit">{t("team.invite.submit")}</button>
        </form>
      </section>
    </Layout>
  );
}

export function RemovePage(props: TeamProps & { ownerId: string; email: string }): JSX.Element {
  const { t } = props;
  const title = t("team.removePage.title", { email: props.email });
  return (
    <Layout lang={props.lang} t={t} title={title} path={props.path} owner={props.owner} current="team">
      <h1 safe>{title}</h1>
      <p>{t("team.removePage.body")}</p>
      <form method="post" action={`${TEAM_PATH}/${props.ownerId}/remove`}>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        <p>
          <button type="submit" class="danger">
            {t("team.removePage.submit")}
          </button>{" "}
          <a class="button secondary" href={TEAM_PATH}>
            {t("dnc.cancel")}
          </a>
        </p>
      </form>
    </Layout>
  );
}
