// What the intake tells other features after a commit: the hand-off wakes its dispatcher, metrics count.
import type { FieldErrorCode, ProblemCode } from "@speed-to-lead/spec";
import type { LeadRow } from "./lead-record.ts";

export interface LeadStoredEvent {
  lead: LeadRow;
  created: boolean;
  /** Set when this request wrote the lead's response task. */
  responseTaskId?: string;
  /** That task is leased to this process's dispatcher: hand it over, nobody claims it. */
  responseTaskLeased?: boolean;
}

export interface IntakeEvents {
  /** After the transaction committed; must not throw (errors are logged and ignored). */
  leadStored?(event: LeadStoredEvent): void;
  /** An idempotent replay answered from the stored first response. */
  leadReplayed?(): void;
  /** Every refused request, with the field codes of a validation failure. */
  requestRefused?(code: ProblemCode, fieldCodes: FieldErrorCode[]): void;
}

/** Several features' hooks as one: each hook calls them in order. */
export function combineIntakeEvents(...all: (IntakeEvents | undefined)[]): IntakeEvents {
  const list = all.filter((events): events is IntakeEvents => events !== undefined);
  return {
    leadStored: (event) => {
      for (const events of list) events.leadStored?.(event);
    },
    leadReplayed: () => {
      for (const events of list) events.leadReplayed?.();
    },
    requestRefused: (code, fieldCodes) => {
      for (const events of list) events.requestRefused?.(code, fieldCodes);
    },
  };
}
