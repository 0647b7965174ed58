// What happened to a lead, as the owner reads it: call-eligible, answered by email (neutral), not answered for a
// test, or no one could answer (red, with what the sender must send). Red is kept for what needs the owner.
import type { NotCalledReason, ResponseState } from "@speed-to-lead/spec";
import type { MessageKey } from "../kit/dictionary.ts";

export interface Outcome {
  /** ok: call-eligible; email: answered by email; quiet: nothing to do; needs-owner: shown in red. */
  kind: "ok" | "email" | "quiet" | "needs-owner";
  label: MessageKey;
  /** Why, or what the sender must send. */
  detail?: MessageKey;
}

/**
 * @example leadOutcome({ call_eligible: false, not_called_reason: "no_phone", response_state: "handed_off" })
 * // { kind: "email", label: "outcome.email.done", detail: "outcome.why.no_phone" }
 */
export function leadOutcome(lead: {
  call_eligible: boolean;
  not_called_reason: NotCalledReason | null;
  response_state: ResponseState;
}): Outcome {
  const reason = lead.not_called_reason;
  if (lead.call_eligible || reason === null) return { kind: "ok", label: "inbox.eligible" };
  if (reason === "test") return { kind: "quiet", label: "outcome.test" };
  const why = `outcome.why.${reason}` as const;
  if (lead.response_state === "handed_off")
    return { kind: "email", label: "outcome.email.done", detail: why };
  if (lead.response_state === "pending")
    return { kind: "email", label: "outcome.email.pending", detail: why };
  if (lead.response_state === "missed")
    return { kind: "needs-owner", label: "outcome.email.missed", detail: why };
  // not_called: no permitted call and no email. The owner's list or a wrong number is no one's fault.
  // An operator's emergency hold is no one's fault either, nor a number whose call another lead started.
  if (
    reason === "opted_out" ||
    reason === "wrong_number" ||
    reason === "held" ||
    reason === "called_recently"
  )
    return { kind: "quiet", label: why };
  return { kind: "needs-owner", label: "outcome.unanswerable", detail: `outcome.send.${reason}` };
}
