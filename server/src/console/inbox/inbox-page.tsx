// The inbox page: filters (folded on a phone), the live status line, the leads table (newest first, cards on a
// phone) and the "older" link; a new account's empty inbox points to Integrations and its test lead.

import type { ChannelOption } from "../../core/inbox/account-directory.ts";
import type { InboxRow } from "../../core/inbox/inbox-row.ts";
import type { Language } from "../../http/language.ts";
import { assetUrl } from "../kit/assets.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { INTEGRATIONS_PATH } from "../kit/navigation.ts";
import { TableHead } from "../kit/table-head.tsx";
import { InboxFilters } from "./inbox-filters.tsx";
import { type InboxQuery, inboxQueryString } from "./inbox-query.ts";
import { inboxColumns, LeadRow } from "./lead-row.tsx";

export interface InboxPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  query: InboxQuery;
  channels: ChannelOption[];
  rows: InboxRow[];
  nextCursor?: string;
  /** Set on an older page: the stream only runs on the first page. */
  paged: boolean;
  /** Where the live stream starts: this page's read time. */
  streamCursor: string;
  now: Date;
  /** No lead ever reached the account: the empty inbox says how to get the first one. */
  newAccount: boolean;
}

export function InboxPage(props: InboxPageProps): JSX.Element {
  const { lang, t, query, rows } = props;
  const streamUrl = `/console/inbox/events?${inboxQueryString(query, { cursor: props.streamCursor })}`;
  return (
    <Layout lang={lang} t={t} title={t("inbox.title")} path={props.path} owner={props.owner} current="inbox">
      <h1>{t("inbox.title")}</h1>
      <p>{t("inbox.intro")}</p>
      <InboxFilters t={t} query={query} channels={props.channels} />
      {props.paged ? (
        ""
      ) : (
        <p
          id="live-status"
          class="live-status"
          role="status"
          aria-live="polite"
          data-stream={streamUrl}
          data-on={t("inbox.live.on")}
          data-off={t("inbox.live.off")}
          data-added-one={t("inbox.live.sinceOne")}
          data-added-other={t("inbox.live.since")}
        >
          {t("inbox.live.connecting")}
        </p>
      )}
      <table id="inbox-table" class="inbox cards">
        <TableHead caption={t("inbox.leads")} columns={inboxColumns(t)} />
        <tbody id="inbox-rows">
          {rows.map((row) => (
            <LeadRow lang={lang} t={t} row={row} now={props.now} />
          ))}
        </tbody>
      </table>
      {props.newAccount ? (
        <section id="inbox-empty" class="empty new-account" aria-labelledby="new-account-title">
          <h2 id="new-account-title">{t("inbox.new.title")}</h2>
          <p>{t("inbox.new.body")}</p>
          <p>
            <a class="button" href={INTEGRATIONS_PATH}>
              {t("inbox.new.link")}
            </a>
          </p>
        </section>
      ) : (
        <p id="inbox-empty" class="empty" hidden={rows.length > 0}>
          {t("inbox.empty")}
        </p>
      )}
      <nav class="pager" aria-label={t("inbox.leads")}>
        {props.paged ? <a href={`/console/inbox?${inboxQueryString(query)}`}>{t("inbox.newest")}</a> : ""}
        {props.nextCursor ? (
          <a href={`/console/inbox?${inboxQueryString(query, { cursor: props.nextCursor })}`} rel="next">
            {t("inbox.older")}
          </a>
        ) : (
          ""
        )}
      </nav>
      <script src={assetUrl("inbox.js")} defer></script>
    </Layout>
  );
}
