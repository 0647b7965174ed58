// POST of a pre-dial check: what every signed assistant request is checked for (signed-assistant-request.ts), then
// 409 (replayed), 404 (no such hand-off of that lead), 409 (checks used up); then the answer, recorded.
import { TypeCompiler } from "@sinclair/typebox/compiler";
import {
  type CallCheckAnswer,
  type CallCheckReason,
  CallCheckSchema,
  type ProblemCode,
} from "@speed-to-lead/spec";
import { claimWebhookId, webhookIdForgetter } from "../../core/handoff/assistant-event-store.ts";
import { callAllowedNow } from "../../core/handoff/call-allowed-now.ts";
import { checksLeft, recordCallCheck } from "../../core/handoff/call-checks.ts";
import type { CallingHours } from "../../core/handoff/calling-hours.ts";
import { type FoundHandoff, findHandoff } from "../../core/handoff/handoff-offers.ts";
import { type Database, DatabaseUnavailableError } from "../../db/database.ts";
import { jsonResponse, problemResponse, UNAVAILABLE_RETRY_SECONDS } from "../../http/respond.ts";
import type { Logger } from "../../logger.ts";
import { type SignedAssistantDeps, signedAssistantRequests } from "../signed-assistant-request.ts";

export interface CallCheckDeps extends SignedAssistantDeps {
  db: Database;
  logger: Logger;
  /** The calling hours the dispatcher's decisions use. */
  callingHours: CallingHours;
  /** The instant a check decides at; Date.now when absent (tests move it into a number's calling hours). */
  now?: () => number;
}

const checkCheck = TypeCompiler.Compile(CallCheckSchema);

/** Thrown so the webhook-id is not kept: nothing was answered. */
class Refused extends Error {
  constructor(readonly code: ProblemCode) {
    super(code);
  }
}

/** What the hand-off itself refuses, whatever the rules say: no number offered, another number, a later hand-off. */
function handoffReasons(handoff: FoundHandoff, phone: string): CallCheckReason[] {
  const reasons: CallCheckReason[] = [];
  if (handoff.phone === null) reasons.push({ code: "call_not_permitted", until: null });
  else if (handoff.phone !== phone) reasons.push({ code: "number_not_offered", until: null });
  if (handoff.superseded) reasons.push({ code: "superseded", until: null });
  return reasons;
}

/** @example const handle = callCheckHandler({ db, secret, rateLimiter, logger, callingHours, isReady }); await handle(request) */
export function callCheckHandler(deps: CallCheckDeps) {
  const read = signedAssistantRequests(deps, "call-checks", checkCheck);
  const forgetOldIds = webhookIdForgetter(deps.db, deps.logger);

  return async (request: Request): Promise<Response> => {
    const signed = await read(request);
    if (!signed.ok) return signed.response;
    const { state, webhookId, body } = signed;
    try {
      const answer = await deps.db.transaction(async (tx): Promise<CallCheckAnswer | "replayed"> => {
        if (!(await claimWebhookId(tx, webhookId))) return "replayed";
        const handoff = await findHandoff(tx, body.handoff_id, body.lead_id);
        if (!handoff) throw new Refused("handoff_not_found");
        if (!(await checksLeft(tx, handoff.id))) throw new Refused("call_checks_exhausted");
        const now = (deps.now ?? Date.now)();
        // The call decision at this instant for the number, with its do-not-call and wrong-number lists.
        const verdict = await callAllowedNow(
          tx,
          {
            accountId: handoff.lead.account_id,
            leadId: handoff.lead.lead_id,
            phone: body.phone,
            offeredAt: handoff.offered_at,
          },
          now,
          deps.callingHours,
        );
        const own = handoffReasons(handoff, body.phone);
        const ownCodes = new Set(own.map((reason) => reason.code));
        const reasons = [...own, ...verdict.reasons.filter((reason) => !ownCodes.has(reason.code))];
        const answer: CallCheckAnswer = {
          check_id: Bun.randomUUIDv7(),
          handoff_id: handoff.id,
          lead_id: handoff.lead.lead_id,
          phone: body.phone,
          checked_at: new Date(now).toISOString(),
          allowed: reasons.length === 0,
          reasons,
          call_window: own.length > 0 ? null : verdict.call_window,
          call_caps: verdict.call_caps,
        };
        await recordCallCheck(tx, answer, webhookId);
        return answer;
      });
      if (answer === "replayed") return problemResponse(state, "webhook_replayed");
      deps.logger.info("call check answered", {
        lead_id: answer.lead_id,
        webhook_id: webhookId,
        allowed: answer.allowed,
        reasons: answer.reasons.map((reason) => reason.code).join(","),
      });
      forgetOldIds();
      return jsonResponse(state, 200, answer);
    } catch (error) {
      if (error instanceof Refused) return problemResponse(state, error.code);
      if (error instanceof DatabaseUnavailableError)
        return problemResponse(state, "unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
      throw error;
    }
  };
}
