// The detail view of one lead: every stored field, consent as received, keys, repeats, hand-off attempts, hand off again.

import type { LeadDetail } from "../../core/inbox/lead-detail.ts";
import type { Language } from "../../http/language.ts";
import { shownTime } from "../kit/dates.ts";
import type { MessageKey, Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { TableHead } from "../kit/table-head.tsx";
import { leadName, ResponseState } from "./lead-row.tsx";

export interface LeadDetailPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  lead: LeadDetail;
  /** Who asked for each "hand off again", by owner id (their email). */
  requesters: Map<string, string>;
  /** Whether the "hand off again" form is offered. */
  canRetry: boolean;
  /** The outcome of a "hand off again" just posted. */
  notice?: { kind: "ok" | "error"; text: string };
  now: Date;
}

type Shown = string | number | null | undefined;

/** A definition list entry; every value is data (escaped). */
function Entry({ label, value, t }: { label: string; value: Shown; t: Translate }): JSX.Element {
  const text = value === null || value === undefined || value === "" ? t("lead.none") : String(value);
  return (
    <>
      <dt>{label}</dt>
      <dd safe>{text}</dd>
    </>
  );
}

/** A context value as text: strings as they are, anything else as JSON. */
const contextText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function LeadDetailPage(props: LeadDetailPageProps): JSX.Element {
  const { lang, t, lead } = props;
  const name = leadName(lead, t);
  const at = (date: Date | string | null) => (date ? shownTime(date, lang) : null);
  const yesNo = (value: boolean) => t(value ? "lead.yes" : "lead.no");
  const fields: [MessageKey, Shown][] = [
    ["lead.field.id", lead.id],
    ["lead.field.received", at(lead.received_at)],
    ["lead.field.updated", at(lead.updated_at)],
    ["lead.field.respondBy", at(lead.respond_by)],
    ["lead.field.firstName", lead.first_name],
    ["lead.field.lastName", lead.last_name],
    ["lead.field.phoneDisplay", lead.phone_display],
    ["lead.field.phone", lead.phone],
    ["lead.field.email", lead.email],
    ["lead.field.source", lead.source],
    ["lead.field.sourceOriginal", lead.source_original],
    ["lead.field.campaign", lead.source_campaign],
    ["lead.field.propertyRef", lead.property_ref],
    ["lead.field.price", lead.price],
    ["lead.field.language", lead.language],
    ["lead.field.timezone", lead.timezone],
    ["lead.field.sourceEventAt", lead.source_event_at],
    ["lead.field.platform", lead.platform],
    ["lead.field.externalId", lead.external_lead_id],
    ["lead.field.test", yesNo(lead.test)],
    ["lead.field.channel", lead.channel.name],
    [
      "lead.field.eligible",
      lead.call_eligible || !lead.not_called_reason
        ? yesNo(lead.call_eligible)
        : t(`inbox.reason.${lead.not_called_reason}`),
    ],
  ];
  const context = Object.entries(lead.context ?? {});
  return (
    <Layout
      lang={lang}
      t={t}
      title={t("lead.title", { name })}
      path={props.path}
      owner={props.owner}
      current="inbox"
    >
      <p>
        <a href="/console/inbox">{t("lead.back")}</a>
      </p>
      <h1 safe>{t("lead.title", { name })}</h1>
      {lead.test ? <p class="badge badge-test">{t("inbox.test")}</p> : ""}
      {props.notice ? (
        <p id="retry-notice" class={`notice notice-${props.notice.kind}`} role="status" tabindex="-1" safe>
          {props.notice.text}
        </p>
      ) : (
        ""
      )}
      <p class="response" id="lead-state">
        {t("lead.field.state")}:{" "}
        <ResponseState t={t} state={lead.response_state} respondBy={lead.respond_by} now={props.now} />
      </p>
      {props.canRetry ? (
        <section aria-labelledby="retry-title" class="retry">
          <h2 id="retry-title">{t("lead.retry.title")}</h2>
          <p>{t("lead.retry.body")}</p>
          <form method="post" action={`/console/inbox/${lead.id}/hand-off`}>
            <input type="hidden" name="_csrf" value={props.owner.csrf} />
            <button type="submit">{t("lead.retry.submit")}</button>
          </form>
        </section>
      ) : (
        ""
      )}
      <section aria-labelledby="fields-title">
        <h2 id="fields-title">{t("lead.fields")}</h2>
        <dl class="fields">
          {fields.map(([label, value]) => (
            <Entry label={t(label)} value={value} t={t} />
          ))}
        </dl>
      </section>
      <section aria-labelledby="context-title">
        <h2 id="context-title">{t("lead.context")}</h2>
        {context.length === 0 ? (
          <p>{t("lead.context.empty")}</p>
        ) : (
          <table class="context">
            <TableHead
              caption={t("lead.context")}
              columns={[t("lead.context.key"), t("lead.context.value")]}
            />
            <tbody>
              {context.map(([key, value]) => (
                <tr>
                  <th scope="row" safe>
                    {key}
                  </th>
                  <td safe>{contextText(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="consent-title">
        <h2 id="consent-title">{t("lead.consent")}</h2>
        {lead.consent ? (
          <>
            <p safe>
              {t("lead.consent.received", {
                at: shownTime(lead.consent.received_at, lang),
                channel: lead.consent.channel.name,
              })}
            </p>
            <pre id="consent-block" safe>
              {JSON.stringify(lead.consent.block, null, 2)}
            </pre>
          </>
        ) : (
          <p>{t("lead.consent.missing")}</p>
        )}
      </section>
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">{t("lead.keys")}</h2>
        {lead.idempotency_keys.length === 0 ? (
          <p>{t("lead.keys.empty")}</p>
        ) : (
          <ul class="keys">
            {lead.idempotency_keys.map((key) => (
              <li>
                <code safe>{key.key}</code> <time safe>{shownTime(key.created_at, lang)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="repeats-title">
        <h2 id="repeats-title">{t("lead.repeats")}</h2>
        {lead.repeats.length === 0 ? (
          <p>{t("lead.repeats.empty")}</p>
        ) : (
          <table class="repeats">
            <TableHead
              caption={t("lead.repeats")}
              columns={[t("lead.repeats.when"), t("lead.repeats.channel"), t("lead.repeats.changed")]}
            />
            <tbody>
              {lead.repeats.map((repeat) => (
                <tr>
                  <th scope="row" safe>
                    {shownTime(repeat.received_at, lang)}
                  </th>
                  <td safe>{repeat.channel_name}</td>
                  <td safe>
                    {repeat.changed_fields.length > 0
                      ? repeat.changed_fields.join(", ")
                      : t("lead.repeats.nothing")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="attempts-title">
        <h2 id="attempts-title">{t("lead.attempts")}</h2>
        {lead.attempts.length === 0 ? (
          <p>{t("lead.attempts.empty")}</p>
        ) : (
          <table class="attempts">
            <TableHead
              caption={t("lead.attempts")}
              columns={[
                t("lead.attempts.when"),
                t("lead.attempts.number"),
                t("lead.attempts.result"),
                t("lead.attempts.latency"),
              ]}
            />
            <tbody>
              {lead.attempts.map((attempt) => (
                <tr class={attempt.ok ? "attempt-ok" : "attempt-failed"}>
                  <th scope="row" safe>
                    {shownTime(attempt.started_at, lang)}
                  </th>
                  <td>{String(attempt.attempt)}</td>
                  <td safe>
                    {attempt.ok
                      ? t("lead.attempts.ok", { status: attempt.http_status ?? "" })
                      : [
                          attempt.http_status === null
                            ? ""
                            : t("lead.attempts.status", { status: attempt.http_status }),
                          attempt.error ?? "",
                        ]
                          .filter(Boolean)
                          .join(": ")}
                  </td>
                  <td safe>{t("lead.attempts.ms", { ms: attempt.latency_ms })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {lead.retries.length > 0 ? (
        <section aria-labelledby="retries-title">
          <h2 id="retries-title">{t("lead.retries")}</h2>
          <ul class="retries">
            {lead.retries.map((retry) => (
              <li safe>
                {t("lead.retries.entry", {
                  who: props.requesters.get(retry.requested_by) ?? retry.requested_by,
                  at: shownTime(retry.requested_at, lang),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        ""
      )}
      <script src="/console/assets/inbox.js" defer></script>
    </Layout>
  );
}
