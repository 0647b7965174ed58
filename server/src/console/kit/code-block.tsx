// A block of code with its copy button: wrapped, never clipped, selectable by keyboard.
import type { Translate } from "./dictionary.ts";

/** @example <CodeBlock t={t} id="curl-snippet" code={curl} label={t("integrations.secret.copyCurl")} /> */
export function CodeBlock(props: { t: Translate; id: string; code: string; label: string }): JSX.Element {
  const { t, id, code } = props;
  return (
    <div class="code-block">
      <pre id={id} tabindex="0" safe>
        {code}
      </pre>
      <p class="copy-row">
        <button
          type="button"
          class="secondary"
          data-copy={`#${id}`}
          data-status={`#${id}-status`}
          data-done={t("code.copied")}
          data-failed={t("code.copyFailed")}
          safe
        >
          {props.label}
        </button>{" "}
        <span id={`${id}-status`} role="status"></span>
      </p>
    </div>
  );
}
