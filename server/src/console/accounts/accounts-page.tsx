// The account chooser: every account the owner belongs to, each a button that switches the session to it.
import type { Membership } from "../../core/accounts/owner-repository.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Layout, type SignedInOwner } from "../kit/layout.tsx";
import { ACCOUNTS_PATH } from "../kit/navigation.ts";

export interface AccountsPageProps {
  lang: Language;
  t: Translate;
  path: string;
  owner: SignedInOwner;
  accounts: Membership[];
  currentId: string;
  /** Where to go once chosen (a console path). */
  next: string;
}

export function AccountsPage(props: AccountsPageProps): JSX.Element {
  const { t } = props;
  return (
    <Layout lang={props.lang} t={t} title={t("accounts.title")} path={props.path} owner={props.owner}>
      <h1>{t("accounts.title")}</h1>
      <p>{t("accounts.intro")}</p>
      <ul class="accounts">
        {props.accounts.map((account) => (
          <li>
            <form method="post" action={`${ACCOUNTS_PATH}/switch`} class="inline">
              <input type="hidden" name="_csrf" value={props.owner.csrf} />
              <input type="hidden" name="account" value={account.id} />
              <input type="hidden" name="next" value={props.next} />
              <button type="submit" aria-label={t("accounts.open", { account: account.slug })} safe>
                {account.slug}
              </button>
            </form>{" "}
            {account.id === props.currentId ? t("accounts.current") : ""}
          </li>
        ))}
      </ul>
    </Layout>
  );
}
