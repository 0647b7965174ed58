// One inbox row: rendered in the page and sent as is over the live stream, where the browser upserts it by lead id.
// Under about 600 px the row is a card (console.css); each cell carries its column's name for that.

import type { InboxRow } from "../../core/inbox/inbox-row.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { LocalTime } from "../kit/local-time.tsx";
import { timeLeft } from "./countdown.ts";
import { leadOutcome } from "./lead-outcome.ts";
import { SourceName } from "./source-name.tsx";

export interface LeadRowProps {
  lang: Language;
  t: Translate;
  row: InboxRow;
  now: Date;
}

/** "Ana López", or the placeholder when the application sent no name. */
export const leadName = (lead: { first_name: string | null; last_name: string | null }, t: Translate) =>
  [lead.first_name, lead.last_name].filter(Boolean).join(" ") || t("inbox.noName");

/** The inbox's column headings, in order; the cells repeat them for the phone's cards. */
export const inboxColumns = (t: Translate) => [
  t("inbox.col.when"),
  t("inbox.col.name"),
  t("inbox.col.contact"),
  t("inbox.col.source"),
  t("inbox.col.channel"),
  t("inbox.col.consent"),
  t("inbox.col.eligible"),
  t("inbox.col.state"),
];

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

/** A listed number's badge: the text says it, colour is not needed. */
export function DncBadge({ t, phone }: { t: Translate; phone: string }): JSX.Element {
  return (
    <span class="badge badge-dnc" title={t("dnc.badgeFor", { phone })}>
      {t("dnc.badge")}
    </span>
  );
}

/** What happened to the lead: neutral for an email answer, red only when the owner is needed. */
export function OutcomeText({
  t,
  lead,
}: {
  t: Translate;
  lead: Parameters<typeof leadOutcome>[0];
}): JSX.Element {
  const outcome = leadOutcome(lead);
  return (
    <span class={`outcome outcome-${outcome.kind}${outcome.kind === "needs-owner" ? " needs-owner" : ""}`}>
      {t(outcome.label)}
      {outcome.detail ? <span class="outcome-detail">{` (${t(outcome.detail)})`}</span> : ""}
    </span>
  );
}

export function LeadRow({ lang, t, row, now }: LeadRowProps): JSX.Element {
  const name = leadName(row, t);
  const label = inboxColumns(t);
  return (
    <tr id={`lead-${row.id}`} data-lead-id={row.id} data-state={row.response_state}>
      <td data-label={label[0]}>
        <LocalTime at={row.received_at} lang={lang} />
      </td>
      <th scope="row">
        <a href={`/console/inbox/${row.id}`} aria-label={t("inbox.detailsOf", { name })} safe>
          {name}
        </a>
        {row.test ? <span class="badge badge-test">{t("inbox.test")}</span> : ""}
      </th>
      <td class="contact" data-label={label[2]}>
        {row.phone ? (
          <span class="phone-line">
            <span class="phone" title={row.phone} safe>
              {row.phone_display ?? row.phone}
            </span>{" "}
            {row.phone_listed ? <DncBadge t={t} phone={row.phone_display ?? row.phone} /> : ""}
          </span>
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
      <td data-label={label[3]}>
        <SourceName t={t} source={row.source} original={row.source_original} />
        {row.source_campaign ? (
          <span class="campaign" safe>
            {row.source_campaign}
          </span>
        ) : (
          ""
        )}
      </td>
      <td data-label={label[4]} safe>
        {row.channel_name}
      </td>
      <td data-label={label[5]} class={row.consent_present ? "consent-present" : "consent-missing"}>
        {row.consent_present ? t("inbox.consent.present") : t("inbox.consent.missing")}
      </td>
      <td data-label={label[6]}>
        <OutcomeText t={t} lead={row} />
      </td>
      <td class="response" data-label={label[7]}>
        <ResponseState t={t} state={row.response_state} respondBy={row.respond_by} now={now} />
      </td>
    </tr>
  );
}
