// The page a sign-in link (or an invitation of a new address) opens: choose a password (twice), then signed in.

import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout } from "../kit/layout.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";

export interface SetPasswordPageProps {
  lang: Language;
  t: Translate;
  path: string;
  csrf: string;
  email: string;
  link: string;
  /** The account of an invitation for a new address: said on the page. */
  account?: string;
  errors?: { password?: string; confirm?: string };
}

export function SetPasswordPage({
  lang,
  t,
  path,
  csrf,
  email,
  link,
  account,
  errors = {},
}: SetPasswordPageProps) {
  return (
    <Layout lang={lang} t={t} title={t("link.title")} path={path}>
      <h1>{t("link.title")}</h1>
      {account ? <p safe>{t("invitation.intro", { account })}</p> : ""}
      <p safe>{t("link.intro", { email })}</p>
      <form method="post" action="/console/link" novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="link" value={link} />
        <input type="hidden" name="email" value={email} autocomplete="username" />
        <NewPasswordFields t={t} name="password" errors={errors} />
        <button type="submit">{t("link.submit")}</button>
      </form>
    </Layout>
  );
}
