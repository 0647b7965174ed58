// The page an invitation opens for a person who already has a password: they accept by signing in with it.

import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout } from "../kit/layout.tsx";
import { CurrentPasswordField } from "./current-password-field.tsx";

export interface JoinPageProps {
  lang: Language;
  t: Translate;
  path: string;
  csrf: string;
  email: string;
  link: string;
  account: string;
  errors?: { password?: string };
}

export function JoinPage({ lang, t, path, csrf, email, link, account, errors = {} }: JoinPageProps) {
  const title = t("invitation.join.title", { account });
  return (
    <Layout lang={lang} t={t} title={title} path={path}>
      <h1 safe>{title}</h1>
      <p safe>{t("invitation.join.intro", { email, account })}</p>
      <form method="post" action="/console/link" novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="link" value={link} />
        <input type="hidden" name="email" value={email} autocomplete="username" />
        <CurrentPasswordField t={t} error={errors.password} />
        <button type="submit">{t("invitation.join.submit")}</button>
      </form>
      <p>
        <a href="/console/forgot">{t("forgot.link")}</a>
      </p>
    </Layout>
  );
}
