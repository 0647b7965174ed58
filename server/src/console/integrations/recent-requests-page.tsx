// A token's "Recent requests": a GET filter form (status, problem code), the newest rows a page at a time (older
// ones through a cursor link), each row opening its detail. Every value is escaped: a path is whatever was asked.
import { PROBLEM_CODES } from "@speed-to-lead/spec";
import type { CallbackAttemptRow } from "../../core/callbacks/callback-attempts.ts";
import type { RequestLogRow } from "../../core/request-log/request-log-store.ts";
import type { Translate } from "../kit/dictionary.ts";
import { LocalTime } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";
import { type CallbackControlsProps, CallbacksPausedBanner, RecoverSection } from "./callback-recovery.tsx";
import { DeliveriesTable } from "./deliveries-table.tsx";
import { DoctorFindings } from "./doctor-findings.tsx";
import { ActionLayout, type ActionPageProps } from "./token-action-pages.tsx";

export const requestsUrl = (tokenId: string) => `/console/integrations/tokens/${tokenId}/requests`;
const requestUrl = (tokenId: string, id: string) => `${requestsUrl(tokenId)}/${encodeURIComponent(id)}`;

/** The statuses a sender meets most, as classes and one by one. */
const STATUS_CHOICES = ["2xx", "4xx", "5xx", "401", "403", "404", "409", "413", "422", "429"];
const PROBLEM_CHOICES = Object.keys(PROBLEM_CODES).sort();

interface RequestsFilterValues {
  status: string;
  problemCode: string;
}

export interface RecentRequestsPageProps extends ActionPageProps {
  query: RequestsFilterValues;
  invalid: boolean;
  rows: RequestLogRow[];
  /** The cursor of the next (older) page; undefined on the last. */
  next: string | undefined;
  /** Whether this page is an older one (a link back to the newest is shown). */
  paged: boolean;
  /** The latest status-callback attempts of the token (the delivery log). */
  deliveries: CallbackAttemptRow[];
  /** The integration doctor's findings, with the server's URL for their snippets. */
  doctor: Parameters<typeof DoctorFindings>[0];
  /** Whether its callbacks are paused, and what a recovery or resume just did. */
  callbacks: Pick<CallbackControlsProps, "state" | "confirmation">;
}

/** The filter as a query string, with the cursor when given (links keep the filter). */
function requestsQueryString(query: RequestsFilterValues, cursor?: string): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.problemCode) params.set("problem_code", query.problemCode);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}

function Select(props: {
  id: string;
  name: string;
  label: string;
  any: string;
  choices: string[];
  value: string;
}): JSX.Element {
  return (
    <div class="filter">
      <label for={props.id} safe>
        {props.label}
      </label>
      <select id={props.id} name={props.name}>
        <option value="" selected={props.value === ""} safe>
          {props.any}
        </option>
        {props.choices.map((choice) => (
          <option value={choice} selected={props.value === choice} safe>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

function Filters({ t, tokenId, query }: { t: Translate; tokenId: string; query: RequestsFilterValues }) {
  return (
    <form method="get" action={requestsUrl(tokenId)} class="filters">
      <fieldset>
        <legend safe>{t("integrations.requests.filter.legend")}</legend>
        <Select
          id="filter-status"
          name="status"
          label={t("integrations.requests.filter.status")}
          any={t("integrations.requests.filter.any")}
          choices={STATUS_CHOICES}
          value={query.status}
        />
        <Select
          id="filter-problem"
          name="problem_code"
          label={t("integrations.requests.filter.problem")}
          any={t("integrations.requests.filter.any")}
          choices={PROBLEM_CHOICES}
          value={query.problemCode}
        />
        <button type="submit" safe>
          {t("integrations.requests.filter.submit")}
        </button>
      </fieldset>
    </form>
  );
}

/** "dry run", "replayed" beside a request's path: what kind of post it was. */
export function requestFlags(t: Translate, row: RequestLogRow): string[] {
  return [
    ...(row.dryRun ? [t("integrations.requests.dryRun")] : []),
    ...(row.replayed ? [t("integrations.requests.replayed")] : []),
  ];
}

export function RecentRequestsPage(props: RecentRequestsPageProps): JSX.Element {
  const { t, lang, rows } = props;
  const title = t("integrations.requests.title", { name: props.tokenName });
  const columns = [
    t("integrations.requests.col.request"),
    t("integrations.requests.col.status"),
    t("integrations.requests.col.problem"),
    t("integrations.requests.col.latency"),
    t("integrations.requests.col.detail"),
  ];
  return (
    <ActionLayout {...props} title={title}>
      <CallbacksPausedBanner
        t={t}
        lang={lang}
        tokenId={props.tokenId}
        csrf={props.owner.csrf}
        {...props.callbacks}
      />
      <p safe>{t("integrations.requests.intro")}</p>
      <DoctorFindings {...props.doctor} />
      <Filters t={t} tokenId={props.tokenId} query={props.query} />
      {props.invalid ? (
        <p class="error" role="alert" safe>
          {t("integrations.requests.filter.invalid")}
        </p>
      ) : (
        ""
      )}
      {rows.length === 0 ? (
        <p id="requests-none" safe>
          {t("integrations.requests.none")}
        </p>
      ) : (
        <table id="recent-requests" class="cards">
          <TableHead caption={title} columns={[t("integrations.requests.col.at"), ...columns]} />
          <tbody>
            {rows.map((row) => (
              <tr data-request-id={row.id} data-status={String(row.status)}>
                <th scope="row">
                  <LocalTime at={row.at} lang={lang} />
                </th>
                <td data-label={columns[0]}>
                  <code class="nowrap" safe>
                    {row.method}
                  </code>{" "}
                  <code safe>{row.path}</code>
                  {requestFlags(t, row).map((flag) => (
                    <>
                      {" "}
                      <span class="badge" safe>
                        {flag}
                      </span>
                    </>
                  ))}
                </td>
                <td data-label={columns[1]} class={row.status >= 400 ? "status-refused" : "status-ok"} safe>
                  {String(row.status)}
                </td>
                <td data-label={columns[2]}>{row.problemCode ? <code safe>{row.problemCode}</code> : ""}</td>
                <td data-label={columns[3]} safe>
                  {t("lead.attempts.ms", { ms: row.latencyMs.toFixed(1) })}
                </td>
                <td data-label={columns[4]}>
                  <a
                    href={requestUrl(props.tokenId, row.id)}
                    aria-label={t("integrations.requests.openLabel", {
                      at: row.at.toISOString(),
                      status: row.status,
                    })}
                    safe
                  >
                    {t("integrations.requests.open")}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        {props.next ? (
          <a
            id="requests-older"
            href={`${requestsUrl(props.tokenId)}${requestsQueryString(props.query, props.next)}`}
            safe
          >
            {t("integrations.requests.older")}
          </a>
        ) : (
          ""
        )}{" "}
        {props.paged ? (
          <a href={`${requestsUrl(props.tokenId)}${requestsQueryString(props.query)}`} safe>
            {t("integrations.requests.newest")}
          </a>
        ) : (
          ""
        )}
      </p>
      <DeliveriesTable
        t={t}
        lang={lang}
        tokenId={props.tokenId}
        csrf={props.owner.csrf}
        attempts={props.deliveries}
        paused={props.callbacks.state.pausedAt !== null}
      />
      <RecoverSection t={t} lang={lang} tokenId={props.tokenId} csrf={props.owner.csrf} />
    </ActionLayout>
  );
}
