// The inbox's filter form: a GET form, so the URL holds the filter and can be shared; the CSV link carries it too.
import { LEAD_SOURCES, RESPONSE_STATES } from "@speed-to-lead/spec";
import type { ChannelOption } from "../../core/inbox/account-directory.ts";
import type { Translate } from "../kit/dictionary.ts";
import { type InboxQuery, inboxQueryString } from "./inbox-query.ts";

/** The filters chosen from a list; each is labelled `inbox.filter.<name>` and offers "any" first. */
type ChoiceFilter = Exclude<keyof InboxQuery, "q">;

interface ChoiceOption {
  value: string;
  label: string;
}

function Choice({
  t,
  name,
  value,
  options,
}: {
  t: Translate;
  name: ChoiceFilter;
  value: string;
  options: ChoiceOption[];
}): JSX.Element {
  const id = `filter-${name}`;
  return (
    <div class="filter">
      <label for={id}>{t(`inbox.filter.${name}`)}</label>
      <select id={id} name={name}>
        <option value="" selected={value === ""}>
          {t("inbox.filter.any")}
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
  const exportHref = `/console/inbox/export.csv?${inboxQueryString(query)}`;
  const choices: Record<ChoiceFilter, ChoiceOption[]> = {
    kind: [
      { value: "live", label: t("inbox.filter.live") },
      { value: "test", label: t("inbox.filter.test") },
    ],
    eligible: [
      { value: "yes", label: t("inbox.filter.yes") },
      { value: "no", label: t("inbox.filter.no") },
    ],
    state: RESPONSE_STATES.map((state) => ({ value: state, label: t(`inbox.state.${state}`) })),
    source: LEAD_SOURCES.map((source) => ({ value: source, label: t(`source.${source}`) })),
    channel: channels.map((channel) => ({ value: channel.id, label: channel.name })),
  };
  return (
    <section aria-labelledby="filters-title" class="filters">
      <h2 id="filters-title" class="visually-hidden">
        {t("inbox.filters")}
      </h2>
      <button
        type="button"
        class="secondary filters-toggle"
        aria-expanded="false"
        aria-controls="filters-form"
        data-fold="#filters-form"
      >
        {t("inbox.filters.show")}
      </button>
      <form method="get" action="/console/inbox" id="filters-form">
        {(Object.keys(choices) as ChoiceFilter[]).map((name) => (
          <Choice t={t} name={name} value={query[name]} options={choices[name]} />
        ))}
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
