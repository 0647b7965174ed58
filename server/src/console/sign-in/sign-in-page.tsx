// The sign-in form: email and password, the CSRF token, a message beside the field or above the form.

import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout } from "../kit/layout.tsx";
import { CurrentPasswordField } from "./current-password-field.tsx";

export interface SignInPageProps {
  lang: Language;
  t: Translate;
  path: string;
  csrf: string;
  email?: string;
  errors?: { email?: string; password?: string; form?: string };
  notice?: string;
  /** The console page to open after signing in. */
  next?: string;
}

export function SignInPage({
  lang,
  t,
  path,
  csrf,
  email,
  errors = {},
  notice,
  next,
}: SignInPageProps): JSX.Element {
  return (
    <Layout lang={lang} t={t} title={t("signIn.title")} path={path}>
      <h1>{t("signIn.title")}</h1>
      {notice ? (
        <p class="notice" role="status" safe>
          {notice}
        </p>
      ) : (
        ""
      )}
      {errors.form ? (
        <p class="error" role="alert" id="sign-in-error" safe>
          {errors.form}
        </p>
      ) : (
        ""
      )}
      <form method="post" action="/console/sign-in" novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        {next ? <input type="hidden" name="next" value={next} /> : ""}
        <Field
          id="email"
          name="email"
          type="email"
          label={t("signIn.email")}
          value={email}
          error={errors.email}
          autocomplete="username"
          required
        />
        <CurrentPasswordField t={t} error={errors.password} />
        <p class="check">
          <input type="checkbox" id="keep" name="keep" value="yes" aria-describedby="keep-hint" />{" "}
          <label for="keep">{t("signIn.keep")}</label>
          <span id="keep-hint" class="hint">
            {t("signIn.keepHint")}
          </span>
        </p>
        <button type="submit">{t("signIn.submit")}</button>
      </form>
      <p>
        <a href="/console/forgot">{t("forgot.link")}</a>
      </p>
      <p class="hint">{t("signIn.noAccount")}</p>
    </Layout>
  );
}
