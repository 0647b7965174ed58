// The field that asks a signed-up owner for their password (sign-in, accepting an invitation, re-confirmation).
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";

export function CurrentPasswordField({ t, error }: { t: Translate; error?: string }): JSX.Element {
  return (
    <Field
      id="password"
      name="password"
      type="password"
      label={t("signIn.password")}
      error={error}
      autocomplete="current-password"
      required
    />
  );
}
