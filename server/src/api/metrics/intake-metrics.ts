// Counts what the intake does, through its after-commit events: accepted leads, refusals, validation codes.
import { PROBLEM_CODES, type ProblemCode } from "@speed-to-lead/spec";
import type { IntakeEvents } from "../../core/leads/events.ts";
import type { ServiceMetrics } from "../../metrics.ts";

/** Refusals about the request's content (400, 413, 415, 422), as opposed to auth, rate or availability. */
function isContentProblem(code: ProblemCode): boolean {
  const status = PROBLEM_CODES[code].status;
  return status === 400 || status === 413 || status === 415 || status === 422;
}

/**
 * A 422 validation_failed counts once per field error, under the field's code (phone_invalid,
 * consent_incomplete, …); other content refusals count under their problem code.
 *
 * @example createApp({ db, events: intakeMetricsEvents(metrics) })
 */
export function intakeMetricsEvents(
  metrics: ServiceMetrics,
): Required<IntakeEvents> & { leadReplayed(): void } {
  return {
    leadStored(event) {
      metrics.leadsAccepted.inc({ outcome: event.created ? "created" : "updated" });
    },
    leadReplayed() {
      metrics.leadsAccepted.inc({ outcome: "replayed" });
    },
    requestRefused(code, fieldCodes) {
      metrics.requestsRefused.inc({ code });
      if (code === "validation_failed" && fieldCodes.length > 0) {
        for (const fieldCode of fieldCodes) metrics.validationFailures.inc({ code: fieldCode });
      } else if (isContentProblem(code)) {
        metrics.validationFailures.inc({ code });
      }
    },
  };
}
