// One inbox row: rendered in the page and sent as is over the live stream, where the browser upserts it by lead id.

import type { InboxRow } from "../../core/inbox/inbox-row.ts";
import type { Language } from "../../http/language.ts";
import { shownTime } from "../kit/dates.ts";
import type { Translate } from "../kit/dictionary.ts";
import { timeLeft } from "./countdown.ts";

export interface LeadRowProps {
  lang: Language;
  t: Translate;
  row: InboxRow;
  now: Date;
}

/** "Ana López", or the placeholder when the application sent no name. */
export const leadName = (lead: { first_name: string | null; last_name: string | null }, t: Translate) =>
  [lead.first_name, lead.last_name].filter(Boolean).join(" ") || t("inbox.noName");

/** The response state, and while pending a countdown that inbox.js ticks from data-respond-by. */
export function ResponseState({
  t,
  state,
  respondBy,
  now,
}: {
  t: Translate;
  state: InboxRow["response_state"];
  respondBy: Date;
  now: Date;
}): JSX.Element {
  const left = timeLeft(respondBy, now);
  return (
    <>
      <span class={`state state-${state}`}>{t(`inbox.state.${state}`)}</span>
      {state === "pending" ? (
        <span
          class="countdown"
          data-respond-by={new Date(respondBy).toISOString()}
          data-left={t("inbox.countdown.left")}
          data-overdue={t("inbox.countdown.overdue")}
          safe
        >
          {left ? t("inbox.countdown.left", { time: left }) : t("inbox.countdown.overdue")}
        </span>
      ) : (
        ""
      )}
    </>
  );
}

export function LeadRow({ lang, t, row, now }: LeadRowProps): JSX.Element {
  const name = leadName(row, t);
  return (
    <tr id={`lead-${row.id}`} data-lead-id={row.id} data-state={row.response_state}>
      <td>
        <time datetime={new Date(row.received_at).toISOString()} safe>
          {shownTime(row.received_at, lang)}
        </time>
      </td>
      <th scope="row">
        <a href={`/console/inbox/${row.id}`} aria-label={t("inbox.detailsOf", { name })} safe>
          {name}
        </a>
        {row.test ? <span class="badge badge-test">{t("inbox.test")}</span> : ""}
      </th>
      <td class="contact">
        {row.phone ? (
          <>
            <span class="phone" safe>
              {row.phone_display ?? row.phone}
            </span>
            <code class="e164" safe>
              {row.phone}
            </code>
          </>
        ) : (
          ""
        )}
        {row.email ? (
          <span class="email" safe>
            {row.email}
          </span>
        ) : (
          ""
        )}
      </td>
      <td>
        <span class="source" safe>
          {row.source_original ? `${row.source} (${row.source_original})` : row.source}
        </span>
        {row.source_campaign ? (
          <span class="campaign" safe>
            {row.source_campaign}
          </span>
        ) : (
          ""
        )}
      </td>
      <td safe>{row.channel_name}</td>
      <td class={row.consent_present ? "consent-present" : "consent-missing"}>
        {row.consent_present ? t("inbox.consent.present") : t("inbox.consent.missing")}
      </td>
      <td>
        {row.call_eligible || !row.not_called_reason
          ? t("inbox.eligible")
          : t(`inbox.reason.${row.not_called_reason}`)}
      </td>
      <td class="response">
        <ResponseState t={t} state={row.response_state} respondBy={row.respond_by} now={now} />
      </td>
    </tr>
  );
}
