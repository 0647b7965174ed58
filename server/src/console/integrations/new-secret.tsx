// A token's secret, shown once: copy button, curl and SDK snippets with this server's URL, and "Send a test lead".
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import type { Language } from "../../http/language.ts";
import { CodeBlock } from "../kit/code-block.tsx";
import type { Translate } from "../kit/dictionary.ts";
import { TimeSentence } from "../kit/local-time.tsx";

export interface NewSecretProps {
  t: Translate;
  lang: Language;
  name: string;
  token: string;
  baseUrl: string;
  /** After a roll: when the replaced token stops working (ISO 8601). */
  oldExpiresAt?: string;
}

function curlSnippet(baseUrl: string, token: string): string {
  const body = JSON.stringify({
    phone: "(415) 555-2671",
    first_name: "Ana",
    test: true,
    consent: { source: "webform:/contact", reference: "sub_8812", captured_at: "2026-11-20T14:02:00Z" },
  });
  return [
    `curl -sS ${baseUrl}${LEAD_INTAKE_PATH} \\`,
    `  -H "Authorization: Bearer ${token}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${body}'`,
  ].join("\n");
}

function sdkSnippet(baseUrl: string, token: string): string {
  return [
    `import { consentBlock, createLeadClient } from "@speed-to-lead/sdk";`,
    "",
    `const client = createLeadClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: ${JSON.stringify(token)} });`,
    "// capturedAt: when the person gave consent, stored with the submission (not the time of sending).",
    `const submission = { reference: "sub_8812", submittedAt: "2026-11-20T14:02:00Z" };`,
    "const lead = await client.postLead({",
    `  phone: "(415) 555-2671",`,
    "  test: true,",
    "  consent: consentBlock({",
    `    source: "webform:/contact",`,
    "    reference: submission.reference,",
    "    capturedAt: submission.submittedAt,",
    "  }),",
    "});",
    "console.log(lead.id, lead.callEligible);",
  ].join("\n");
}

export function NewSecret({ t, lang, name, token, baseUrl, oldExpiresAt }: NewSecretProps): JSX.Element {
  return (
    <section class="secret" aria-labelledby="new-secret-title">
      <h2 id="new-secret-title" tabindex="-1" data-focus-on-load safe>
        {t("integrations.secret.title", { name })}
      </h2>
      <p>{t("integrations.secret.once")}</p>
      {oldExpiresAt ? (
        <p id="rolled-line">
          <TimeSentence template={t("integrations.secret.rolled")} at={oldExpiresAt} lang={lang} />
        </p>
      ) : (
        ""
      )}
      <p>
        <code class="token" id="new-secret" safe>
          {token}
        </code>{" "}
        <button
          type="button"
          class="secondary"
          data-copy="#new-secret"
          data-status="#copy-status"
          data-done={t("integrations.secret.copied")}
          data-failed={t("integrations.secret.copyFailed")}
        >
          {t("integrations.secret.copy")}
        </button>{" "}
        <span id="copy-status" role="status"></span>
      </p>
      <h3>{t("integrations.secret.curl")}</h3>
      <CodeBlock
        t={t}
        id="curl-snippet"
        code={curlSnippet(baseUrl, token)}
        label={t("integrations.secret.copyCurl")}
      />
      <h3>{t("integrations.secret.sdk")}</h3>
      <CodeBlock
        t={t}
        id="sdk-snippet"
        code={sdkSnippet(baseUrl, token)}
        label={t("integrations.secret.copySdk")}
      />
      <h3>{t("integrations.secret.testLead")}</h3>
      <p class="hint" id="test-lead-hint">
        {t("integrations.secret.testLeadHint")}
      </p>
      <button
        type="button"
        data-test-lead
        data-token="#new-secret"
        data-output="#test-lead-answer"
        data-endpoint={LEAD_INTAKE_PATH}
        data-sending={t("integrations.secret.testLeadSending")}
        data-answer={t("integrations.secret.testLeadAnswer")}
        aria-describedby="test-lead-hint"
      >
        {t("integrations.secret.testLead")}
      </button>
      <output id="test-lead-answer" aria-live="polite">
        <strong data-answer-status></strong>
        <pre data-answer-body tabindex="0"></pre>
      </output>
    </section>
  );
}
