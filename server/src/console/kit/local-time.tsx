// A moment on a page: the server writes it in UTC; console.js rewrites it in the browser's time zone (relative while
// recent, "2 minutes ago"), keeps it current, and leaves UTC in the tooltip.
import type { Language } from "../../http/language.ts";
import { shownTime } from "./dates.ts";

/** @example <LocalTime at={lead.received_at} lang={lang} /> */
export function LocalTime({ at, lang }: { at: Date | string; lang: Language }): JSX.Element {
  const utc = shownTime(at, lang);
  return (
    <time datetime={new Date(at).toISOString()} title={utc} safe>
      {utc}
    </time>
  );
}

/**
 * A translated sentence with one moment in it: `template` holds "{at}" (the translator leaves unknown
 * placeholders in place), which becomes a <LocalTime>; the rest is escaped text.
 *
 * @example <TimeSentence template={t("lead.consent.received", { channel })} at={lead.consent.received_at} lang={lang} />
 */
export function TimeSentence(props: { template: string; at: Date | string; lang: Language }): JSX.Element {
  const [before, after = ""] = props.template.split("{at}");
  return (
    <>
      {Bun.escapeHTML(before ?? "")}
      <LocalTime at={props.at} lang={props.lang} />
      {Bun.escapeHTML(after)}
    </>
  );
}
