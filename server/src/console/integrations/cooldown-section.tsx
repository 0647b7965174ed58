// The account's call cool-down on the Integrations page: how long a number waits before a post-only token's lead
// starts another call to it. The cool-down guards against call bombing through the tokens this page hands out.
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";

export const COOLDOWN_PATH = "/console/integrations/cooldown";

export interface CooldownSectionProps {
  t: Translate;
  csrf: string;
  /** The account's cool-down in hours. */
  hours: number;
  /** What was sent, shown again with the error beside the field. */
  sent?: string;
  error?: string;
}

export function CooldownSection(props: CooldownSectionProps): JSX.Element {
  const { t } = props;
  return (
    <section id="cooldown-section" aria-labelledby="cooldown-title">
      <h2 id="cooldown-title">{t("integrations.cooldown.title")}</h2>
      <form method="post" action={COOLDOWN_PATH} novalidate>
        <input type="hidden" name="_csrf" value={props.csrf} />
        <Field
          id="cooldown-hours"
          name="hours"
          label={t("integrations.cooldown.hours")}
          hint={t("integrations.cooldown.hint")}
          value={props.sent ?? String(props.hours)}
          inputmode="numeric"
          maxlength={3}
          error={props.error}
          required
        />
        <button type="submit">{t("integrations.cooldown.submit")}</button>
      </form>
    </section>
  );
}
