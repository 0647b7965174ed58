// One page per action on a token (rename, revoke, roll): each confirms before its post.
import type { Children } from "@kitajs/html";
import { ROLL_EXPIRIES, TOKEN_NAME_MAX_LENGTH } from "../../core/accounts/token-service.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { INTEGRATIONS_PATH } from "../kit/navigation.ts";
import type { OwnerContext } from "../kit/owner-guard.ts";

export interface ActionPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  tokenId: string;
  tokenName: string;
}

/** The props of a token's page from the request's context and the token (of the session's account). */
export const actionPageProps = (ctx: OwnerContext, token: { id: string; name: string }): ActionPageProps => ({
  lang: ctx.lang,
  t: ctx.t,
  path: ctx.path,
  owner: ctx.owner,
  tokenId: token.id,
  tokenName: token.name,
});

export function ActionLayout(props: ActionPageProps & { title: string; children: Children }): JSX.Element {
  return (
    <Layout
      lang={props.lang}
      t={props.t}
      title={props.title}
      path={props.path}
      owner={props.owner}
      current="integrations"
    >
      <h1 safe>{props.title}</h1>
      {props.children}
    </Layout>
  );
}

const actionUrl = (id: string, action: string) => `/console/integrations/tokens/${id}/${action}`;

export function Buttons({
  t,
  submit,
  danger,
}: {
  t: Translate;
  submit: string;
  danger?: boolean;
}): JSX.Element {
  return (
    <p>
      <button type="submit" class={danger ? "danger" : undefined} safe>
        {submit}
      </button>{" "}
      <a class="button secondary" href={INTEGRATIONS_PATH}>
        {t("integrations.cancel")}
      </a>
    </p>
  );
}

export function RenamePage(props: ActionPageProps & { name?: string; error?: string }): JSX.Element {
  const { t } = props;
  return (
    <ActionLayout {...props} title={t("integrations.renamePage.title", { name: props.tokenName })}>
      <form method="post" action={actionUrl(props.tokenId, "rename")} novalidate>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        <Field
          id="token-name"
          name="name"
          label={t("integrations.create.name")}
          value={props.name ?? props.tokenName}
          error={props.error}
          maxlength={TOKEN_NAME_MAX_LENGTH}
          required
        />
        <Buttons t={t} submit={t("integrations.renamePage.submit")} />
      </form>
    </ActionLayout>
  );
}

export function RevokePage(props: ActionPageProps): JSX.Element {
  const { t } = props;
  return (
    <ActionLayout {...props} title={t("integrations.revokePage.title", { name: props.tokenName })}>
      <p>{t("integrations.revokePage.body")}</p>
      <form method="post" action={actionUrl(props.tokenId, "revoke")}>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        <Buttons t={t} submit={t("integrations.revokePage.submit")} danger />
      </form>
    </ActionLayout>
  );
}

export function RollPage(props: ActionPageProps & { error?: string }): JSX.Element {
  const { t } = props;
  const choices = Object.keys(ROLL_EXPIRIES) as (keyof typeof ROLL_EXPIRIES)[];
  return (
    <ActionLayout {...props} title={t("integrations.rollPage.title", { name: props.tokenName })}>
      <p>{t("integrations.rollPage.body")}</p>
      <form method="post" action={actionUrl(props.tokenId, "roll")} novalidate>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        <fieldset aria-describedby={props.error ? "expiry-error" : undefined}>
          <legend>{t("integrations.rollPage.expiry")}</legend>
          {props.error ? (
            <p class="error" id="expiry-error" safe>
              {props.error}
            </p>
          ) : (
            ""
          )}
          {choices.map((choice) => (
            <div>
              <input
                type="radio"
                id={`expiry-${choice}`}
                name="expiry"
                value={choice}
                checked={choice === "24h"}
              />
              <label for={`expiry-${choice}`}>{t(`integrations.rollPage.expiry.${choice}`)}</label>
            </div>
          ))}
        </fieldset>
        <Buttons t={t} submit={t("integrations.rollPage.submit")} />
      </form>
    </ActionLayout>
  );
}
