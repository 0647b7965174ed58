// The hand-off the assistant receives: the lead as it needs it for the call, and when it may call.
import type { Consent } from "@speed-to-lead/spec";
import { notCalledReason } from "../leads/lead-record.ts";
import { callingRulesOfPhone } from "./area-code-states.ts";
import { type CallingHours, type CallWindow, callWindow, callZones } from "./calling-hours.ts";

/** A claimed task joined with its lead and account, as the claim query returns it. */
export interface ClaimedTask {
  task_id: string;
  attempts: number;
  lead_id: string;
  account_id: string;
  account_slug: string;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  language: string | null;
  timezone: string | null;
  property_ref: string | null;
  price: string | number | null;
  source: string;
  context: Record<string, unknown> | null;
  consent: Consent | null;
  test: boolean;
  received_at: Date | string;
  respond_by: Date | string;
}

export interface HandoffPayload {
  type: "lead.handoff";
  /** When this delivery attempt was built (Standard Webhooks' envelope). */
  timestamp: string;
  data: {
    lead_id: string;
    account: { id: string; slug: string };
    phone: string;
    first_name: string | null;
    last_name: string | null;
    language: string | null;
    timezone: string | null;
    property_ref: string | null;
    price: number | null;
    source: string;
    context: Record<string, unknown> | null;
    consent: Consent;
    received_at: string;
    respond_by: string;
    call_window: CallWindow;
  };
}

export interface PayloadSettings {
  callingHours: CallingHours;
  defaultTimeZone: string;
}

/** The webhook-id of a task: the same on every attempt, so the assistant can drop duplicates. */
export function webhookIdOf(taskId: string): string {
  return `msg_handoff_${taskId}`;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/**
 * The call window is computed at delivery time, so a retry after the window closed points at the
 * next one. Absent fields are null, so the assistant sees one shape.
 *
 * @example buildPayload(task, { callingHours: { start: 480, end: 1200 }, defaultTimeZone: "America/New_York" }, Date.now())
 */
export function buildPayload(task: ClaimedTask, settings: PayloadSettings, now: number): HandoffPayload {
  if (notCalledReason(task)) throw new Error(`task ${task.task_id}: lead is not call-eligible`);
  const zones = callZones(task, settings.defaultTimeZone);
  return {
    type: "lead.handoff",
    timestamp: new Date(now).toISOString(),
    data: {
      lead_id: task.lead_id,
      account: { id: task.account_id, slug: task.account_slug },
      phone: task.phone!,
      first_name: task.first_name,
      last_name: task.last_name,
      language: task.language,
      timezone: task.timezone,
      property_ref: task.property_ref,
      price: task.price === null ? null : Number(task.price),
      source: task.source,
      context: task.context,
      consent: task.consent!,
      received_at: iso(task.received_at),
      respond_by: iso(task.respond_by),
      call_window: callWindow(now, zones, settings.callingHours, callingRulesOfPhone(task.phone)),
    },
  };
}
