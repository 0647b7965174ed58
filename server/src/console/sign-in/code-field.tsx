// The field that asks for a second-factor code: six digits from the authenticator app, or a recovery code.
import type { Translate } from "../kit/dictionary.ts";

export function CodeField({
  t,
  error,
  recovery = true,
}: {
  t: Translate;
  error?: string;
  /** Recovery codes are accepted here (sign-in, re-confirmation), not while setting the app up. */
  recovery?: boolean;
}): JSX.Element {
  const describedBy = ["code-hint", error ? "code-error" : ""].filter(Boolean).join(" ");
  return (
    <div class={error ? "field invalid" : "field"}>
      <label for="code">{t("secondFactor.code")}</label>
      <p class="hint" id="code-hint">
        {t(recovery ? "secondFactor.codeHint" : "secondFactor.codeHintApp")}
      </p>
      {error ? (
        <p class="error" id="code-error" safe>
          {error}
        </p>
      ) : (
        ""
      )}
      <input
        id="code"
        name="code"
        type="text"
        autocomplete="one-time-code"
        inputmode={recovery ? "text" : "numeric"}
        spellcheck="false"
        maxlength={64}
        required
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
