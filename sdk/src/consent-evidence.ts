// The consent block's optional evidence (TrustedForm, LeadiD, disclosure, sellers, page, IP, browser): typed from
// the spec's Consent, checked in shape as the service checks it, passed on exactly as given.
import type { Consent, FieldErrorCode } from "./types";

/** The evidence on the wire: every field of the spec's consent block but the three it needs. */
type WireEvidence = Omit<Consent, "source" | "reference" | "captured_at">;
/** The evidence fields' wire names. */
export type ConsentEvidenceField = keyof WireEvidence;

/** trustedform_url → trustedformUrl, as consentBlock() names its input (capturedAt for captured_at). */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** The evidence as consentBlock() takes it: each field optional, its type and description the spec's. */
export type ConsentEvidenceInput = {
  [Field in keyof WireEvidence as CamelCase<Field>]?: WireEvidence[Field] | undefined;
};

/** The codes the service gives each bad evidence field; consentBlock() gives the same. */
export type EvidenceErrorCode = Extract<
  FieldErrorCode,
  | "trustedform_url_invalid"
  | "leadid_token_invalid"
  | "ip_address_invalid"
  | "type_mismatch"
  | "too_short"
  | "too_long"
  | "pattern_mismatch"
>;

/** Copies of the spec's rules (spec-rule-copies.test.ts holds them equal): lengths in characters, not UTF-16 units. */
export const TRUSTEDFORM_URL = /^https:\/\/cert\.trustedform\.com\/[^/?#\s]{1,255}$/;
export const LEADID_TOKEN = /^[A-Za-z0-9-]{36}$/;
export const PAGE_URL = /^https?:\/\/[^\s]+$/;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(?!$)|$)){4}$/;

/** IPv4 in dotted decimal, or IPv6 (zone id allowed) as the URL parser reads it: what the service's isIP takes. */
function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  const v6 = /^([\da-f.]*:[\da-f:.]*)(%[\da-z.:-]+)?$/i.exec(value);
  if (!v6) return false;
  try {
    new URL(`http://[${v6[1]}]/`);
    return true;
  } catch {
    return false;
  }
}

/** A string's rule: its length in characters, and a shape; `code` replaces the generic codes when it fails. */
interface StringRule {
  min?: number;
  max?: number;
  valid?: (value: string) => boolean;
  code?: EvidenceErrorCode;
}

/** Every evidence field's rule (a Record over the spec's fields: one missing does not compile); sellers: each name. */
export const EVIDENCE_RULES: Record<ConsentEvidenceField, StringRule> = {
  trustedform_url: { valid: (v) => TRUSTEDFORM_URL.test(v), code: "trustedform_url_invalid" },
  leadid_token: { valid: (v) => LEADID_TOKEN.test(v), code: "leadid_token_invalid" },
  disclosure: { min: 1, max: 20_000 },
  sellers: { min: 1, max: 500 },
  page_url: { max: 2_048, valid: (v) => PAGE_URL.test(v) },
  ip_address: { max: 45, valid: isIpAddress, code: "ip_address_invalid" },
  user_agent: { min: 1, max: 1_024 },
};
/** How many seller names a block may carry. */
export const SELLERS_MAX = 100;

function stringProblem(value: unknown, rule: StringRule): EvidenceErrorCode | undefined {
  if (typeof value !== "string") return "type_mismatch";
  const length = [...value].length;
  const short = length < (rule.min ?? 0);
  const long = length > (rule.max ?? Number.POSITIVE_INFINITY);
  const bad = rule.valid && !rule.valid(value);
  if (rule.code) return short || long || bad ? rule.code : undefined;
  return short ? "too_short" : long ? "too_long" : bad ? "pattern_mismatch" : undefined;
}

/** Why an evidence value would be refused by the service, or undefined when it would be taken. */
export function evidenceProblem(field: ConsentEvidenceField, value: unknown): EvidenceErrorCode | undefined {
  const rule = EVIDENCE_RULES[field];
  if (field !== "sellers") return stringProblem(value, rule);
  if (!Array.isArray(value) || value.length === 0 || value.length > SELLERS_MAX) return "type_mismatch";
  for (const name of value) {
    const problem = stringProblem(name, rule);
    if (problem) return problem;
  }
  return undefined;
}

/** The input's name of a wire field: trustedform_url → trustedformUrl. */
export const inputName = (field: string) =>
  field.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase());
