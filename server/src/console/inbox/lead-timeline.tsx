// A lead's story at a glance, oldest first: received (through which token), consent with its evidence, the response
// decision and why, repeats merged, each hand-off attempt (status, latency), "hand off again" requests, do-not-call
// changes of its numbers (the assistant's opt-outs and wrong numbers among them), each hand-off with the number it
// offered, the assistant's pre-dial checks and call attempts (when each call was placed), status callbacks to the sender.
import type { RecordedChange } from "../../core/dnc/dnc-repository.ts";
import type { LeadDetail } from "../../core/inbox/lead-detail.ts";
import { formatPhoneForPeople } from "../../core/phone.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { LocalTime } from "../kit/local-time.tsx";
import { leadOutcome } from "./lead-outcome.ts";

/** A lead as its page shows it: the detail, and its number's standing on the do-not-call list. */
export interface LeadView extends LeadDetail {
  phone_listed: boolean;
  dnc_history: RecordedChange[];
}

type StateName = LeadDetail["response_state"];

interface TimelineEvent {
  at: Date | string;
  what: string;
  detail?: string;
  bad?: boolean;
}

/** "Consent given on webform:/contact at {at}, reference sub_9001": {at} stays for the <LocalTime>. */
export const consentSentence = (t: Translate, block: { source: string; reference: string }) =>
  t("lead.consent.sentence", { source: block.source, reference: block.reference });

/** "2026-11-29T13:00:00.000Z" → "2026-11-29 13:00": an instant inside escaped text, not a <LocalTime>. */
const utcMinute = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ");

/**
 * The window an attempt's decision carried and the places that decided it, as stored: "Call window
 * 2026-11-29 13:00–2026-11-30 01:00 UTC, decided by area code 305 (start), timezone UTC (end)".
 */
export function windowSentence(t: Translate, decision: LeadDetail["attempts"][number]["decision"]) {
  const window = decision?.call_window;
  if (!window) return undefined;
  const places = window.rules_applied
    .filter((rule) => rule.kind === "place" && rule.place)
    .map((rule) => {
      const bounds = (rule.decided ?? []).map((bound) => t(`lead.place.${bound}`)).join(", ");
      const place = `${t(`lead.place.${rule.place!}`)} ${rule.name}`;
      return bounds ? `${place} (${bounds})` : place;
    });
  return t("lead.attempts.window", {
    from: utcMinute(window.earliest),
    to: utcMinute(window.latest),
    places: places.join(", "),
  });
}

function attemptEvent(t: Translate, attempt: LeadDetail["attempts"][number]): TimelineEvent {
  const latency = t("lead.attempts.ms", { ms: attempt.latency_ms });
  const window = windowSentence(t, attempt.decision);
  // Never an empty HTTP status: without an answer, the error says what happened.
  const answer =
    attempt.http_status === null
      ? t("lead.attempts.noAnswer")
      : t("lead.attempts.status", { status: attempt.http_status });
  return attempt.ok
    ? {
        at: attempt.started_at,
        what: t("timeline.delivered", { n: attempt.attempt }),
        detail: [`${answer}, ${latency}`, window].filter(Boolean).join(" · "),
      }
    : {
        at: attempt.started_at,
        what: t("timeline.failed", { n: attempt.attempt }),
        detail: [answer, attempt.error, latency, window].filter(Boolean).join(" · "),
        bad: true,
      };
}

/** Listed entries at their times; the ones older than the listed few as one line before them. */
function listedEvents<Entry>(
  entries: readonly Entry[],
  earlier: number,
  atOf: (entry: Entry) => Date | string,
  earlierLine: string,
  eventOf: (entry: Entry) => TimelineEvent,
): TimelineEvent[] {
  const [oldest] = entries;
  const before = oldest !== undefined && earlier > 0 ? [{ at: atOf(oldest), what: earlierLine }] : [];
  return [...before, ...entries.map(eventOf)];
}

/** The latest repeats (identical ones within a minute as one line with their count), the earlier as one line. */
function repeatEvents(t: Translate, repeats: LeadDetail["repeats"]): TimelineEvent[] {
  const [oldest] = repeats.shown;
  const earlier: TimelineEvent[] =
    oldest && repeats.earlier > 0
      ? [{ at: oldest.received_at, what: t("timeline.repeatsEarlier", { count: repeats.earlier }) }]
      : [];
  return [
    ...earlier,
    ...repeats.shown.map((repeat) => ({
      at: repeat.received_at,
      what: t(repeat.repeat_count > 1 ? "timeline.repeats" : "timeline.repeat", {
        channel: repeat.channel_name,
        count: repeat.repeat_count,
      }),
      detail:
        repeat.changed_fields.length > 0
          ? t("timeline.repeatChanged", { fields: repeat.changed_fields.join(", ") })
          : t("lead.repeats.nothing"),
    })),
  ];
}

/** Each call at the time it was placed. */
const callAttemptEvents = (t: Translate, calls: LeadDetail["call_attempts"]) =>
  listedEvents(
    calls.attempts,
    calls.earlier,
    (call) => call.attempted_at,
    t("timeline.callAttemptsEarlier", { count: calls.earlier }),
    (call) => ({ at: call.attempted_at, what: t("timeline.callAttempt") }),
  );

/** Each hand-off with the number it offered: a phone changed by a repeat shows as two numbers. */
function handoffEvents(t: Translate, handoffs: LeadDetail["handoffs"]): TimelineEvent[] {
  return handoffs.map((handoff) => ({
    at: handoff.offered_at,
    what: handoff.phone
      ? t("timeline.handoffOffered", { n: handoff.response_no, phone: formatPhoneForPeople(handoff.phone)! })
      : t("timeline.handoffEmailOnly", { n: handoff.response_no }),
  }));
}

/** Each pre-dial check with its answer; a refusal lists every reason, with when it ends. */
const callCheckEvents = (t: Translate, calls: LeadDetail["call_checks"]) =>
  listedEvents(
    calls.checks,
    calls.earlier,
    (check) => check.checked_at,
    t("timeline.callChecksEarlier", { count: calls.earlier }),
    (check) => ({
      at: check.checked_at,
      what: t(check.allowed ? "timeline.callCheck.allowed" : "timeline.callCheck.refused", {
        phone: formatPhoneForPeople(check.phone)!,
      }),
      detail: check.reasons
        .map((reason) =>
          [
            t(`callCheck.reason.${reason.code}`),
            reason.jurisdiction,
            reason.until ? t("callCheck.until", { at: `${utcMinute(reason.until)} UTC` }) : undefined,
          ]
            .filter(Boolean)
            .join(" "),
        )
        .join(" · "),
      bad: !check.allowed,
    }),
  );

export function timelineEvents(
  t: Translate,
  lead: LeadView,
  requesters: Map<string, string>,
): TimelineEvent[] {
  const outcome = leadOutcome(lead);
  const events: TimelineEvent[] = [
    { at: lead.received_at, what: t("timeline.received", { channel: lead.channel.name }) },
    {
      at: lead.received_at,
      what: t("timeline.decision", { outcome: t(outcome.label) }),
      detail: outcome.detail ? t(outcome.detail) : undefined,
      bad: outcome.kind === "needs-owner",
    },
    ...repeatEvents(t, lead.repeats),
    ...lead.attempts.map((attempt) => attemptEvent(t, attempt)),
    ...lead.retries.map((retry) => ({
      at: retry.requested_at,
      what: t("timeline.retry", { who: requesters.get(retry.requested_by) ?? retry.requested_by }),
    })),
    ...lead.dnc_history.map((change) => ({
      at: change.created_at,
      // The assistant adds a number only when the person asked not to be called: say so.
      what: t(
        change.via === "assistant" && change.action === "add"
          ? "timeline.optedOut"
          : `timeline.dnc.${change.action}`,
      ),
      detail: [
        // A number the lead no longer has (one a hand-off offered) is named.
        change.phone !== lead.phone
          ? t("timeline.dncNumber", { phone: formatPhoneForPeople(change.phone)! })
          : undefined,
        t(`dnc.via.${change.via}`),
        change.actor,
        change.note,
      ]
        .filter(Boolean)
        .join(" · "),
    })),
    ...handoffEvents(t, lead.handoffs),
    ...callCheckEvents(t, lead.call_checks),
    ...callAttemptEvents(t, lead.call_attempts),
    ...lead.callbacks.map((callback) => ({
      at: callback.delivered_at ?? callback.created_at,
      // "lead.handed_off" → "Handed off": the state the sender was told, by its readable name.
      what: t("timeline.callback", {
        type: t(`inbox.state.${callback.type.slice("lead.".length) as StateName}`),
      }),
      detail: [
        t(`timeline.callback.${callback.status}`, { attempts: callback.attempts }),
        callback.last_error,
      ]
        .filter(Boolean)
        .join(" · "),
      bad: callback.status === "failed",
    })),
  ];
  if (lead.response_state === "missed")
    events.push({
      at: lead.respond_by,
      what: t("timeline.missed"),
      detail: t("timeline.missedHint"),
      bad: true,
    });
  return events.sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
}

export function LeadTimeline(props: {
  t: Translate;
  lang: Language;
  lead: LeadView;
  requesters: Map<string, string>;
}): JSX.Element {
  const { t, lang, lead } = props;
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t("timeline.title")}</h2>
      <ol class="timeline" id="timeline">
        {timelineEvents(t, lead, props.requesters).map((event) => (
          <li class={event.bad ? "event-bad" : undefined}>
            <span class="when">
              <LocalTime at={event.at} lang={lang} />
            </span>
            <span class="what" safe>
              {event.what}
            </span>
            {event.detail ? (
              <span class="detail" safe>
                {event.detail}
              </span>
            ) : (
              ""
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
