// The detail view of one lead: its story first (the timeline), what happened in words, do-not-call from here, then
// the fields it carries (empty ones are not listed), consent as a sentence with its evidence, context and keys.

import { IGNORED_FIELDS_KEPT } from "@speed-to-lead/spec";
import type { Language } from "../../http/language.ts";
import { assetUrl } from "../kit/assets.ts";
import type { MessageKey, Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { LocalTime, TimeSentence } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";
import { ConsentEvidence } from "./consent-evidence.tsx";
import { JoinedSection } from "./joined-section.tsx";
import { DncBadge, leadName, OutcomeText, ResponseState } from "./lead-row.tsx";
import { consentSentence, LeadTimeline, type LeadView } from "./lead-timeline.tsx";
import { QuarantineSection } from "./quarantine-section.tsx";
import { SourceName } from "./source-name.tsx";

export interface LeadDetailPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  lead: LeadView;
  /** Who asked for each "hand off again", by owner id (their email). */
  requesters: Map<string, string>;
  /** Whether the "hand off again" form is offered. */
  canRetry: boolean;
  /** The outcome of a form just posted (hand off again, do-not-call). */
  notice?: { kind: "ok" | "error"; text: string };
  now: Date;
}

/** A context value as text: strings as they are, anything else as JSON. */
const contextText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

const DNC_FROM_LEAD = (leadId: string) => `/console/inbox/${leadId}/do-not-call`;

function DncSection({ t, lead }: { t: Translate; lead: LeadView }): JSX.Element {
  if (!lead.phone) return <></>;
  const shown = lead.phone_display ?? lead.phone;
  return (
    <section aria-labelledby="dnc-title" class="lead-dnc">
      <h2 id="dnc-title">{t("nav.dnc")}</h2>
      {lead.phone_listed ? (
        <p>
          <DncBadge t={t} phone={shown} /> {t("lead.dnc.listed")}{" "}
          <a href="/console/do-not-call">{t("lead.dnc.history")}</a>
        </p>
      ) : (
        <p>
          <a class="button secondary" href={DNC_FROM_LEAD(lead.id)} id="add-to-dnc">
            {t("lead.dnc.add")}
          </a>
        </p>
      )}
    </section>
  );
}

export function LeadDetailPage(props: LeadDetailPageProps): JSX.Element {
  const { lang, t, lead } = props;
  const name = leadName(lead, t);
  const yesNo = (value: boolean) => t(value ? "lead.yes" : "lead.no");
  const phone = lead.phone ? (
    <>
      <span class="phone" safe>
        {lead.phone_display ?? lead.phone}
      </span>{" "}
      <code class="e164" safe>
        {lead.phone}
      </code>{" "}
      {lead.phone_listed ? <DncBadge t={t} phone={lead.phone_display ?? lead.phone} /> : ""}
    </>
  ) : null;
  // [label, value as escaped text or an element]; empty values are left out.
  const text = (value: unknown) => (isEmpty(value) ? null : Bun.escapeHTML(String(value)));
  const fields: [MessageKey, JSX.Element | string | null][] = [
    ["lead.field.firstName", text(lead.first_name)],
    ["lead.field.lastName", text(lead.last_name)],
    ["lead.field.phoneDisplay", phone],
    ["lead.field.email", text(lead.email)],
    ["lead.field.source", <SourceName t={t} source={lead.source} original={lead.source_original} />],
    ["lead.field.campaign", text(lead.source_campaign)],
    ["lead.field.propertyRef", text(lead.property_ref)],
    ["lead.field.price", text(lead.price)],
    ["lead.field.language", text(lead.language)],
    ["lead.field.timezone", text(lead.timezone)],
    ["lead.field.usState", text(lead.state)],
    ["lead.field.postalCode", text(lead.postal_code)],
    [
      "lead.field.sourceEventAt",
      lead.source_event_at ? <LocalTime at={lead.source_event_at} lang={lang} /> : null,
    ],
    ["lead.field.platform", text(lead.platform)],
    ["lead.field.externalId", text(lead.external_lead_id)],
    ["lead.field.channel", text(lead.channel.name)],
    ["lead.field.received", <LocalTime at={lead.received_at} lang={lang} />],
    ["lead.field.updated", <LocalTime at={lead.updated_at} lang={lang} />],
    [
      "lead.field.respondBy",
      lead.response_state === "pending" ? <LocalTime at={lead.respond_by} lang={lang} /> : null,
    ],
    ["lead.field.test", lead.test ? yesNo(true) : null],
    ["lead.field.id", text(lead.id)],
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
        <p
          id="retry-notice"
          class={`notice notice-${props.notice.kind}`}
          role="status"
          tabindex="-1"
          data-focus-on-load
          safe
        >
          {props.notice.text}
        </p>
      ) : (
        ""
      )}
      <p class="response" id="lead-state">
        {t("lead.field.state")}:{" "}
        <ResponseState t={t} state={lead.response_state} respondBy={lead.respond_by} now={props.now} />
        {" · "}
        <OutcomeText t={t} lead={lead} />
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
      <QuarantineSection t={t} lang={lang} lead={lead} csrf={props.owner.csrf} />
      <JoinedSection t={t} lang={lang} lead={lead} />
      <LeadTimeline t={t} lang={lang} lead={lead} requesters={props.requesters} />
      <DncSection t={t} lead={lead} />
      <section aria-labelledby="fields-title">
        <h2 id="fields-title">{t("lead.fields")}</h2>
        <dl class="fields">
          {fields
            .filter(([, value]) => value !== null)
            .map(([label, value]) => (
              <>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </>
            ))}
        </dl>
      </section>
      <section aria-labelledby="consent-title">
        <h2 id="consent-title">{t("lead.consent")}</h2>
        {lead.consent ? (
          <>
            <p id="consent-sentence">
              <TimeSentence
                template={consentSentence(t, lead.consent.block)}
                at={lead.consent.block.captured_at}
                lang={lang}
              />
            </p>
            <p class="hint">
              <TimeSentence
                template={t("lead.consent.received", { channel: lead.consent.channel.name })}
                at={lead.consent.received_at}
                lang={lang}
              />
            </p>
            <ConsentEvidence t={t} block={lead.consent.block} />
          </>
        ) : (
          <p>{t("lead.consent.missing")}</p>
        )}
      </section>
      {lead.ignored_fields.length > 0 ? (
        <section aria-labelledby="ignored-title">
          <h2 id="ignored-title">{t("lead.ignored")}</h2>
          <p class="hint">{t("lead.ignored.body")}</p>
          <ul class="ignored" id="ignored-fields">
            {lead.ignored_fields.map((name) => (
              <li>
                <code safe>{name}</code>
              </li>
            ))}
          </ul>
          {lead.ignored_fields.length >= IGNORED_FIELDS_KEPT ? (
            <p class="hint" id="ignored-more" safe>
              {t("lead.ignored.more", { count: IGNORED_FIELDS_KEPT })}
            </p>
          ) : (
            ""
          )}
        </section>
      ) : (
        ""
      )}
      {context.length > 0 ? (
        <section aria-labelledby="context-title">
          <h2 id="context-title">{t("lead.context")}</h2>
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
        </section>
      ) : (
        ""
      )}
      <p>
        <a id="evidence-download" href={`/console/inbox/${lead.id}/evidence.json`} download="">
          {t("lead.evidence.download")}
        </a>
      </p>
      {lead.idempotency_keys.length > 0 ? (
        <section aria-labelledby="keys-title">
          <h2 id="keys-title">{t("lead.keys")}</h2>
          <ul class="keys">
            {lead.idempotency_keys.map((key) => (
              <li>
                <code safe>{key.key}</code> <LocalTime at={key.created_at} lang={lang} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        ""
      )}
      <script src={assetUrl("inbox.js")} defer></script>
    </Layout>
  );
}
