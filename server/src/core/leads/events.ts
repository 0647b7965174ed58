// What the intake tells the metrics of requests that stored nothing: replays answered, refusals. A stored lead
// is a lead change (lead-change-bus.ts).
import type { FieldErrorCode, ProblemCode } from "@speed-to-lead/spec";

export interface IntakeEvents {
  /** An idempotent replay answered from the stored first response. */
  leadReplayed?(): void;
  /** Every refused request, with the field codes of a validation failure. */
  requestRefused?(code: ProblemCode, fieldCodes: FieldErrorCode[]): void;
}
