// A quarantined lead's page says why it is held and offers its release; a released one says when it was released.
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { TimeSentence } from "../kit/local-time.tsx";
import type { LeadView } from "./lead-timeline.tsx";

const RELEASE_PATH = (leadId: string) => `/console/inbox/${leadId}/release`;

export function QuarantineSection(props: {
  t: Translate;
  lang: Language;
  lead: LeadView;
  csrf: string;
}): JSX.Element {
  const { t, lead } = props;
  const held = lead.quarantine;
  if (!held) return <></>;
  if (held.released_at)
    return (
      <p class="hint" id="quarantine">
        <TimeSentence template={t("lead.quarantine.released")} at={held.released_at} lang={props.lang} />
      </p>
    );
  return (
    <section aria-labelledby="quarantine-title" class="retry" id="quarantine">
      <h2 id="quarantine-title">
        <span class="badge badge-test">{t("lead.quarantine.badge")}</span> {t("lead.quarantine.title")}
      </h2>
      <p>{t(`lead.quarantine.why.${held.reason}`)}</p>
      <p>{t("lead.quarantine.body")}</p>
      <form method="post" action={RELEASE_PATH(lead.id)}>
        <input type="hidden" name="_csrf" value={props.csrf} />
        <button type="submit">{t("lead.quarantine.release")}</button>
      </form>
    </section>
  );
}
