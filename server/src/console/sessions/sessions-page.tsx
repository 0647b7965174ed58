// The Sessions page: every live session of the signed-in owner (browser, address, times), each with "sign out",
// and "sign out everywhere else".
import type { SessionListing } from "../../core/accounts/session-store.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { LocalTime } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";

export const SESSIONS_PATH = "/console/sessions";

export interface SessionsPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  sessions: SessionListing[];
  confirmation?: string;
}

export function SessionsPage(props: SessionsPageProps): JSX.Element {
  const { t, lang } = props;
  const columns = [
    t("sessions.col.lastSeen"),
    t("sessions.col.started"),
    t("sessions.col.from"),
    t("sessions.col.actions"),
  ];
  return (
    <Layout
      lang={lang}
      t={t}
      title={t("sessions.title")}
      path={props.path}
      owner={props.owner}
      current="sessions"
    >
      <h1>{t("sessions.title")}</h1>
      {props.confirmation ? (
        <p id="confirmation" class="notice notice-ok" role="status" tabindex="-1" data-focus-on-load safe>
          {props.confirmation}
        </p>
      ) : (
        ""
      )}
      <p>{t("sessions.intro")}</p>
      <table class="sessions">
        <TableHead caption={t("sessions.title")} columns={[t("sessions.col.browser"), ...columns]} />
        <tbody>
          {props.sessions.map((session) => (
            <tr data-session={session.id}>
              <th scope="row">
                <span safe>{session.user_agent ?? "—"}</span>
                {session.current ? <strong> ({t("sessions.current")})</strong> : ""}
                {session.keep ? <span class="hint"> ({t("sessions.kept")})</span> : ""}
              </th>
              <td data-label={columns[0]}>
                <LocalTime at={session.last_seen_at} lang={lang} />
              </td>
              <td data-label={columns[1]}>
                <LocalTime at={session.created_at} lang={lang} />
              </td>
              <td data-label={columns[2]} safe>
                {session.client_address ?? "—"}
              </td>
              <td class="actions">
                {session.current ? (
                  ""
                ) : (
                  <form method="post" action={`${SESSIONS_PATH}/${session.id}/end`} class="inline">
                    <input type="hidden" name="_csrf" value={props.owner.csrf} />
                    <button
                      type="submit"
                      class="link"
                      aria-label={t("sessions.endFor", { address: session.client_address ?? "—" })}
                    >
                      {t("sessions.end")}
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.sessions.length > 1 ? (
        <form method="post" action={`${SESSIONS_PATH}/end-others`}>
          <input type="hidden" name="_csrf" value={props.owner.csrf} />
          <button type="submit" class="danger">
            {t("sessions.endOthers")}
          </button>
        </form>
      ) : (
        ""
      )}
    </Layout>
  );
}
