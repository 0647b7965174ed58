// The hand-off the assistant receives: the lead as it needs it for the response, whether and when it may call.
import { HANDOFF_PAYLOAD_VERSION, type HandoffPayloadBody } from "@speed-to-lead/spec";
import { type CallRefusal, callPermitted } from "../leads/call-eligibility.ts";
import { callingRulesOfPhone } from "./area-code-states.ts";
import { type CallBlock, type CallingHours, callWindow, callZones } from "./calling-hours.ts";

/** The lead's fields the claim reads and the payload passes on unchanged. */
type HandedOverLeadField =
  | "email"
  | "first_name"
  | "last_name"
  | "language"
  | "timezone"
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

/** What the hand-off's own row and the caps add: its id, and the calls each cap of its number still allows. */
export interface HandoffOfferFields {
  handoffId: string;
  callCaps: HandoffPayload["data"]["call_caps"];
}

export interface PayloadSettings {
  callingHours: CallingHours;
  defaultTimeZone: string;
}

/** The webhook-id of a task: the same on every attempt, so the assistant can drop duplicates. */
export function webhookIdOf(taskId: string, responseNo = 1): string {
  return responseNo === 1 ? `msg_handoff_${taskId}` : `msg_handoff_${taskId}_${responseNo}`;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/**
 * The call window is computed at delivery time, so a retry after the window closed points at the
 * next one. Absent fields are null, so the assistant sees one shape; the phone and the window are
 * there only when the call is permitted. `blocks` (the lead's holds, its phone's reached call cap)
 * move or cut the window. Throws for a lead with no permitted way to be answered.
 *
 * @example buildPayload(task, { callingHours: { start: 480, end: 1200 }, defaultTimeZone: "America/New_York" }, Date.now(), [], { handoffId, callCaps: [] })
 */
export function buildPayload(
  task: ClaimedTask,
  settings: PayloadSettings,
  now: number,
  blocks: readonly CallBlock[],
  offer: HandoffOfferFields,
): HandoffPayload {
  const reason = unanswerable(task);
  if (reason) throw new Error(`task ${task.task_id}: the lead may not be answered (${reason})`);
  const permitted = callPermitted(task);
  const call: CallPermission = permitted
    ? { permitted: true }
    : { permitted: false, reason: task.response_reason as CallRefusal };
  const data: HandoffPayload["data"] = {
    lead_id: task.lead_id,
    handoff_id: offer.handoffId,
    account: { id: task.account_id, slug: task.account_slug },
    response_no: task.response_no,
    call,
    ...(permitted ? { phone: task.phone! } : {}),
    email: task.email,
    first_name: task.first_name,
    last_name: task.last_name,
    language: task.language,
    timezone: task.timezone,
    property_ref: task.property_ref,
    price: task.price === null ? null : Number(task.price),
    source: task.source,
    context: task.context,
    consent: task.consent,
    received_at: iso(task.received_at),
    respond_by: iso(task.respond_by),
  };
  if (permitted) {
    const zones = callZones(task, settings.defaultTimeZone);
    data.call_window = callWindow(now, zones, settings.callingHours, callingRulesOfPhone(task.phone), blocks);
    data.call_caps = offer.callCaps ?? [];
  }
  return {
    type: "lead.handoff",
    version: HANDOFF_PAYLOAD_VERSION,
    timestamp: new Date(now).toISOString(),
    data,
  };
}

/** Why a claimed task must not be sent at all: a test lead, or neither a permitted call nor an email. */
export function unanswerable(task: ClaimedTask): string | undefined {
  if (task.test) return "test";
  if (!callPermitted(task) && task.email === null) return task.response_reason ?? "no_consent";
  return undefined;
}
