// A token's scope on the Integrations page: the create form's choice (with where each kind belongs) and the list's cell.
import { DEFAULT_TOKEN_SCOPE, TOKEN_SCOPES, type TokenScope } from "../../core/accounts/channel-token.ts";
import type { Translate } from "../kit/dictionary.ts";

export interface ScopeChoiceProps {
  t: Translate;
  /** The scope sent, kept when the form was refused. */
  scope?: string;
  error?: string;
}

/** Radio buttons, each with its hint: an intake-only token for browser forms, a read token for servers. */
export function ScopeChoice({ t, scope, error }: ScopeChoiceProps): JSX.Element {
  const chosen = scope ?? DEFAULT_TOKEN_SCOPE;
  return (
    <fieldset
      class={error ? "field invalid" : "field"}
      aria-describedby={error ? "token-scope-error" : undefined}
    >
      <legend>{t("integrations.scope.legend")}</legend>
      {error ? (
        <p class="error" id="token-scope-error" safe>
          {error}
        </p>
      ) : (
        ""
      )}
      {TOKEN_SCOPES.map((choice) => (
        <div>
          <input
            type="radio"
            id={`token-scope-${choice}`}
            name="scope"
            value={choice}
            checked={choice === chosen}
            aria-describedby={`token-scope-${choice}-hint`}
          />
          <label for={`token-scope-${choice}`}>{t(`integrations.scope.${choice}`)}</label>
          <p class="hint" id={`token-scope-${choice}-hint`}>
            {t(`integrations.scope.${choice}Hint`)}
          </p>
        </div>
      ))}
    </fieldset>
  );
}

/** The token list's cell: what the token may do, in a word or two; `label` names the column on a phone's card. */
export function ScopeCell({
  t,
  scope,
  label,
}: {
  t: Translate;
  scope: TokenScope;
  label?: string;
}): JSX.Element {
  return (
    <td class={`scope-${scope}`} data-label={label} safe>
      {t(`integrations.scope.${scope}Short`)}
    </td>
  );
}
