// The "Recover since" form on a page of its own when its period was refused: what was sent, each error beside its
// field (422), and the way back to the token's page.
import { RecoverForm, type RecoverFormValues, recoveryIntro } from "./callback-recovery.tsx";
import { requestsUrl } from "./recent-requests-page.tsx";
import { ActionLayout, type ActionPageProps } from "./token-action-pages.tsx";

export function RecoverPage(props: ActionPageProps & { sent: RecoverFormValues }): JSX.Element {
  const { t } = props;
  return (
    <ActionLayout {...props} title={t("integrations.recover.pageTitle", { name: props.tokenName })}>
      <p safe>{recoveryIntro(t, props.lang)}</p>
      <RecoverForm t={t} tokenId={props.tokenId} csrf={props.owner.csrf} sent={props.sent} />
      <p>
        <a href={requestsUrl(props.tokenId)} safe>
          {t("integrations.cancel")}
        </a>
      </p>
    </ActionLayout>
  );
}
