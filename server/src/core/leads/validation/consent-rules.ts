// The consent block's rules: all three fields or none, and captured_at not in the future (60 s of skew allowed).
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { CONSENT_CLOCK_SKEW_SECONDS, ConsentSchema } from "@speed-to-lead/spec";
import type { FieldIssue } from "../../../http/respond.ts";
import { registerFormats } from "./formats.ts";
import { schemaIssues } from "./schema-errors.ts";

registerFormats();
const consentCheck = TypeCompiler.Compile(ConsentSchema);
const CONSENT_FIELDS = ["source", "reference", "captured_at"] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Absent or null: no consent, no issue. A non-object: type_mismatch. A missing, empty or non-string
 * field: consent_incomplete at that field's pointer (all of them at once).
 *
 * @example consentIssues({ source: "form" }, new Date())
 * // [{ pointer: "/consent/reference", code: "consent_incomplete" }, { pointer: "/consent/captured_at", … }]
 */
export function consentIssues(consent: unknown, now: Date): FieldIssue[] {
  if (consent === undefined || consent === null) return [];
  if (!isPlainObject(consent)) return [{ pointer: "/consent", code: "type_mismatch" }];
  const issues: FieldIssue[] = [];
  for (const field of CONSENT_FIELDS) {
    const value = consent[field];
    if (typeof value !== "string" || value.length === 0) {
      issues.push({ pointer: `/consent/${field}`, code: "consent_incomplete" });
    }
  }
  const incomplete = new Set(issues.map((issue) => issue.pointer));
  issues.push(...schemaIssues(consentCheck, consent, { prefix: "/consent", skip: (p) => incomplete.has(p) }));
  const capturedAt = consent.captured_at;
  if (issues.length === 0 && typeof capturedAt === "string") {
    if (Date.parse(capturedAt) > now.getTime() + CONSENT_CLOCK_SKEW_SECONDS * 1000) {
      issues.push({ pointer: "/consent/captured_at", code: "consent_in_future" });
    }
  }
  return issues;
}
