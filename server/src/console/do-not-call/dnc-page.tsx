// The Do-not-call page: a notice after a change, the add and import forms, the account's numbers and the change history.

import type { RecordedChange } from "../../core/dnc/dnc-repository.ts";
import type { ShownNumber } from "../../core/dnc/listed-numbers.ts";
import { formatPhoneForPeople } from "../../core/phone.ts";
import type { Language } from "../../http/language.ts";
import { shownTime } from "../kit/dates.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { TableHead } from "../kit/table-head.tsx";
import { DNC_PATH } from "./dnc-path.ts";
import { ImportForm, type ImportReport } from "./import-form.tsx";

/** A number's own path: its E.164 digits without the "+", which paths and listeners keep as they are. */
const numberPath = (e164: string) => `${DNC_PATH}/${e164.slice(1)}/remove`;

export interface DncPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  numbers: ShownNumber[];
  /** The next (older) page of numbers, when there is one. */
  nextCursor?: string;
  /** Set on an older page: a link back to the newest. */
  paged?: boolean;
  /** The search box's text ("" for none). */
  search?: string;
  /** Numbers on the list, or matching the search. */
  count?: number;
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

function ListTools({ t, search, count }: Pick<DncPageProps, "t" | "search" | "count">): JSX.Element {
  return (
    <div class="list-tools">
      <search>
        <form method="get" action={DNC_PATH}>
          <label for="dnc-search">{t("dnc.search.label")}</label>{" "}
          <input
            id="dnc-search"
            name="q"
            type="search"
            value={search ?? ""}
            maxlength={64}
            autocomplete="off"
          />{" "}
          <button type="submit">{t("dnc.search.submit")}</button>
        </form>
      </search>
      <p id="dnc-count" role="status" safe>
        {search
          ? t("dnc.countMatching", { search, count: count ?? 0 })
          : t("dnc.count", { count: count ?? 0 })}
      </p>
      <p>
        <a href={`${DNC_PATH}/export.csv`} download="">
          {t("dnc.export")}
        </a>
      </p>
    </div>
  );
}

function Pager(props: Pick<DncPageProps, "t" | "search" | "nextCursor" | "paged">): JSX.Element {
  const { t, search } = props;
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...(search ? { q: search } : {}), ...extra }).toString();
    return params ? `${DNC_PATH}?${params}` : DNC_PATH;
  };
  if (!props.paged && !props.nextCursor) return "";
  return (
    <nav class="pager" aria-label={t("dnc.numbers")}>
      {props.paged ? <a href={query({})}>{t("dnc.newest")}</a> : ""}
      {props.nextCursor ? (
        <a href={query({ after: props.nextCursor })} rel="next">
          {t("dnc.older")}
        </a>
      ) : (
        ""
      )}
    </nav>
  );
}

function NumberTable({
  lang,
  t,
  numbers,
  search,
}: Pick<DncPageProps, "lang" | "t" | "numbers" | "search">): JSX.Element {
  if (numbers.length === 0) return <p>{search ? t("dnc.noMatch") : t("dnc.empty")}</p>;
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
            <th scope="row" class="number">
              <code safe>{number.phone}</code>
            </th>
            <td class="number" safe>
              {formatPhoneForPeople(number.phone)}
            </td>
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
            <td class="number">
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
      <ListTools t={t} search={props.search} count={props.count} />
      <NumberTable lang={lang} t={t} numbers={props.numbers} search={props.search} />
      <Pager t={t} search={props.search} nextCursor={props.nextCursor} paged={props.paged} />
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
