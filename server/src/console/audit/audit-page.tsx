// The Audit page: a GET filter form (action, actor, UTC days), the newest rows, and the same filter as CSV.
import { AUDIT_ACTIONS, type AuditRow } from "../../core/accounts/audit-log.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { LocalTime } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";
import { type AuditQuery, auditQueryString } from "./audit-query.ts";

export const AUDIT_PATH = "/console/audit";

export interface AuditPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  query: AuditQuery;
  invalid: ("from" | "to")[];
  rows: AuditRow[];
  /** Rows the page shows at most; more exist when rows.length reaches it. */
  shown: number;
  csvMax: number;
  retentionDays: number;
}

function Filters({ t, query, invalid }: Pick<AuditPageProps, "t" | "query" | "invalid">): JSX.Element {
  const dateError = (name: "from" | "to") =>
    invalid.includes(name) ? t("audit.filter.dateInvalid") : undefined;
  return (
    <form method="get" action={AUDIT_PATH} class="filters">
      <fieldset>
        <legend>{t("audit.filter.legend")}</legend>
        <div class="filter">
          <label for="filter-action">{t("audit.filter.action")}</label>
          <select id="filter-action" name="action">
            <option value="" selected={query.action === ""}>
              {t("audit.filter.any")}
            </option>
            {AUDIT_ACTIONS.map((action) => (
              <option value={action} selected={query.action === action}>
                {t(`audit.action.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <Field id="filter-actor" name="actor" label={t("audit.filter.actor")} value={query.actor} />
        <Field
          id="filter-from"
          name="from"
          type="date"
          label={t("audit.filter.from")}
          value={query.from}
          error={dateError("from")}
        />
        <Field
          id="filter-to"
          name="to"
          type="date"
          label={t("audit.filter.to")}
          value={query.to}
          error={dateError("to")}
        />
        <button type="submit">{t("audit.filter.submit")}</button>
      </fieldset>
    </form>
  );
}

export function AuditPage(props: AuditPageProps): JSX.Element {
  const { t, lang } = props;
  const columns = [
    t("audit.col.actor"),
    t("audit.col.action"),
    t("audit.col.target"),
    t("audit.col.address"),
  ];
  const csvHref = `${AUDIT_PATH}/export.csv?${auditQueryString(props.query)}`;
  return (
    <Layout lang={lang} t={t} title={t("audit.title")} path={props.path} owner={props.owner} current="audit">
      <h1>{t("audit.title")}</h1>
      <p>{t("audit.intro", { days: props.retentionDays })}</p>
      <Filters t={t} query={props.query} invalid={props.invalid} />
      <p>
        <a href={csvHref} download="">
          {t("audit.export")}
        </a>
      </p>
      {props.rows.length >= props.shown ? (
        <p class="hint">{t("audit.capped", { count: props.shown, max: props.csvMax })}</p>
      ) : (
        ""
      )}
      {props.rows.length === 0 ? (
        <p id="audit-none">{t("audit.none")}</p>
      ) : (
        <table class="audit">
          <TableHead caption={t("audit.title")} columns={[t("audit.col.at"), ...columns]} />
          <tbody>
            {props.rows.map((row) => (
              <tr data-audit-id={row.id}>
                <th scope="row">
                  <LocalTime at={row.at} lang={lang} />
                </th>
                <td data-label={columns[0]} safe>
                  {row.actor_email ?? ""}
                </td>
                <td data-label={columns[1]} data-action={row.action}>
                  {t(`audit.action.${row.action}`)}
                </td>
                <td data-label={columns[2]} safe>
                  {row.target ?? ""}
                </td>
                <td data-label={columns[3]} safe>
                  {row.client_address ?? ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Layout>
  );
}
