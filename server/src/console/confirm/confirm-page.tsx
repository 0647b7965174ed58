// The re-confirmation page: the signed-in owner gives their password again, then returns to the page they were on.
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { CONFIRM_PATH } from "../kit/owner-guard.ts";
import { CurrentPasswordField } from "../sign-in/current-password-field.tsx";

export interface ConfirmPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  next: string;
  error?: string;
}

export function ConfirmPage(props: ConfirmPageProps): JSX.Element {
  const { t } = props;
  return (
    <Layout lang={props.lang} t={t} title={t("reconfirm.title")} path={props.path} owner={props.owner}>
      <h1>{t("reconfirm.title")}</h1>
      <p>{t("reconfirm.intro")}</p>
      <form method="post" action={CONFIRM_PATH} novalidate>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        <input type="hidden" name="next" value={props.next} />
        <input type="hidden" name="email" value={props.owner.email} autocomplete="username" />
        <CurrentPasswordField t={t} error={props.error} />
        <button type="submit">{t("reconfirm.submit")}</button>
      </form>
    </Layout>
  );
}
