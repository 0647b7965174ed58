// A token's status-callback controls on its Recent requests page: the banner of a paused token with its one-click
// "Resume", the "Recover since" form, the line a post leaves; and the page that shows the form again with its errors.
import type { TokenCallbackState } from "../../core/callbacks/callback-pause.ts";
import { RECOVERY_CAP } from "../../core/callbacks/callback-recovery.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { Field } from "../kit/field.tsx";
import { TimeSentence } from "../kit/local-time.tsx";
import type { ConsoleNotice } from "../kit/notices.ts";
import type { PeriodField } from "./recovery-period.ts";

export const callbacksUrl = (tokenId: string, action: "recover" | "resume") =>
  `/console/integrations/tokens/${tokenId}/callbacks/${action}`;

/** What the form sent, shown again with the errors beside their fields. */
export interface RecoverFormValues {
  from: string;
  to: string;
  errors?: Partial<Record<PeriodField, string>>;
}

export function RecoverForm(props: {
  t: Translate;
  tokenId: string;
  csrf: string;
  sent?: RecoverFormValues;
}) {
  const { t, sent } = props;
  return (
    <form method="post" action={callbacksUrl(props.tokenId, "recover")} novalidate id="recover-form">
      <input type="hidden" name="_csrf" value={props.csrf} />
      <Field
        id="recover-from"
        name="from"
        label={t("integrations.recover.from")}
        hint={t("integrations.recover.fromHint")}
        value={sent?.from ?? ""}
        error={sent?.errors?.from}
        maxlength={40}
        required
      />
      <Field
        id="recover-to"
        name="to"
        label={t("integrations.recover.to")}
        hint={t("integrations.recover.toHint")}
        value={sent?.to ?? ""}
        error={sent?.errors?.to}
        maxlength={40}
      />
      <button type="submit" safe>
        {t("integrations.recover.submit")}
      </button>
    </form>
  );
}

/** A moment as the form takes it back: "2026-11-27 14:00:05Z" (UTC, to the second). */
const shownRecoveryStart = (iso: string) => `${iso.slice(0, 19).replace("T", " ")}Z`;

/** The confirmation a recovery or a resume left for this page view, as one line. */
export function callbackNoticeLine(t: Translate, notice: ConsoleNotice | undefined): string | undefined {
  if (notice?.kind === "callbacks-resumed") return t("integrations.resumed");
  if (notice?.kind !== "callbacks-recovered") return undefined;
  const done = t("integrations.recover.done", { queued: notice.queued, read: notice.read });
  if (!notice.resumeFrom) return done;
  return `${done} ${t("integrations.recover.more", { cap: RECOVERY_CAP, from: shownRecoveryStart(notice.resumeFrom) })}`;
}

export interface CallbackControlsProps {
  t: Translate;
  lang: Language;
  tokenId: string;
  csrf: string;
  state: TokenCallbackState;
  confirmation: string | undefined;
}

/** The paused banner (when paused) above the delivery log, and the "Recover since" section below it. */
export function CallbacksPausedBanner(props: CallbackControlsProps): JSX.Element {
  const { t, state } = props;
  const since = state.failingSince ?? state.pausedAt;
  return (
    <>
      {props.confirmation ? (
        <p id="callbacks-confirmation" class="notice" role="status" tabindex="-1" data-focus-on-load safe>
          {props.confirmation}
        </p>
      ) : (
        ""
      )}
      {since && state.pausedAt ? (
        <section id="callbacks-paused" class="notice notice-alert" aria-labelledby="callbacks-paused-title">
          <h2 id="callbacks-paused-title" safe>
            {t("integrations.paused.title")}
          </h2>
          <p>
            <TimeSentence template={t("integrations.paused.body")} at={since} lang={props.lang} />
          </p>
          <form method="post" action={callbacksUrl(props.tokenId, "resume")}>
            <input type="hidden" name="_csrf" value={props.csrf} />
            <button type="submit" safe>
              {t("integrations.paused.resume")}
            </button>
          </form>
        </section>
      ) : (
        ""
      )}
    </>
  );
}

/** "At most 10,000 callbacks per recovery", in the page's language. */
export const recoveryIntro = (t: Translate, lang: Language) =>
  t("integrations.recover.intro", { cap: RECOVERY_CAP.toLocaleString(lang === "es" ? "es-ES" : "en-US") });

export function RecoverSection(props: {
  t: Translate;
  lang: Language;
  tokenId: string;
  csrf: string;
}): JSX.Element {
  const { t } = props;
  return (
    <section aria-labelledby="recover-title">
      <h2 id="recover-title" safe>
        {t("integrations.recover.title")}
      </h2>
      <p safe>{recoveryIntro(t, props.lang)}</p>
      <RecoverForm t={t} tokenId={props.tokenId} csrf={props.csrf} />
    </section>
  );
}
