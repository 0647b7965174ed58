// A passkey form: "create" adds one (Account page), "get" uses one (sign-in's second step). passkeys.js runs the
// WebAuthn ceremony of `options`, fills the hidden "credential" field and posts the form.
import { assetUrl } from "../kit/assets.ts";
import type { Translate } from "../kit/dictionary.ts";

export interface PasskeyFormProps {
  t: Translate;
  kind: "create" | "get";
  action: string;
  csrf: string;
  /** The options of the ceremony, as JSON. */
  options: string;
  label: string;
  children?: JSX.Element | string;
}

export function PasskeyForm(props: PasskeyFormProps): JSX.Element {
  const { t } = props;
  return (
    <>
      <form
        method="post"
        action={props.action}
        data-passkey={props.kind}
        data-options={props.options}
        data-failed={t("passkey.failed")}
        data-unsupported={t("passkey.unsupported")}
      >
        <input type="hidden" name="_csrf" value={props.csrf} />
        <input type="hidden" name="credential" value="" />
        {props.children ?? ""}
        <button type="submit" class="secondary">
          {props.label}
        </button>{" "}
        <span role="status" data-passkey-status></span>
      </form>
      <script src={assetUrl("webauthn.js")} defer></script>
      <script src={assetUrl("passkeys.js")} defer></script>
    </>
  );
}
