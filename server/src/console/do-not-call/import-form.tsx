// The Do-not-call page's CSV import: the upload form, and after an import its report (kept, already listed, refused by line).
import type { ImportSummary } from "../../core/dnc/service.ts";
import type { MessageKey, Translate } from "../kit/dictionary.ts";
import { DNC_PATH } from "./dnc-path.ts";

export type ImportReport = ImportSummary;

/** Control characters of a refused cell shown as U+FFFD: the value is echoed, never its terminal or layout tricks. */
const printable = (value: string) =>
  value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, "\ufffd");

export function ImportForm(props: { t: Translate; csrf: string; error?: string; report?: ImportReport }) {
  const { t, report } = props;
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">{t("dnc.import.title")}</h2>
      {report ? (
        <div id="import-report" role="status">
          <p safe>
            {t("dnc.import.done", {
              added: report.added,
              already: report.already,
              cancelled: report.handoffsCancelled,
            })}
          </p>
          {report.refusedCount > 0 ? (
            <>
              <p safe>{t("dnc.import.refused", { count: report.refusedCount })}</p>
              <ul class="refused">
                {report.refused.map((refusal) => (
                  <li>
                    <span safe>
                      {t("dnc.import.line", {
                        line: refusal.line,
                        reason: t(`dnc.reason.${refusal.reason}` as MessageKey),
                      })}
                    </span>
                    {refusal.value ? (
                      <>
                        {" "}
                        <code class="refused-value" safe>
                          {printable(refusal.value)}
                        </code>
                      </>
                    ) : (
                      ""
                    )}
                  </li>
                ))}
              </ul>
              {report.refusedCount > report.refused.length ? (
                <p safe>
                  {t("dnc.import.moreRefused", { count: report.refusedCount - report.refused.length })}
                </p>
              ) : (
                ""
              )}
            </>
          ) : (
            ""
          )}
        </div>
      ) : (
        ""
      )}
      <form method="post" action={`${DNC_PATH}/import`} enctype="multipart/form-data">
        <input type="hidden" name="_csrf" value={props.csrf} />
        <div class={props.error ? "field invalid" : "field"}>
          <label for="dnc-file">{t("dnc.import.file")}</label>
          <p class="hint" id="dnc-file-hint">
            {t("dnc.import.fileHint")}
          </p>
          {props.error ? (
            <p class="error" id="dnc-file-error" safe>
              {props.error}
            </p>
          ) : (
            ""
          )}
          <input
            id="dnc-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={props.error ? "true" : undefined}
            aria-describedby={props.error ? "dnc-file-hint dnc-file-error" : "dnc-file-hint"}
          />
        </div>
        <button type="submit">{t("dnc.import.submit")}</button>
      </form>
    </section>
  );
}

/** The search box, the count and the export: the list's own tools above its table. */
