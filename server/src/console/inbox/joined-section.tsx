// A lead that joined an earlier lead's call (one call per number per cool-down) links to it and says when the
// number may be called again; the earlier lead says how many later leads joined it.
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { TimeSentence } from "../kit/local-time.tsx";
import type { LeadView } from "./lead-timeline.tsx";

export function JoinedSection(props: { t: Translate; lang: Language; lead: LeadView }): JSX.Element {
  const { t, lang, lead } = props;
  const joined = lead.joined;
  return (
    <>
      {joined ? (
        <section class="hint" id="joined">
          <p>
            <TimeSentence template={t("lead.joined")} at={joined.received_at} lang={lang} />{" "}
            <a href={`/console/inbox/${joined.lead_id}`}>{t("lead.joined.link")}</a>
          </p>
          <p>
            <TimeSentence template={t("lead.joinedAfter")} at={joined.call_allowed_after} lang={lang} />
          </p>
        </section>
      ) : (
        ""
      )}
      {lead.joined_by > 0 ? (
        <p class="hint" id="joined-by">
          {t("lead.joinedBy", { count: lead.joined_by })}
        </p>
      ) : (
        ""
      )}
    </>
  );
}
