// Counts what the intake does: accepted leads (from the lead changes), replays, refusals, validation codes.
import { PROBLEM_CODES, type ProblemCode } from "@speed-to-lead/spec";
import type { IntakeEvents } from "../../core/leads/events.ts";
import type { LeadChangeListener } from "../../core/leads/lead-change-bus.ts";
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
export function intakeMetricsEvents(metrics: ServiceMetrics): Required<IntakeEvents> {
  return {
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

/**
 * Accepted leads, counted from the lead changes: each stored lead once, created or updated.
 *
 * @example leadChanges.subscribe(countStoredLeads(metrics));
 */
export function countStoredLeads(metrics: ServiceMetrics): LeadChangeListener {
  return (change) => {
    if (change.kind === "stored")
      metrics.leadsAccepted.inc({ outcome: change.created ? "created" : "updated" });
  };
}
