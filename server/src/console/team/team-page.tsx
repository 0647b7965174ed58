// The Team page: the account's owners, the invite form (its single-use link shown once, like a token's secret),
// and the confirmation page of "disable".
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
  invite?: { email?: string; error?: string };
  /** Just invited: the link, shown this once. */
  invited?: { email: string; link: string };
  /** A line after a disable, or why it was refused. */
  confirmation?: { kind: "ok" | "error"; text: string };
}

const statusOf = (owner: OwnerListing) =>
  owner.disabled_at ? "disabled" : owner.has_password ? "active" : "invited";

export function TeamPage(props: TeamPageProps): JSX.Element {
  const { lang, t } = props;
  const columns = [t("team.col.email"), t("team.col.status"), t("team.col.added"), t("team.col.actions")];
  const active = props.owners.filter((owner) => !owner.disabled_at).length;
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
      {props.invited ? (
        <section class="secret" aria-labelledby="invited-title">
          <h2 id="invited-title" tabindex="-1" data-focus-on-load safe>
            {t("team.invited.title", { email: props.invited.email })}
          </h2>
          <p>{t("team.invited.once")}</p>
          <CodeBlock t={t} id="invite-link" code={props.invited.link} label={t("team.invited.copy")} />
        </section>
      ) : (
        ""
      )}
      <table class="team">
        <TableHead caption={t("team.owners")} columns={columns} />
        <tbody>
          {props.owners.map((owner) => {
            const status = statusOf(owner);
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
                  {status !== "disabled" && active > 1 ? (
                    <a
                      href={`${TEAM_PATH}/${owner.id}/disable`}
                      aria-label={t("team.disableFor", { email: owner.email })}
                    >
                      {t("team.disable")}
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
      {active <= 1 ? <p class="hint">{t("team.lastOwner")}</p> : ""}
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

export function DisablePage(props: TeamProps & { ownerId: string; email: string }): JSX.Element {
  const { t } = props;
  const title = t("team.disablePage.title", { email: props.email });
  return (
    <Layout lang={props.lang} t={t} title={title} path={props.path} owner={props.owner} current="team">
      <h1 safe>{title}</h1>
      <p>{t("team.disablePage.body")}</p>
      <form method="post" action={`${TEAM_PATH}/${props.ownerId}/disable`}>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        <p>
          <button type="submit" class="danger">
            {t("team.disablePage.submit")}
          </button>{" "}
          <a class="button secondary" href={TEAM_PATH}>
            {t("dnc.cancel")}
          </a>
        </p>
      </form>
    </Layout>
  );
}
