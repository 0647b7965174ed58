// The delivery log on a token's Recent requests page: each status-callback attempt with the receiver's answer.
import type { CallbackAttemptRow } from "../../core/callbacks/callback-attempts.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { LocalTime } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";

/** Attempts shown: the latest; older ones are swept with the request log. */
export const DELIVERIES_SHOWN = 20;

const sendAgainUrl = (tokenId: string, callbackId: string) =>
  `/console/integrations/tokens/${tokenId}/callbacks/${callbackId}/send-again`;

export function DeliveriesTable(props: {
  t: Translate;
  lang: Language;
  tokenId: string;
  csrf: string;
  attempts: CallbackAttemptRow[];
}) {
  const { t, lang, attempts } = props;
  // "Send again" beside each callback's latest attempt only.
  const latest = new Set<string>();
  const firstOfCallback = (attempt: CallbackAttemptRow) => {
    if (latest.has(attempt.callback_id)) return false;
    latest.add(attempt.callback_id);
    return true;
  };
  const columns = [
    t("integrations.deliveries.col.event"),
    t("integrations.deliveries.col.answer"),
    t("integrations.deliveries.col.latency"),
    t("integrations.deliveries.col.next"),
  ];
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" safe>
        {t("integrations.deliveries")}
      </h2>
      <p safe>{t("integrations.deliveries.intro", { count: DELIVERIES_SHOWN })}</p>
      {attempts.length === 0 ? (
        <p id="deliveries-none" safe>
          {t("integrations.deliveries.none")}
        </p>
      ) : (
        <table id="deliveries" class="cards">
          <TableHead
            caption={t("integrations.deliveries")}
            columns={[t("integrations.deliveries.col.at"), ...columns]}
          />
          <tbody>
            {attempts.map((attempt) => (
              <tr data-callback-id={attempt.callback_id} data-attempt={String(attempt.attempt)}>
                <th scope="row">
                  <LocalTime at={attempt.at} lang={lang} />
                </th>
                <td data-label={columns[0]}>
                  <code safe>{attempt.event}</code> <code safe>{attempt.url}</code>
                </td>
                <td data-label={columns[1]}>
                  <strong safe>
                    {attempt.status === null ? t("integrations.deliveries.noAnswer") : String(attempt.status)}
                  </strong>{" "}
                  <code safe>{attempt.answer_head ?? attempt.error ?? ""}</code>
                </td>
                <td data-label={columns[2]} safe>
                  {t("lead.attempts.ms", { ms: attempt.latency_ms.toFixed(1) })}
                </td>
                <td data-label={columns[3]}>
                  {attempt.next_attempt_at ? (
                    <LocalTime at={attempt.next_attempt_at} lang={lang} />
                  ) : (
                    <span safe>{t("integrations.deliveries.done")}</span>
                  )}
                  {firstOfCallback(attempt) && attempt.callback_status !== "pending" ? (
                    <form
                      method="post"
                      action={sendAgainUrl(props.tokenId, attempt.callback_id)}
                      class="inline"
                    >
                      <input type="hidden" name="_csrf" value={props.csrf} />
                      <button
                        type="submit"
                        class="secondary"
                        aria-label={t("integrations.deliveries.sendAgainLabel", {
                          event: attempt.event,
                          at: attempt.at.toISOString(),
                        })}
                        safe
                      >
                        {t("integrations.deliveries.sendAgain")}
                      </button>
                    </form>
                  ) : (
                    ""
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
