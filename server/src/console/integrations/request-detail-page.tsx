// One logged request of a token: when, what was asked, the answer, the refused fields and the body's shape.
import type { RequestLogRow } from "../../core/request-log/request-log-store.ts";
import { LocalTime } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";
import { requestFlags, requestsUrl } from "./recent-requests-page.tsx";
import { ActionLayout, type ActionPageProps } from "./token-action-pages.tsx";

export function RequestDetailPage(props: ActionPageProps & { row: RequestLogRow }): JSX.Element {
  const { t, lang, row } = props;
  const title = t("integrations.request.title", { status: row.status, name: props.tokenName });
  const none = t("integrations.request.none");
  const flags = requestFlags(t, row);
  const body = row.body;
  return (
    <ActionLayout {...props} title={title}>
      <dl class="fields" id="request-detail">
        <dt safe>{t("integrations.request.at")}</dt>
        <dd>
          <LocalTime at={row.at} lang={lang} absolute />
        </dd>
        <dt safe>{t("integrations.request.method")}</dt>
        <dd>
          <code safe>{`${row.method} ${row.path}`}</code>
        </dd>
        <dt safe>{t("integrations.request.status")}</dt>
        <dd safe>{String(row.status)}</dd>
        <dt safe>{t("integrations.request.problem")}</dt>
        <dd>{row.problemCode ? <code safe>{row.problemCode}</code> : <span safe>{none}</span>}</dd>
        <dt safe>{t("integrations.request.pointers")}</dt>
        <dd>
          {row.pointers?.length ? (
            row.pointers.map((pointer) => (
              <>
                <code safe>{pointer}</code>{" "}
              </>
            ))
          ) : (
            <span safe>{none}</span>
          )}
        </dd>
        <dt safe>{t("integrations.request.latency")}</dt>
        <dd safe>{t("lead.attempts.ms", { ms: row.latencyMs.toFixed(1) })}</dd>
        <dt safe>{t("integrations.request.kind")}</dt>
        <dd safe>{flags.length ? flags.join(", ") : t("integrations.request.kind.live")}</dd>
        <dt safe>{t("integrations.request.address")}</dt>
        <dd safe>{row.clientAddress ?? none}</dd>
        <dt safe>{t("integrations.request.requestId")}</dt>
        <dd>
          <code safe>{row.requestId}</code>
        </dd>
      </dl>
      <h2 safe>{t("integrations.request.body")}</h2>
      {body === null || body.length === 0 ? (
        <p safe>{t("integrations.request.noBody")}</p>
      ) : (
        <table id="request-body">
          <TableHead
            caption={t("integrations.request.body")}
            columns={[
              t("integrations.request.col.field"),
              t("integrations.request.col.type"),
              t("integrations.request.col.length"),
            ]}
          />
          <tbody>
            {body.map((field) => (
              <tr>
                <th scope="row">
                  <code safe>{field.pointer}</code>
                </th>
                <td safe>{field.kind}</td>
                <td safe>{field.length === undefined ? "" : String(field.length)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={requestsUrl(props.tokenId)} safe>
          {t("integrations.requests.back")}
        </a>
      </p>
    </ActionLayout>
  );
}
