// The hand-off the assistant receives: the lead as it needs it for the response, whether and when it may call.
import { HANDOFF_PAYLOAD_VERSION, type HandoffPayloadBody } from "@speed-to-lead/spec";
import { type CallRefusal, callPermitted } from "../leads/call-eligibility.ts";
import { callCapsOf } from "./call-caps.ts";
import type { CallDecision } from "./call-decision.ts";

/** The lead's fields the claim reads and the payload passes on unchanged. */
type HandedOverLeadField =
  | "email"
  | "first_name"
  | "last_name"
  | "language"
  | "timezone"
  | "state"
  | "postal_code"
  | "property_ref"
  | "source"
  | "context"
  | "consent";

/** A claimed task joined with its lead and account, as the claim query returns it. */
export interface ClaimedTask extends Pick<HandoffPayload["data"], HandedOverLeadField> {
  task_id: string;
  attempts: number;
  /** 1 for the lead's first response, then one more per response a repeat opened. */
  response_no: number;
  lead_id: string;
  account_id: string;
  account_slug: string;
  phone: string | null;
  price: string | number | null;
  test: boolean;
  received_at: Date | string;
  respond_by: Date | string;
  /** Why a call is refused (the do-not-call list read at the claim included); null: call permitted. */
  response_reason: CallRefusal | "test" | null;
}

/** The payload as the spec documents it (the `lead.handoff` webhook): one shape for both sides. */
export type HandoffPayload = HandoffPayloadBody;

/** What the assistant may do: call (then the payload carries the phone and window) or only email. */
export type CallPermission = HandoffPayload["data"]["call"];

/** The webhook-id of a task: the same on every attempt, so the assistant can drop duplicates. */
export function webhookIdOf(taskId: string, responseNo = 1): string {
  return responseNo === 1 ? `msg_handoff_${taskId}` : `msg_handoff_${taskId}_${responseNo}`;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/**
 * The payload of a delivery: the lead's fields and the call decision made for it at delivery time (so
 * a retry after the window closed points at the next one), read, never recomputed. Absent fields are
 * null, so the assistant sees one shape; the phone and the window are there only when the decision
 * permits the call. Throws for a lead with no permitted way to be answered.
 *
 * @example buildPayload(task, await decideCall(task, now, context), handoffIdOf(task.task_id, task.response_no))
 */
export function buildPayload(task: ClaimedTask, decision: CallDecision, handoffId: string): HandoffPayload {
  const reason = unanswerable(task);
  if (reason) throw new Error(`task ${task.task_id}: the lead may not be answered (${reason})`);
  const { call } = decision;
  const permitted = call.permitted;
  const data: HandoffPayload["data"] = {
    lead_id: task.lead_id,
    handoff_id: handoffId,
    account: { id: task.account_id, slug: task.account_slug },
    response_no: task.response_no,
    call,
    ...(permitted ? { phone: task.phone! } : {}),
    email: task.email,
    first_name: task.first_name,
    last_name: task.last_name,
    language: task.language,
    timezone: task.timezone,
    state: task.state,
    postal_code: task.postal_code,
    property_ref: task.property_ref,
    price: task.price === null ? null : Number(task.price),
    source: task.source,
    context: task.context,
    consent: task.consent,
    received_at: iso(task.received_at),
    respond_by: iso(task.respond_by),
  };
  if (permitted && decision.call_window) {
    data.call_window = decision.call_window;
    data.call_caps = callCapsOf(decision.caps);
  }
  return {
    type: "lead.handoff",
    version: HANDOFF_PAYLOAD_VERSION,
    timestamp: decision.decided_at,
    data,
  };
}

/** Why a claimed task must not be sent at all: a test lead, or neither a permitted call nor an email. */
export function unanswerable(task: ClaimedTask): string | undefined {
  if (task.test) return "test";
  if (!callPermitted(task) && task.email === null) return task.response_reason ?? "no_consent";
  return undefined;
}
