// POST of an assistant event: 404 without a secret, then 415, 413, 401 (signature, timestamp; 429 past the
// address's invalid-signature limit), 429 (rate), 400, 422, 409, 404 lead.
import { TypeCompiler } from "@sinclair/typebox/compiler";
import {
  type AssistantEventReceived,
  AssistantEventSchema,
  type ProblemCode,
  WEBHOOK_TOLERANCE_SECONDS,
} from "@speed-to-lead/spec";
import {
  createFailedAuthLimiter,
  DEFAULT_FAILED_AUTH_PER_MINUTE,
} from "../../core/accounts/failed-auth-limiter.ts";
import { addToListIn, reportWrongNumberIn } from "../../core/dnc/service.ts";
import {
  claimWebhookId,
  findLeadNumber,
  forgetOldWebhookIds,
} from "../../core/handoff/assistant-event-store.ts";
import { recordCallAttempt } from "../../core/handoff/call-caps.ts";
import { registerFormats } from "../../core/leads/validation/formats.ts";
import { schemaIssues } from "../../core/leads/validation/schema-errors.ts";
import { type Database, DatabaseUnavailableError } from "../../db/database.ts";
import { clientAddress } from "../../http/client-address.ts";
import { isJsonMediaType, parseJsonObject, readCappedBody } from "../../http/request-body.ts";
import { requestState } from "../../http/request-state.ts";
import {
  jsonResponse,
  type ProblemOptions,
  problemResponse,
  UNAVAILABLE_RETRY_SECONDS,
} from "../../http/respond.ts";
import { createSignatureVerifier } from "../../http/signed-webhook.ts";
import type { RateLimiter } from "../../http/token-bucket.ts";
import { describeError, type Logger } from "../../logger.ts";

export interface AssistantEventDeps {
  db: Database;
  /** ASSISTANT_WEBHOOK_SECRET; without it the endpoint does not exist (404). */
  secret: string | undefined;
  rateLimiter: RateLimiter;
  /** Invalid signatures one client address may send per minute (and at once) before its are 429; 0: no limit. */
  invalidSignaturesPerMinute?: number;
  /** TRUST_PROXY decides which address counts. */
  trustProxy?: boolean;
  logger: Logger;
  /** False until migrations ran: 503 meanwhile. */
  isReady(): boolean;
}

/** One bucket for the endpoint's validly signed events: the assistant is one sender. */
const RATE_KEY = "assistant-events";
const FORGET_EVERY_MS = 60_000;

registerFormats();
const eventCheck = TypeCompiler.Compile(AssistantEventSchema);
const decoder = new TextDecoder();

type Outcome =
  | { ok: true; body: AssistantEventReceived }
  | { ok: false; code: "webhook_replayed" | "lead_not_found" };

/** @example const handle = assistantEventHandler({ db, secret, rateLimiter, logger }); await handle(request) */
export function assistantEventHandler(deps: AssistantEventDeps) {
  const verify = deps.secret ? createSignatureVerifier(deps.secret) : undefined;
  let lastForget = 0;
  // Forgeries are counted per address after the HMAC (cheap, and the body is capped), never before it:
  // a flood of them must not use up a budget the real assistant's signed events depend on.
  const invalidSignatures = createFailedAuthLimiter({
    perMinute: deps.invalidSignaturesPerMinute ?? DEFAULT_FAILED_AUTH_PER_MINUTE,
  });

  return async (request: Request): Promise<Response> => {
    const state = requestState(request);
    const refuse = (code: ProblemCode, options?: ProblemOptions) => problemResponse(state, code, options);
    const unavailable = () => refuse("unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
    if (!verify) return refuse("not_found");
    if (!deps.isReady()) return unavailable();
    if (!isJsonMediaType(request.headers.get("content-type"))) return refuse("unsupported_media_type");
    const bytes = await readCappedBody(request);
    if (!bytes) return refuse("payload_too_large");
    const signature = verify(request.headers, decoder.decode(bytes), Date.now());
    if (!signature.ok) {
      const address = clientAddress(request, deps.trustProxy ?? false);
      const budget =
        address !== undefined && invalidSignatures.enabled ? invalidSignatures.take(address) : undefined;
      if (budget && !budget.allowed)
        return refuse("rate_limited", { retryAfterSeconds: budget.retryAfterSeconds });
      return refuse(signature.code);
    }
    if (deps.rateLimiter.enabled) {
      const decision = deps.rateLimiter.take(RATE_KEY);
      if (!decision.allowed) {
        return refuse("rate_limited", { retryAfterSeconds: decision.retryAfterSeconds });
      }
    }
    const body = parseJsonObject(bytes);
    if (!body) return refuse("invalid_json");
    const issues = schemaIssues(eventCheck, body);
    if (issues.length > 0) return refuse("validation_failed", { errors: issues });
    const event = body as typeof AssistantEventSchema.static;
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
        if (!(await claimWebhookId(tx, signature.webhookId))) return { ok: false, code: "webhook_replayed" };
        const lead = await findLeadNumber(tx, event.data.lead_id);
        // Thrown so the webhook-id is not kept: the same event may come again once the lead exists.
        if (!lead) throw new LeadNotFound();
        let handoffsCancelled = 0;
        if (lead.phone) {
          const change = {
            accountId: lead.account_id,
            phone: lead.phone,
            via: "assistant" as const,
            actor: signature.webhookId,
          };
          if (event.type === "lead.call_attempted") {
            await recordCallAttempt(tx, {
              accountId: lead.account_id,
              phone: lead.phone,
              leadId: event.data.lead_id,
              attemptedAt: new Date(attemptedAt),
              webhookId: signature.webhookId,
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
          body: { type: event.type, lead_id: event.data.lead_id, handoffs_cancelled: handoffsCancelled },
        };
      });
      if (!outcome.ok) return refuse(outcome.code);
      deps.logger.info("assistant event applied", {
        type: event.type,
        lead_id: event.data.lead_id,
        webhook_id: signature.webhookId,
        handoffs_cancelled: outcome.body.handoffs_cancelled,
      });
      forgetOldIds();
      return jsonResponse(state, 200, outcome.body);
    } catch (error) {
      if (error instanceof LeadNotFound) return refuse("lead_not_found");
      if (error instanceof DatabaseUnavailableError) return unavailable();
      throw error;
    }
  };

  function forgetOldIds() {
    if (Date.now() - lastForget < FORGET_EVERY_MS) return;
    lastForget = Date.now();
    forgetOldWebhookIds(deps.db).catch((error) =>
      deps.logger.warn("forgetting old webhook-ids failed", describeError(error)),
    );
  }
}

class LeadNotFound extends Error {}
