// Checks a parsed body against the spec's LeadInputSchema and the rules JSON Schema cannot express.
import { TypeCompiler } from "@sinclair/typebox/compiler";
import {
  IDEMPOTENCY_KEY_PATTERN,
  LEAD_INPUT_FIELDS,
  type LeadInput,
  LeadInputSchema,
} from "@speed-to-lead/spec";
import type { FieldIssue } from "../../../http/respond.ts";
import { normalizeUsPhone } from "../../phone.ts";
import { canonicalTimeZone } from "../../time-zone.ts";
import { consentIssues } from "./consent-rules.ts";
import { registerFormats } from "./formats.ts";
import { inspectJson, MAX_NESTING_DEPTH } from "./json-limits.ts";
import { schemaIssues } from "./schema-errors.ts";

registerFormats();
// Compiled once: TypeBox generates a checker function, far faster than interpreting the schema per request.
const leadCheck = TypeCompiler.Compile(LeadInputSchema);
const KNOWN_FIELDS: ReadonlySet<string> = new Set(LEAD_INPUT_FIELDS);
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export interface ValidLead {
  input: LeadInput;
  /** E.164, when a phone was sent. */
  phone?: string;
  /** Canonical IANA spelling, when a time zone was sent. */
  timezone?: string;
  /** Top-level names the contract does not define: listed in the response; their values are not stored. */
  ignoredFields: string[];
  /** From the body or the Idempotency-Key header. */
  idempotencyKey?: string;
}

export type LeadValidation =
  | { ok: true; lead: ValidLead }
  | { ok: false; code: "validation_failed"; issues: FieldIssue[] }
  | { ok: false; code: "idempotency_key_mismatch" };

/**
 * All field errors at once, in the order of the schema's fields.
 *
 * @example validateLead({ phone: "(415) 555-2671" }, null, new Date())
 * // { ok: true, lead: { phone: "+14155552671", ignoredFields: [], … } }
 */
export function validateLead(
  body: Record<string, unknown>,
  headerKey: string | null,
  now: Date,
): LeadValidation {
  const known: Record<string, unknown> = {};
  const ignoredFields: string[] = [];
  const unfit: FieldIssue[] = [];
  for (const [name, value] of Object.entries(body)) {
    const isKnown = KNOWN_FIELDS.has(name);
    if (isKnown) known[name] = value;
    else ignoredFields.push(name);
    // Deep nesting is refused in any field (the fingerprint walks them all); unstorable text only where stored.
    const shape = inspectJson(value);
    if (shape.depth > MAX_NESTING_DEPTH) unfit.push({ pointer: `/${escapePointer(name)}`, code: "too_long" });
    else if (isKnown && shape.unstorable)
      unfit.push({ pointer: `/${escapePointer(name)}`, code: "pattern_mismatch" });
  }
  if (unfit.length > 0) return { ok: false, code: "validation_failed", issues: unfit };

  const issues = schemaIssues(leadCheck, known, { skip: (pointer) => pointer.startsWith("/consent") });
  // The schema's anyOf [phone] | [email] is not checked by TypeBox's compiler: enforce it here.
  if (known.phone === undefined && known.email === undefined)
    issues.unshift({ pointer: "", code: "contact_required" });
  issues.push(...consentIssues(known.consent, now));

  const failed = new Set(issues.map((issue) => issue.pointer));
  let phone: string | undefined;
  if (typeof known.phone === "string" && !failed.has("/phone")) {
    const result = normalizeUsPhone(known.phone);
    if (result.ok) phone = result.e164;
    else issues.push({ pointer: "/phone", code: result.code });
  }
  let timezone: string | undefined;
  if (typeof known.timezone === "string" && !failed.has("/timezone")) {
    timezone = canonicalTimeZone(known.timezone);
    if (!timezone) issues.push({ pointer: "/timezone", code: "timezone_invalid" });
  }
  // The header is the body field's other carrier, so its errors point at /idempotency_key.
  if (headerKey !== null && !KEY_PATTERN.test(headerKey) && !failed.has("/idempotency_key")) {
    issues.push({ pointer: "/idempotency_key", code: "pattern_mismatch" });
  }
  if (issues.length > 0) return { ok: false, code: "validation_failed", issues };

  const input = known as LeadInput;
  if (headerKey !== null && input.idempotency_key !== undefined && headerKey !== input.idempotency_key) {
    return { ok: false, code: "idempotency_key_mismatch" };
  }
  return {
    ok: true,
    lead: {
      input,
      phone,
      timezone,
      ignoredFields,
      idempotencyKey: input.idempotency_key ?? headerKey ?? undefined,
    },
  };
}

/** RFC 6901: "~" and "/" in a name are escaped in a JSON Pointer. */
const escapePointer = (name: string) => name.replaceAll("~", "~0").replaceAll("/", "~1");
