// The evidence a consent block carried (TrustedForm, LeadiD, disclosure…), each under its label in the page's
// language; keys the contract does not define are listed after them under the sender's own names.
import type { Consent } from "@speed-to-lead/spec";
import type { MessageKey, Translate } from "../kit/dictionary.ts";

type EvidenceField = Exclude<keyof Consent, "source" | "reference" | "captured_at">;

/** Every evidence field of the spec's consent block, in the spec's order, with its label (the compiler checks all are here). */
const EVIDENCE_LABELS: Record<EvidenceField, MessageKey> = {
  trustedform_url: "lead.evidence.trustedform_url",
  leadid_token: "lead.evidence.leadid_token",
  disclosure: "lead.evidence.disclosure",
  sellers: "lead.evidence.sellers",
  page_url: "lead.evidence.page_url",
  ip_address: "lead.evidence.ip_address",
  user_agent: "lead.evidence.user_agent",
};
const CONSENT_SENTENCE_KEYS = new Set(["source", "reference", "captured_at"]);

const isEvidenceField = (key: string): key is EvidenceField => Object.hasOwn(EVIDENCE_LABELS, key);

/** Stored exactly as received, so any JSON may be here: strings as they are, a list one per line, the rest as JSON. */
function EvidenceValue({ value }: { value: unknown }): JSX.Element {
  if (typeof value === "string") return <dd safe>{value}</dd>;
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return (
      <dd>
        <ul class="sellers">
          {value.map((item) => (
            <li safe>{item}</li>
          ))}
        </ul>
      </dd>
    );
  return <dd safe>{JSON.stringify(value)}</dd>;
}

/**
 * @example <ConsentEvidence t={t} block={{ source: "form", reference: "r1", captured_at: "…", leadid_token: "…" }} />
 */
export function ConsentEvidence({ t, block }: { t: Translate; block: Record<string, unknown> }): JSX.Element {
  const entries = Object.entries(block).filter(([key]) => !CONSENT_SENTENCE_KEYS.has(key));
  if (entries.length === 0) return "";
  const known = (Object.keys(EVIDENCE_LABELS) as EvidenceField[]).filter((field) =>
    Object.hasOwn(block, field),
  );
  const others = entries.filter(([key]) => !isEvidenceField(key));
  return (
    <>
      <h3>{t("lead.consent.extra")}</h3>
      <dl class="fields" id="consent-evidence">
        {known.map((field) => (
          <>
            <dt data-field={field}>{t(EVIDENCE_LABELS[field])}</dt>
            <EvidenceValue value={block[field]} />
          </>
        ))}
        {others.map(([key, value]) => (
          <>
            <dt>
              <code safe>{key}</code>
            </dt>
            <EvidenceValue value={value} />
          </>
        ))}
      </dl>
    </>
  );
}
