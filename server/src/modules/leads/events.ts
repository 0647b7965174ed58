// What the intake tells other features after a commit: the hand-off wakes its dispatcher, metrics count.
import type { FieldErrorCode, ProblemCode } from "@speed-to-lead/spec";
import type { LeadRow } from "./lead-record.ts";

export interface LeadStoredEvent {
  lead: LeadRow;
  created: boolean;
  /** Set when this request wrote the lead's response task. */
  responseTaskId?: string;
}

export interface IntakeEvents {
  /** After the transaction committed; must not throw (errors are logged and ignored). */
  leadStored?(event: LeadStoredEvent): void;
  /** Every refused request, with the field codes of a validation failure. */
  requestRefused?(code: ProblemCode, fieldCodes: FieldErrorCode[]): void;
}
