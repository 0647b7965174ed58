// The fields that choose a password, twice (a sign-in link, an invitation, the Account page's password change).
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";

/** `name` is the new password's form field (its id too); the repetition is always `confirm`. */
export function NewPasswordFields({
  t,
  name,
  errors,
}: {
  t: Translate;
  name: string;
  errors: { password?: string; confirm?: string };
}): JSX.Element {
  return (
    <>
      <Field
        id={name}
        name={name}
        type="password"
        label={t("link.password")}
        hint={t("link.passwordHint")}
        error={errors.password}
        autocomplete="new-password"
        required
      />
      <Field
        id="confirm"
        name="confirm"
        type="password"
        label={t("link.confirm")}
        error={errors.confirm}
        autocomplete="new-password"
        required
      />
    </>
  );
}
