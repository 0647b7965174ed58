// "Add to do-not-call" from a lead: the confirmation page (what it does, an optional note), posted to the same
// service as the Do not call page, so the change lands in the list's history like any other.
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";

export const DNC_NOTE_MAX = 500;

export function LeadDncPage(props: {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  leadId: string;
  phone: string;
}): JSX.Element {
  const { t } = props;
  const title = t("lead.dnc.page.title", { phone: props.phone });
  const back = `/console/inbox/${props.leadId}`;
  return (
    <Layout lang={props.lang} t={t} title={title} path={props.path} owner={props.owner} current="inbox">
      <h1 safe>{title}</h1>
      <p>{t("lead.dnc.page.body")}</p>
      <form method="post" action={`${back}/do-not-call`}>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        <Field id="dnc-note" name="note" label={t("lead.dnc.note")} maxlength={DNC_NOTE_MAX} />
        <p>
          <button type="submit" class="danger">
            {t("lead.dnc.submit")}
          </button>{" "}
          <a class="button secondary" href={back}>
            {t("dnc.cancel")}
          </a>
        </p>
      </form>
    </Layout>
  );
}
