// A token's settings: for an intake-only token, what it asks of a post (bot check, honeypot field, allowed origins);
// for a read token, whether it may read the leads other channels posted.
import type { TokenSettings } from "../../core/accounts/intake-guard.ts";
import { HONEYPOT_FIELD_MAX } from "../../core/accounts/intake-guard.ts";
import { Field } from "../kit/field.tsx";
import { ActionLayout, type ActionPageProps, Buttons } from "./token-action-pages.tsx";

const settingsUrl = (id: string) => `/console/integrations/tokens/${id}/settings`;

export interface TokenSettingsPageProps extends ActionPageProps {
  settings: TokenSettings;
  /** What was sent, shown again with the error beside its field. */
  sent?: { honeypot: string; origins: string };
  error?: { field: "honeypot" | "origins"; text: string };
}

function Checkbox(props: {
  id: string;
  name: string;
  label: string;
  hint: string;
  checked: boolean;
}): JSX.Element {
  return (
    <div class="field">
      <input type="checkbox" id={props.id} name={props.name} value="on" checked={props.checked} />{" "}
      <label for={props.id} safe>
        {props.label}
      </label>
      <p class="hint" safe>
        {props.hint}
      </p>
    </div>
  );
}

export function TokenSettingsPage(props: TokenSettingsPageProps): JSX.Element {
  const { t, settings } = props;
  const title = t("integrations.settingsPage.title", { name: props.tokenName });
  const errorOf = (field: "honeypot" | "origins") =>
    props.error?.field === field ? props.error.text : undefined;
  return (
    <ActionLayout {...props} title={title}>
      <form method="post" action={settingsUrl(props.tokenId)} novalidate>
        <input type="hidden" name="_csrf" value={props.owner.csrf} />
        {settings.scope === "intake" ? (
          <>
            <Checkbox
              id="bot-check"
              name="bot_check"
              label={t("integrations.settings.botCheck")}
              hint={t("integrations.settings.botCheck.hint")}
              checked={settings.botCheckRequired}
            />
            <Field
              id="honeypot"
              name="honeypot"
              label={t("integrations.settings.honeypot")}
              hint={t("integrations.settings.honeypot.hint")}
              value={props.sent?.honeypot ?? settings.honeypotField ?? ""}
              maxlength={HONEYPOT_FIELD_MAX}
              error={errorOf("honeypot")}
            />
            <Field
              id="origins"
              name="origins"
              label={t("integrations.settings.origins")}
              hint={t("integrations.settings.origins.hint")}
              value={props.sent?.origins ?? settings.allowedOrigins?.join(" ") ?? ""}
              error={errorOf("origins")}
            />
          </>
        ) : (
          <Checkbox
            id="reads-all"
            name="reads_all_channels"
            label={t("integrations.settings.readsAll")}
            hint={t("integrations.settings.readsAll.hint")}
            checked={settings.readsAllChannels}
          />
        )}
        <Buttons t={t} submit={t("integrations.settingsPage.submit")} />
      </form>
    </ActionLayout>
  );
}
