// The Integrations page: the create form (with the new secret once created) and the account's tokens.

import { type AccountToken, TOKEN_NAME_MAX_LENGTH } from "../../core/accounts/token-service.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { CooldownSection, type CooldownSectionProps } from "./cooldown-section.tsx";
import { NewSecret, type NewSecretProps } from "./new-secret.tsx";
import { ScopeChoice } from "./token-scope.tsx";
import { TokenTable } from "./token-table.tsx";

export interface CreateSectionProps {
  t: Translate;
  lang: Language;
  csrf: string;
  /** The name typed, kept when it was refused. */
  name?: string;
  nameError?: string;
  /** The scope sent, kept when the form was refused. */
  scope?: string;
  scopeError?: string;
  created?: Omit<NewSecretProps, "t" | "lang">;
}

/** The secret just created or rolled (once), and the create form; htmx swaps it whole when a field is refused. */
export function CreateSection(props: CreateSectionProps): JSX.Element {
  const { t, lang, csrf, name, nameError, created } = props;
  return (
    <section id="create-section" aria-labelledby="create-title">
      {created ? <NewSecret t={t} lang={lang} {...created} /> : ""}
      <h2 id="create-title">{t("integrations.create.title")}</h2>
      <form
        method="post"
        action="/console/integrations/tokens"
        hx-post="/console/integrations/tokens"
        hx-target="#create-section"
        hx-swap="outerHTML"
        novalidate
      >
        <input type="hidden" name="_csrf" value={csrf} />
        <Field
          id="token-name"
          name="name"
          label={t("integrations.create.name")}
          hint={t("integrations.create.nameHint")}
          value={name}
          error={nameError}
          maxlength={TOKEN_NAME_MAX_LENGTH}
          required
        />
        <ScopeChoice t={t} scope={props.scope} error={props.scopeError} />
        <button type="submit">{t("integrations.create.submit")}</button>
      </form>
    </section>
  );
}

export interface IntegrationsPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  tokens: AccountToken[];
  now: Date;
  create: Omit<CreateSectionProps, "t" | "lang" | "csrf">;
  /** The confirmation line of a rename or revoke just done. */
  confirmation?: string;
  /** The account's call cool-down, with what was sent and its error when refused. */
  cooldown: Omit<CooldownSectionProps, "t" | "csrf">;
}

export function IntegrationsPage(props: IntegrationsPageProps): JSX.Element {
  const { lang, t, owner } = props;
  return (
    <Layout
      lang={lang}
      t={t}
      title={t("integrations.title")}
      path={props.path}
      owner={owner}
      current="integrations"
    >
      <h1>{t("integrations.title")}</h1>
      {props.confirmation ? (
        <p id="confirmation" class="notice" role="status" tabindex="-1" data-focus-on-load safe>
          {props.confirmation}
        </p>
      ) : (
        ""
      )}
      <p>{t("integrations.intro")}</p>
      <CreateSection t={t} lang={lang} csrf={owner.csrf} {...props.create} />
      <h2 id="tokens-title">{t("integrations.tokens")}</h2>
      <TokenTable lang={lang} t={t} tokens={props.tokens} now={props.now} />
      <CooldownSection t={t} csrf={owner.csrf} {...props.cooldown} />
    </Layout>
  );
}
