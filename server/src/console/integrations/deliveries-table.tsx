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

/**
 * The next attempt as this one scheduled it (its retry time, or "none"); beside a callback's latest attempt, what
 * the callback is now: its retry time while queued, "paused" when its token is paused (it waits for "Resume"),
 * else delivered or failed.
 */
function NextAttempt(props: {
  t: Translate;
  lang: Language;
  attempt: CallbackAttemptRow;
  latest: boolean;
  paused: boolean;
}) {
  const { t, attempt } = props;
  const queued = attempt.callback_status === "pending";
  if (props.latest && queued && props.paused)
    return (
      <strong class="needs-owner" safe>
        {t("integrations.deliveries.paused")}
      </strong>
    );
  if (props.latest && !queued)
    return (
      <span class="badge" safe>
        {t(`integrations.deliveries.state.${attempt.callback_status}`)}
      </span>
    );
  if (attempt.next_attempt_at) return <LocalTime at={attempt.next_attempt_at} lang={props.lang} />;
  return <span safe>{t("integrations.deliveries.done")}</span>;
}

export function DeliveriesTable(props: {
  t: Translate;
  lang: Language;
  tokenId: string;
  csrf: string;
  attempts: CallbackAttemptRow[];
  /** The token's callbacks are paused: a queued one waits for "Resume", whatever its next attempt said. */
  paused: boolean;
}) {
  const { t, lang, attempts } = props;
  // "Send again" beside each callback's latest attempt only (the list is newest first).
  const latest = new Set<CallbackAttemptRow>();
  const seen = new Set<string>();
  for (const attempt of attempts)
    if (!seen.has(attempt.callback_id)) {
      seen.add(attempt.callback_id);
      latest.add(attempt);
    }
  const isLatest = (attempt: CallbackAttemptRow) => latest.has(attempt);
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
                  <NextAttempt
                    t={t}
                    lang={lang}
                    attempt={attempt}
                    latest={isLatest(attempt)}
                    paused={props.paused}
                  />
                  {isLatest(attempt) && attempt.callback_status !== "pending" ? (
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
