// The second step of signing in for an owner with a second factor: a code from their app, a recovery code, or one of
// their passkeys.
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout } from "../kit/layout.tsx";
import { CodeField } from "./code-field.tsx";
import { PasskeyForm } from "./passkey-form.tsx";
import { SECOND_FACTOR_PATH } from "./session-start.ts";

export interface SecondFactorPageProps {
  lang: Language;
  t: Translate;
  path: string;
  csrf: string;
  error?: string;
  /** The owner has passkeys: the options of using one (JSON). */
  passkeyOptions?: string;
}

export function SecondFactorPage({
  lang,
  t,
  path,
  csrf,
  error,
  passkeyOptions,
}: SecondFactorPageProps): JSX.Element {
  return (
    <Layout lang={lang} t={t} title={t("secondFactor.signIn.title")} path={path}>
      <h1>{t("secondFactor.signIn.title")}</h1>
      <p>{t("secondFactor.signIn.intro")}</p>
      <form method="post" action={SECOND_FACTOR_PATH} novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <CodeField t={t} error={error} />
        <button type="submit">{t("secondFactor.signIn.submit")}</button>
      </form>
      {passkeyOptions ? (
        <PasskeyForm
          t={t}
          kind="get"
          action={SECOND_FACTOR_PATH}
          csrf={csrf}
          options={passkeyOptions}
          label={t("passkey.use")}
        />
      ) : (
        ""
      )}
      <p>
        <a href="/console/sign-in">{t("secondFactor.signIn.restart")}</a>
      </p>
    </Layout>
  );
}
