// Turns TypeBox's errors for the spec's schemas into the contract's field codes, one per JSON Pointer.
import type { TSchema } from "@sinclair/typebox";
import type { TypeCheck } from "@sinclair/typebox/compiler";
import { type ValueError, ValueErrorType } from "@sinclair/typebox/errors";
import type { FieldErrorCode } from "@speed-to-lead/spec";
import type { FieldIssue } from "../../../http/respond.ts";

const TYPE_ERRORS = new Set([
  ValueErrorType.String,
  ValueErrorType.Integer,
  ValueErrorType.Number,
  ValueErrorType.Boolean,
  ValueErrorType.Object,
  ValueErrorType.Null,
]);

const RANGE_ERRORS = new Set([
  ValueErrorType.IntegerMinimum,
  ValueErrorType.IntegerMaximum,
  ValueErrorType.NumberMinimum,
  ValueErrorType.NumberMaximum,
]);

function codeOf(error: ValueError): FieldErrorCode {
  const format = (error.schema as { format?: string }).format;
  if (TYPE_ERRORS.has(error.type)) return "type_mismatch";
  if (RANGE_ERRORS.has(error.type)) return "out_of_range";
  switch (error.type) {
    case ValueErrorType.StringMinLength:
      return "too_short";
    case ValueErrorType.StringMaxLength:
      return "too_long";
    case ValueErrorType.StringPattern:
    case ValueErrorType.StringFormat:
      // Date-times carry a pattern and a format; either failing is the same problem to the sender.
      if (format === "date-time") return "date_time_invalid";
      if (format === "email") return "email_invalid";
      return "pattern_mismatch";
    case ValueErrorType.Union:
      return "value_not_allowed";
    default:
      return "type_mismatch";
  }
}

/**
 * JSON Schema's maxLength counts characters (code points); TypeBox counts UTF-16 units, so 200 emoji
 * would break a maxLength of 200 there. Such an error is dropped when the code points fit.
 */
function withinCodePointLength(error: ValueError): boolean {
  if (error.type !== ValueErrorType.StringMaxLength || typeof error.value !== "string") return false;
  const maxLength = (error.schema as { maxLength?: number }).maxLength ?? Number.POSITIVE_INFINITY;
  let count = 0;
  for (const _ of error.value) if (++count > maxLength) return false;
  return true;
}

/**
 * Every error of `check` on `value`, first one per pointer. `skip` leaves pointers to a caller that
 * checks them itself (the consent block, whose union error says nothing useful).
 *
 * @example schemaIssues(leadCheck, { price: 1.5 }) // [{ pointer: "/price", code: "type_mismatch" }]
 */
export function schemaIssues<T extends TSchema>(
  check: TypeCheck<T>,
  value: unknown,
  options: { prefix?: string; skip?: (pointer: string) => boolean } = {},
): FieldIssue[] {
  const { prefix = "", skip = () => false } = options;
  if (check.Check(value)) return [];
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const error of check.Errors(value)) {
    const pointer = prefix + error.path;
    if (seen.has(pointer) || skip(pointer) || withinCodePointLength(error)) continue;
    seen.add(pointer);
    issues.push({ pointer, code: codeOf(error) });
  }
  return issues;
}
