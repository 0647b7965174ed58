// The Account page: the owner's second factor (set up an authenticator app from its QR code or its key, renew the
// recovery codes, turn it off) and the account's "require a second factor of every owner".
import type { TotpEnrolment } from "../../core/accounts/totp-factor.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { ACCOUNT_PATH } from "../kit/navigation.ts";
import { CodeField } from "../sign-in/code-field.tsx";

export interface AccountPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  /** Set up: how many recovery codes are left. Absent: not set up (then `enrolment` is). */
  recoveryCodesLeft?: number;
  enrolment?: TotpEnrolment & { qrSvg: string };
  /** The account requires a second factor of every owner. */
  required: boolean;
  notice?: string;
  error?: string;
  /** Codes shown once, after set-up or renewal. */
  newCodes?: string[];
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
      <h2 id="enrol-title">{t("account.enrol.title")}</h2>
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

export function AccountPage(props: AccountPageProps): JSX.Element {
  const { t, lang, owner } = props;
  const on = props.recoveryCodesLeft !== undefined;
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
      {on ? (
        <>
          <p id="second-factor-status">
            {t("account.secondFactor.on", { count: props.recoveryCodesLeft ?? 0 })}
          </p>
          <form method="post" action={`${ACCOUNT_PATH}/recovery-codes`}>
            <input type="hidden" name="_csrf" value={owner.csrf} />
            <button type="submit" class="secondary">
              {t("account.codes.renew")}
            </button>
          </form>
          <form method="post" action={`${ACCOUNT_PATH}/second-factor/remove`}>
            <input type="hidden" name="_csrf" value={owner.csrf} />
            <button type="submit" class="danger">
              {t("account.secondFactor.remove")}
            </button>
          </form>
        </>
      ) : (
        <p id="second-factor-status">{t("account.secondFactor.off")}</p>
      )}
      {props.enrolment ? <Enrolment {...props} enrolment={props.enrolment} /> : ""}
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
