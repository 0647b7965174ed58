// "Forgot password?": the email form when the server can mail, else whom to ask; and the same answer after any
// request, whether or not the email belongs to an owner.
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout } from "../kit/layout.tsx";

export const FORGOT_PATH = "/console/forgot";

export function ForgotPage(props: {
  lang: Language;
  t: Translate;
  path: string;
  csrf: string;
  /** SMTP_URL is set. */
  canMail: boolean;
  sent?: boolean;
  email?: string;
  error?: string;
}): JSX.Element {
  const { t } = props;
  return (
    <Layout lang={props.lang} t={t} title={t("forgot.title")} path={props.path}>
      <h1>{t("forgot.title")}</h1>
      {!props.canMail ? (
        <p id="forgot-no-mail">{t("forgot.noMail")}</p>
      ) : props.sent ? (
        <p id="forgot-sent" class="notice" role="status" tabindex="-1" data-focus-on-load>
          {t("forgot.sent")}
        </p>
      ) : (
        <>
          <p>{t("forgot.intro")}</p>
          <form method="post" action={FORGOT_PATH} novalidate>
            <input type="hidden" name="_csrf" value={props.csrf} />
            <Field
              id="email"
              name="email"
              type="email"
              label={t("signIn.email")}
              value={props.email}
              error={props.error}
              autocomplete="username"
              required
            />
            <button type="submit">{t("forgot.submit")}</button>
          </form>
        </>
      )}
      <p>
        <a href="/console/sign-in">{t("forgot.back")}</a>
      </p>
    </Layout>
  );
}
