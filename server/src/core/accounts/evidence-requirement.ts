// An account's requirement of consent evidence before a call: none, a TrustedForm certificate, a LeadiD token, or either.

export const EVIDENCE_REQUIREMENTS = ["none", "trustedform", "leadid", "either"] as const;
export type EvidenceRequirement = (typeof EVIDENCE_REQUIREMENTS)[number];

/**
 * Whether a consent block lacks the evidence the account requires (the fields' shapes were checked at
 * validation, so presence is enough).
 *
 * @example lacksEvidence({ source: "form", reference: "r", captured_at: "…" }, "either") // true
 */
export function lacksEvidence(consent: object | null, required: EvidenceRequirement = "none"): boolean {
  if (required === "none" || consent === null) return false;
  const block = consent as Record<string, unknown>;
  const certificate = typeof block.trustedform_url === "string";
  const token = typeof block.leadid_token === "string";
  if (required === "trustedform") return !certificate;
  if (required === "leadid") return !token;
  return !certificate && !token;
}
