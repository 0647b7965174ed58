// The Do-not-call page: a notice after a change, the add and import forms, the account's numbers and the change history.

import type { CsvRefusal } from "../../core/dnc/csv-rows.ts";
import type { RecordedChange } from "../../core/dnc/dnc-repository.ts";
import type { ShownNumber } from "../../core/dnc/listed-numbers.ts";
import { formatPhoneForPeople } from "../../core/phone.ts";
import type { Language } from "../../http/language.ts";
import { shownTime } from "../kit/dates.ts";
import type { MessageKey, Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { TableHead } from "../kit/table-head.tsx";

export const DNC_PATH = "/console/do-not-call";
/** A number's own path: its E.164 digits without the "+", which paths and listeners keep as they are. */
const numberPath = (e164: string) => `${DNC_PATH}/${e164.slice(1)}/remove`;

export interface ImportReport {
  added: number;
  handoffsCancelled: number;
  refused: CsvRefusal[];
}

export interface DncPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  numbers: ShownNumber[];
  history: RecordedChange[];
  /** After a change: already translated. */
  notice?: string;
  add?: { phone: string; note: string; error?: string };
  importError?: string;
  report?: ImportReport;
}

function When({ at, lang }: { at: Date; lang: Language }): JSX.Element {
  return (
    <time datetime={new Date(at).toISOString()} safe>
      {shownTime(at, lang)}
    </time>
  );
}

function AddForm({ t, csrf, add }: { t: Translate; csrf: string; add: DncPageProps["add"] }): JSX.Element {
  return (
    <section aria-labelledby="add-title">
      <h2 id="add-title">{t("dnc.add.title")}</h2>
      <form method="post" action={DNC_PATH} novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <Field
          id="dnc-phone"
          name="phone"
          label={t("dnc.add.phone")}
          hint={t("dnc.add.phoneHint")}
          value={add?.phone}
          error={add?.error}
          autocomplete="off"
          maxlength={64}
          required
        />
        <Field
          id="dnc-note"
          name="note"
          label={t("dnc.add.note")}
          value={add?.note}
          autocomplete="off"
          maxlength={500}
        />
        <button type="submit">{t("dnc.add.submit")}</button>
      </form>
    </section>
  );
}

function ImportForm(props: { t: Translate; csrf: string; error?: string; report?: ImportReport }) {
  const { t, report } = props;
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">{t("dnc.import.title")}</h2>
      {report ? (
        <div id="import-report" role="status">
          <p safe>{t("dnc.import.done", { added: report.added, cancelled: report.handoffsCancelled })}</p>
          {report.refused.length > 0 ? (
            <>
              <p safe>{t("dnc.import.refused", { count: report.refused.length })}</p>
              <ul class="refused">
                {report.refused.map((refusal) => (
                  <li safe>
                    {t("dnc.import.line", {
                      line: refusal.line,
                      reason: t(`dnc.reason.${refusal.reason}` as MessageKey),
                    })}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            ""
          )}
        </div>
      ) : (
        ""
      )}
      <form method="post" action={`${DNC_PATH}/import`} enctype="multipart/form-data">
        <input type="hidden" name="_csrf" value={props.csrf} />
        <div class={props.error ? "field invalid" : "field"}>
          <label for="dnc-file">{t("dnc.import.file")}</label>
          <p class="hint" id="dnc-file-hint">
            {t("dnc.import.fileHint")}
          </p>
          {props.error ? (
            <p class="error" id="dnc-file-error" safe>
              {props.error}
            </p>
          ) : (
            ""
          )}
          <input
            id="dnc-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={props.error ? "true" : undefined}
            aria-describedby={props.error ? "dnc-file-hint dnc-file-error" : "dnc-file-hint"}
          />
        </div>
        <button type="submit">{t("dnc.import.submit")}</button>
      </form>
    </section>
  );
}

function NumberTable({ lang, t, numbers }: Pick<DncPageProps, "lang" | "t" | "numbers">): JSX.Element {
  if (numbers.length === 0) return <p>{t("dnc.empty")}</p>;
  return (
    <table id="dnc-numbers">
      <TableHead
        caption={t("dnc.numbers")}
        columns={[
          t("dnc.col.number"),
          t("dnc.col.shown"),
          t("dnc.col.note"),
          t("dnc.col.added"),
          t("dnc.col.via"),
          t("dnc.col.by"),
          t("dnc.col.actions"),
        ]}
      />
      <tbody>
        {numbers.map((number) => (
          <tr data-phone={number.phone}>
            <th scope="row">
              <code safe>{number.phone}</code>
            </th>
            <td safe>{formatPhoneForPeople(number.phone)}</td>
            <td safe>{number.note ?? ""}</td>
            <td>
              <When at={number.added_at} lang={lang} />
            </td>
            <td safe>{number.via ? t(`dnc.via.${number.via}`) : ""}</td>
            <td safe>{number.actor ?? ""}</td>
            <td>
              <a href={numberPath(number.phone)} aria-label={t("dnc.removeFor", { phone: number.phone })}>
                {t("dnc.remove")}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HistoryTable({ lang, t, history }: Pick<DncPageProps, "lang" | "t" | "history">): JSX.Element {
  if (history.length === 0) return <p>{t("dnc.history.empty")}</p>;
  return (
    <table id="dnc-history">
      <TableHead
        caption={t("dnc.history")}
        columns={[
          t("dnc.col.when"),
          t("dnc.col.number"),
          t("dnc.col.action"),
          t("dnc.col.via"),
          t("dnc.col.by"),
          t("dnc.col.note"),
        ]}
      />
      <tbody>
        {history.map((change) => (
          <tr>
            <td>
              <When at={change.created_at} lang={lang} />
            </td>
            <td>
              <code safe>{change.phone}</code>
            </td>
            <td safe>{t(`dnc.action.${change.action}`)}</td>
            <td safe>{t(`dnc.via.${change.via}`)}</td>
            <td safe>{change.actor}</td>
            <td safe>{change.note ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DncPage(props: DncPageProps): JSX.Element {
  const { lang, t, owner } = props;
  return (
    <Layout lang={lang} t={t} title={t("dnc.title")} path={props.path} owner={owner} current="dnc">
      <h1>{t("dnc.title")}</h1>
      <p>{t("dnc.intro")}</p>
      {props.notice ? (
        <p class="notice" role="status" id="dnc-notice" safe>
          {props.notice}
        </p>
      ) : (
        ""
      )}
      <AddForm t={t} csrf={owner.csrf} add={props.add} />
      <ImportForm t={t} csrf={owner.csrf} error={props.importError} report={props.report} />
      <h2 id="numbers-title">{t("dnc.numbers")}</h2>
      <NumberTable lang={lang} t={t} numbers={props.numbers} />
      <h2 id="history-title">{t("dnc.history")}</h2>
      <HistoryTable lang={lang} t={t} history={props.history} />
    </Layout>
  );
}

/** The confirmation before a number comes off the list. */
export function RemovePage(props: Omit<DncPageProps, "numbers" | "history"> & { phone: string }) {
  const { lang, t, owner, phone } = props;
  const title = t("dnc.removePage.title", { phone });
  return (
    <Layout lang={lang} t={t} title={title} path={props.path} owner={owner} current="dnc">
      <h1 safe>{title}</h1>
      <p>{t("dnc.removePage.body")}</p>
      <form method="post" action={numberPath(phone)}>
        <input type="hidden" name="_csrf" value={owner.csrf} />
        <p>
          <button type="submit" class="danger">
            {t("dnc.removePage.submit")}
          </button>{" "}
          <a class="button secondary" href={DNC_PATH}>
            {t("dnc.cancel")}
          </a>
        </p>
      </form>
    </Layout>
  );
}
