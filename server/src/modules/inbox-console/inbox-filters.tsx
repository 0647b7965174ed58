// The inbox's filter form: a GET form, so the URL holds the filter and can be shared; the CSV link carries it too.
import { LEAD_SOURCES, RESPONSE_STATES } from "@speed-to-lead/spec";
import type { Translate } from "../console/dictionary.ts";
import { type InboxQuery, inboxQueryString } from "./inbox-query.ts";

export interface ChannelOption {
  id: string;
  name: string;
}

function Choice({
  id,
  name,
  label,
  value,
  options,
  anyLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  anyLabel: string;
}): JSX.Element {
  return (
    <div class="filter">
      <label for={id}>{label}</label>
      <select id={id} name={name}>
        <option value="" selected={value === ""}>
          {anyLabel}
        </option>
        {options.map((option) => (
          <option value={option.value} selected={option.value === value} safe>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function InboxFilters({
  t,
  query,
  channels,
}: {
  t: Translate;
  query: InboxQuery;
  channels: ChannelOption[];
}): JSX.Element {
  const any = t("inbox.filter.any");
  const exportHref = `/console/inbox/export.csv?${inboxQueryString(query)}`;
  return (
    <section aria-labelledby="filters-title" class="filters">
      <h2 id="filters-title" class="visually-hidden">
        {t("inbox.filters")}
      </h2>
      <form method="get" action="/console/inbox">
        <Choice
          id="filter-kind"
          name="kind"
          label={t("inbox.filter.kind")}
          value={query.kind}
          anyLabel={any}
          options={[
            { value: "live", label: t("inbox.filter.live") },
            { value: "test", label: t("inbox.filter.test") },
          ]}
        />
        <Choice
          id="filter-eligible"
          name="eligible"
          label={t("inbox.filter.eligible")}
          value={query.eligible}
          anyLabel={any}
          options={[
            { value: "yes", label: t("inbox.filter.yes") },
            { value: "no", label: t("inbox.filter.no") },
          ]}
        />
        <Choice
          id="filter-state"
          name="state"
          label={t("inbox.filter.state")}
          value={query.state}
          anyLabel={any}
          options={RESPONSE_STATES.map((state) => ({ value: state, label: t(`inbox.state.${state}`) }))}
        />
        <Choice
          id="filter-source"
          name="source"
          label={t("inbox.filter.source")}
          value={query.source}
          anyLabel={any}
          options={LEAD_SOURCES.map((source) => ({ value: source, label: source }))}
        />
        <Choice
          id="filter-channel"
          name="channel"
          label={t("inbox.filter.channel")}
          value={query.channel}
          anyLabel={any}
          options={channels.map((channel) => ({ value: channel.id, label: channel.name }))}
        />
        <div class="filter filter-search">
          <label for="filter-q">{t("inbox.filter.search")}</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            value={query.q}
            maxlength={200}
            aria-describedby="filter-q-hint"
          />
          <p id="filter-q-hint" class="hint">
            {t("inbox.filter.searchHint")}
          </p>
        </div>
        <div class="filter-actions">
          <button type="submit">{t("inbox.filter.apply")}</button>
          <a href="/console/inbox">{t("inbox.filter.clear")}</a>
          <a href={exportHref}>{t("inbox.export")}</a>
        </div>
      </form>
    </section>
  );
}
