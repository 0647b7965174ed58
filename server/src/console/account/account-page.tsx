// The Account page: the owner's second factor (an authenticator app set up from its QR code or its key, passkeys,
// the recovery codes) and the account's "require a second factor of every owner".
import type { PasskeyListing } from "../../core/accounts/passkeys.ts";
import type { TotpEnrolment } from "../../core/accounts/totp-factor.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { LocalTime } from "../kit/local-time.tsx";
import { ACCOUNT_PATH } from "../kit/navigation.ts";
import { CodeField } from "../sign-in/code-field.tsx";
import { PasskeyForm } from "../sign-in/passkey-form.tsx";
import { type PasswordErrors, PasswordForm } from "./password-change.tsx";

export interface AccountPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  /** The authenticator app is set up. */
  totp: boolean;
  /** With any second factor: how many recovery codes are left. */
  recoveryCodesLeft?: number;
  /** The app is not set up: its pending key. */
  enrolment?: TotpEnrolment & { qrSvg: string };
  passkeys: PasskeyListing[];
  /** The options of adding a passkey (JSON); absent at the most allowed. */
  passkeyOptions?: string;
  /** Adding a passkey was refused. */
  passkeyError?: string;
  /** The account requires a second factor of every owner. */
  required: boolean;
  notice?: string;
  error?: string;
  /** Codes shown once, after set-up or renewal. */
  newCodes?: string[];
  /** The password change was refused: why, beside its fields. */
  passwordErrors?: PasswordErrors;
}

function RecoveryCodes({ t, codes }: { t: Translate; codes: string[] }): JSX.Element {
  return (
    <section class="secret" aria-labelledby="codes-title">
      <h2 id="codes-title" tabindex="-1" data-focus-on-load>
        {t("account.codes.title")}
      </h2>
      <p>{t("account.codes.once")}</p>
      <ul class="recovery-codes" id="recovery-codes">
        {codes.map((code) => (
          <li>
            <code safe>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Enrolment({
  t,
  owner,
  enrolment,
  error,
}: AccountPageProps & { enrolment: AccountPageProps["enrolment"] & {} }) {
  return (
    <section aria-labelledby="enrol-title">
      <h3 id="enrol-title">{t("account.enrol.title")}</h3>
      <ol>
        <li>{t("account.enrol.step1")}</li>
        <li>
          {t("account.enrol.step2")}
          <figure class="qr">
            <div role="img" aria-label={t("account.enrol.qrLabel")}>
              {enrolment.qrSvg}
            </div>
            <figcaption>
              {t("account.enrol.key")}{" "}
              <code id="totp-secret" safe>
                {enrolment.secret}
              </code>
            </figcaption>
          </figure>
        </li>
        <li>{t("account.enrol.step3")}</li>
      </ol>
      <form method="post" action={`${ACCOUNT_PATH}/second-factor`} novalidate>
        <input type="hidden" name="_csrf" value={owner.csrf} />
        <CodeField t={t} error={error} recovery={false} />
        <button type="submit">{t("account.enrol.submit")}</button>
      </form>
    </section>
  );
}

function Passkeys({ t, lang, owner, passkeys, passkeyOptions, passkeyError }: AccountPageProps): JSX.Element {
  return (
    <section aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t("passkey.title")}</h2>
      <p>{t("passkey.intro")}</p>
      {passkeyError ? (
        <p class="error" role="alert" safe>
          {passkeyError}
        </p>
      ) : (
        ""
      )}
      {passkeys.length > 0 ? (
        <ul class="passkeys">
          {passkeys.map((passkey) => (
            <li data-passkey-id={passkey.id}>
              <strong safe>{passkey.name}</strong> <LocalTime at={passkey.created_at} lang={lang} />{" "}
              <form method="post" action={`${ACCOUNT_PATH}/passkeys/${passkey.id}/remove`} class="inline">
                <input type="hidden" name="_csrf" value={owner.csrf} />
                <button
                  type="submit"
                  class="link"
                  aria-label={t("passkey.removeFor", { name: passkey.name })}
                >
                  {t("passkey.remove")}
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        ""
      )}
      {passkeyOptions ? (
        <PasskeyForm
          t={t}
          kind="create"
          action={`${ACCOUNT_PATH}/passkeys`}
          csrf={owner.csrf}
          options={passkeyOptions}
          label={t("passkey.add")}
        >
          <div class="field">
            <label for="passkey-name">{t("passkey.name")}</label>
            <input id="passkey-name" name="name" type="text" maxlength={60} autocomplete="off" />
          </div>
        </PasskeyForm>
      ) : (
        <p class="hint">{t("passkey.tooMany")}</p>
      )}
    </section>
  );
}

export function AccountPage(props: AccountPageProps): JSX.Element {
  const { t, lang, owner } = props;
  return (
    <Layout lang={lang} t={t} title={t("account.title")} path={props.path} owner={owner} current="account">
      <h1>{t("account.title")}</h1>
      {props.notice ? (
        <p id="confirmation" class="notice notice-ok" role="status" tabindex="-1" data-focus-on-load safe>
          {props.notice}
        </p>
      ) : (
        ""
      )}
      {props.newCodes ? <RecoveryCodes t={t} codes={props.newCodes} /> : ""}
      <h2>{t("account.secondFactor.title")}</h2>
      <p id="second-factor-status">
        {props.recoveryCodesLeft === undefined
          ? t("account.secondFactor.off")
          : t("account.secondFactor.on", { count: props.recoveryCodesLeft })}
      </p>
      {props.recoveryCodesLeft === undefined ? (
        ""
      ) : (
        <form method="post" action={`${ACCOUNT_PATH}/recovery-codes`}>
          <input type="hidden" name="_csrf" value={owner.csrf} />
          <button type="submit" class="secondary">
            {t("account.codes.renew")}
          </button>
        </form>
      )}
      <h2>{t("account.app.title")}</h2>
      {props.totp ? (
        <form method="post" action={`${ACCOUNT_PATH}/second-factor/remove`}>
          <p>{t("account.app.on")}</p>
          <input type="hidden" name="_csrf" value={owner.csrf} />
          <button type="submit" class="danger">
            {t("account.secondFactor.remove")}
          </button>
        </form>
      ) : (
        ""
      )}
      {props.enrolment ? <Enrolment {...props} enrolment={props.enrolment} /> : ""}
      <Passkeys {...props} />
      <PasswordForm t={t} csrf={owner.csrf} errors={props.passwordErrors} />
      <h2>{t("account.require.title", { account: owner.accountSlug })}</h2>
      <form method="post" action={`${ACCOUNT_PATH}/require`}>
        <input type="hidden" name="_csrf" value={owner.csrf} />
        <p class="check">
          <input
            type="checkbox"
            id="require"
            name="require"
            value="yes"
            checked={props.required}
            aria-describedby="require-hint"
          />{" "}
          <label for="require">{t("account.require.label")}</label>{" "}
          <span id="require-hint" class="hint">
            {t("account.require.hint")}
          </span>
        </p>
        <button type="submit" class="secondary">
          {t("account.require.submit")}
        </button>
      </form>
    </Layout>
  );
}
