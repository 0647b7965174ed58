// A moment on a page: the server writes it in UTC; console.js rewrites it in the browser's time zone (relative while
// recent, "2 minutes ago"), keeps it current, and leaves UTC in the tooltip.
import type { Language } from "../../http/language.ts";
import { shownTime } from "./dates.ts";

/** `absolute`: never "2 minutes ago" (inside a sentence: "given at 9:30 AM", not "at 2 minutes ago"). */
export function LocalTime(props: { at: Date | string; lang: Language; absolute?: boolean }): JSX.Element {
  const utc = shownTime(props.at, props.lang);
  return (
    <time
      datetime={new Date(props.at).toISOString()}
      title={utc}
      data-absolute={props.absolute === true}
      safe
    >
      {utc}
    </time>
  );
}

/**
 * A translated sentence with one moment in it: `template` holds "{at}" (the translator leaves unknown
 * placeholders in place), which becomes an absolute <LocalTime>; the rest is escaped text.
 *
 * @example <TimeSentence template={t("lead.consent.received", { channel })} at={lead.consent.received_at} lang={lang} />
 */
export function TimeSentence(props: { template: string; at: Date | string; lang: Language }): JSX.Element {
  const [before, after = ""] = props.template.split("{at}");
  return (
    <>
      {Bun.escapeHTML(before ?? "")}
      <LocalTime at={props.at} lang={props.lang} absolute />
      {Bun.escapeHTML(after)}
    </>
  );
}
