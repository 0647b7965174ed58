// POST of an assistant event: what every signed assistant request is checked for (signed-assistant-request.ts),
// then 409 (replayed), 404 (lead, hand-off), 422 (a number no hand-off of the lead offered); applied to the number called.
import { TypeCompiler } from "@sinclair/typebox/compiler";
import {
  type AssistantEventReceived,
  AssistantEventSchema,
  type ProblemCode,
  WEBHOOK_TOLERANCE_SECONDS,
} from "@speed-to-lead/spec";
import { addToListIn, reportWrongNumberIn } from "../../core/dnc/service.ts";
import { claimWebhookId, webhookIdForgetter } from "../../core/handoff/assistant-event-store.ts";
import { recordCallAttempt } from "../../core/handoff/call-caps.ts";
import { type LeadOffers, leadOffers, offeredNumbers } from "../../core/handoff/handoff-offers.ts";
import { type Database, DatabaseUnavailableError } from "../../db/database.ts";
import {
  jsonResponse,
  type ProblemOptions,
  problemResponse,
  UNAVAILABLE_RETRY_SECONDS,
} from "../../http/respond.ts";
import type { Logger } from "../../logger.ts";
import { type SignedAssistantDeps, signedAssistantRequests } from "../signed-assistant-request.ts";

export interface AssistantEventDeps extends SignedAssistantDeps {
  db: Database;
  logger: Logger;
}

const eventCheck = TypeCompiler.Compile(AssistantEventSchema);
type AssistantEvent = typeof AssistantEventSchema.static;

type Outcome =
  | { ok: true; body: AssistantEventReceived }
  | { ok: false; code: ProblemCode; options?: ProblemOptions };

/** Thrown so the webhook-id is not kept: the same event may come again once its lead or number is known. */
class Refused extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly options?: ProblemOptions,
  ) {
    super(code);
  }
}

/**
 * The number the event is about: the one its hand-off offered; or the number it names, which a hand-off
 * of the lead must have offered (or be the lead's phone); or else the number last offered for the lead,
 * the lead's phone only when no hand-off ever offered one (hand-offs delivered before hand-offs had ids).
 */
function numberOfEvent(lead: LeadOffers, event: AssistantEvent): string | null {
  const { handoff_id, phone } = event.data;
  if (handoff_id !== undefined) {
    const handoff = lead.offers.find((offer) => offer.id === handoff_id);
    if (!handoff) throw new Refused("handoff_not_found");
    if (handoff.phone !== null) return handoff.phone;
  }
  const offered = offeredNumbers(lead);
  if (handoff_id === undefined && phone !== undefined) {
    if (offered.includes(phone) || phone === lead.phone) return phone;
    throw new Refused("validation_failed", {
      errors: [{ pointer: "/data/phone", code: "phone_not_offered" }],
    });
  }
  return offered[0] ?? lead.phone;
}

/** @example const handle = assistantEventHandler({ db, secret, rateLimiter, logger }); await handle(request) */
export function assistantEventHandler(deps: AssistantEventDeps) {
  const read = signedAssistantRequests(deps, "assistant-events", eventCheck);
  const forgetOldIds = webhookIdForgetter(deps.db, deps.logger);

  return async (request: Request): Promise<Response> => {
    const signed = await read(request);
    if (!signed.ok) return signed.response;
    const { state, webhookId, body: event } = signed;
    const refuse = (code: ProblemCode, options?: ProblemOptions) => problemResponse(state, code, options);
    const attemptedAt = event.data.attempted_at ? Date.parse(event.data.attempted_at) : Number.NaN;
    if (
      event.type === "lead.call_attempted" &&
      !(attemptedAt <= Date.now() + WEBHOOK_TOLERANCE_SECONDS * 1000)
    ) {
      // Required for an attempt, and not from the future: a cap counts it for 24 hours from then.
      return refuse("validation_failed", {
        errors: [{ pointer: "/data/attempted_at", code: "date_time_invalid" }],
      });
    }

    try {
      const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
        if (!(await claimWebhookId(tx, webhookId))) return { ok: false, code: "webhook_replayed" };
        const lead = await leadOffers(tx, event.data.lead_id);
        if (!lead) throw new Refused("lead_not_found");
        const phone = numberOfEvent(lead, event);
        let handoffsCancelled = 0;
        if (phone) {
          const change = { accountId: lead.account_id, phone, via: "assistant" as const, actor: webhookId };
          if (event.type === "lead.call_attempted") {
            await recordCallAttempt(tx, {
              accountId: lead.account_id,
              phone,
              leadId: event.data.lead_id,
              attemptedAt: new Date(attemptedAt),
              webhookId,
            });
          } else {
            handoffsCancelled =
              event.type === "lead.opted_out"
                ? (await addToListIn(tx, change)).handoffsCancelled
                : (await reportWrongNumberIn(tx, change)).handoffsCancelled;
          }
        }
        return {
          ok: true,
          body: {
            type: event.type,
            lead_id: event.data.lead_id,
            phone,
            handoffs_cancelled: handoffsCancelled,
          },
        };
      });
      if (!outcome.ok) return refuse(outcome.code, outcome.options);
      deps.logger.info("assistant event applied", {
        type: event.type,
        lead_id: event.data.lead_id,
        webhook_id: webhookId,
        handoffs_cancelled: outcome.body.handoffs_cancelled,
      });
      forgetOldIds();
      return jsonResponse(state, 200, outcome.body);
    } catch (error) {
      if (error instanceof Refused) return refuse(error.code, error.options);
      if (error instanceof DatabaseUnavailableError)
        return refuse("unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
      throw error;
    }
  };
}
