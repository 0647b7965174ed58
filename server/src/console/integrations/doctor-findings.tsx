// The integration doctor's section of a token's Recent requests page: each finding with its fix, the number of
// requests behind it, and a ready curl and SDK snippet. Every text is escaped: a pointer or a receiver's URL is
// whatever a sender or an owner sent.

import { doctorSnippets } from "../../core/doctor/doctor-snippets.ts";
import {
  DOCTOR_WINDOW_DAYS,
  DOCTOR_WINDOW_DELIVERIES,
  DOCTOR_WINDOW_REQUESTS,
} from "../../core/doctor/doctor-window.ts";
import { DOCTOR_THRESHOLDS, type Finding } from "../../core/doctor/integration-doctor.ts";
import { CodeBlock } from "../kit/code-block.tsx";
import type { Translate } from "../kit/dictionary.ts";

const T = DOCTOR_THRESHOLDS;

function title(t: Translate, finding: Finding): string {
  if (finding.code !== "clock_skew") return t(`doctor.${finding.code}.title`);
  const skew = finding.skewSeconds ?? 0;
  const minutes = Math.round(Math.abs(skew) / 60);
  return t(skew >= 0 ? "doctor.clock_skew.title.ahead" : "doctor.clock_skew.title.behind", { minutes });
}

function fix(t: Translate, finding: Finding): string {
  switch (finding.code) {
    case "duplicates_without_key":
      return t("doctor.duplicates_without_key.fix", { minutes: T.duplicateMinutes });
    case "consent_at_send_time":
      return t("doctor.consent_at_send_time.fix", { seconds: T.sendTimeSeconds, min: T.sendTimeMinLeads });
    case "field_behind_422s":
      return t("doctor.field_behind_422s.fix", {
        pointer: finding.pointer || "/",
        count: finding.count,
        of: finding.of ?? finding.count,
        min: T.min422s,
      });
    case "clock_skew":
      return t("doctor.clock_skew.fix", { seconds: T.skewSeconds, min: T.skewMinRequests });
    case "bot_check_missing":
      return t("doctor.bot_check_missing.fix");
    case "receiver_rejects_signature":
      return t("doctor.receiver_rejects_signature.fix", {
        url: finding.url ?? "",
        status: finding.status ?? "",
        count: finding.count,
        min: T.signatureMinAttempts,
      });
  }
}

export function DoctorFindings(props: { t: Translate; baseUrl: string; findings: Finding[] }): JSX.Element {
  const { t, findings } = props;
  return (
    <section id="doctor" aria-labelledby="doctor-title">
      <h2 id="doctor-title" safe>
        {t("doctor.title")}
      </h2>
      <p safe>
        {t("doctor.intro", {
          requests: DOCTOR_WINDOW_REQUESTS,
          days: DOCTOR_WINDOW_DAYS,
          deliveries: DOCTOR_WINDOW_DELIVERIES,
        })}
      </p>
      {findings.length === 0 ? (
        <p id="doctor-none" safe>
          {t("doctor.none")}
        </p>
      ) : (
        findings.map((finding) => {
          const snippets = doctorSnippets(props.baseUrl, finding);
          const id = `doctor-${finding.code}`;
          return (
            <article class="finding" id={id} data-code={finding.code} aria-labelledby={`${id}-title`}>
              <h3 id={`${id}-title`} safe>
                {title(t, finding)}
              </h3>
              <p safe>{fix(t, finding)}</p>
              <p class="basis" data-count={String(finding.count)} safe>
                {t(
                  finding.code === "receiver_rejects_signature" ? "doctor.basisDeliveries" : "doctor.basis",
                  {
                    count: finding.count,
                  },
                )}
              </p>
              <h4 safe>{t("doctor.curl")}</h4>
              <CodeBlock t={t} id={`${id}-curl`} code={snippets.curl} label={t("doctor.copyCurl")} />
              <h4 safe>{t("doctor.sdk")}</h4>
              <CodeBlock t={t} id={`${id}-sdk`} code={snippets.sdk} label={t("doctor.copySdk")} />
            </article>
          );
        })
      )}
    </section>
  );
}
