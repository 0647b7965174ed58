// A lead's source by its readable name in the page's language; the code (and the value sent, when it was not a
// known source) stays in the tooltip and the CSV.
import { LEAD_SOURCES, type LeadSource } from "@speed-to-lead/spec";
import type { Translate } from "../kit/dictionary.ts";

const isKnown = (source: string): source is LeadSource =>
  (LEAD_SOURCES as readonly string[]).includes(source);

export function SourceName(props: { t: Translate; source: string; original: string | null }): JSX.Element {
  const code = props.original ? `${props.source} (${props.original})` : props.source;
  return (
    <span class="source" title={code} safe>
      {isKnown(props.source) ? props.t(`source.${props.source}`) : code}
    </span>
  );
}
