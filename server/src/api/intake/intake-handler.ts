// POST /api/speed-to-lead/channel-inbound.php, checks in the contract's order: 401, 429, 415, 413, 400, 422.
import { BOT_CHECK_HEADER, type FieldErrorCode, type ProblemCode } from "@speed-to-lead/spec";
import { committingWhileConnected } from "../../core/leads/connected-store.ts";
import { acceptLeadDryRun } from "../../core/leads/dry-run.ts";
import type { IntakeEvents } from "../../core/leads/events.ts";
import { payloadFingerprint } from "../../core/leads/fingerprint.ts";
import type { LeadChangeBus } from "../../core/leads/lead-change-bus.ts";
import { acceptLead, type LiveStore } from "../../core/leads/service.ts";
import { validateLead } from "../../core/leads/validation/validate-lead.ts";
import type { Database } from "../../db/database.ts";
import { DatabaseUnavailableError } from "../../db/database.ts";
import type { BotCheckVerifier } from "../../http/bot-check.ts";
import { clientClosedResponse, clientWentAway, stillConnected } from "../../http/client-closed.ts";
import { readLeadBody } from "../../http/request-body.ts";
import { type RequestState, requestState } from "../../http/request-state.ts";
import {
  type HeaderMap,
  type ProblemOptions,
  problemResponse,
  textResponse,
  UNAVAILABLE_RETRY_SECONDS,
} from "../../http/respond.ts";
import type { Logger } from "../../logger.ts";
import { describeError } from "../../logger.ts";
import { passSenderGate, type SenderGateDeps } from "../sender-gate.ts";
import { DRY_RUN_HEADER, wantsDryRun } from "./dry-run-header.ts";
import { quarantineOf } from "./post-verdict.ts";

export interface IntakeDeps extends SenderGateDeps {
  db: Database;
  logger: Logger;
  events: IntakeEvents;
  /** Told once of each stored lead, after its commit. */
  leadChanges: LeadChangeBus;
  /** False until migrations ran: the intake answers 503 meanwhile. */
  isReady(): boolean;
  /** Where real posts' fresh leads are stored together, and the answers kept for retries. */
  store: Omit<LiveStore, "stillWanted">;
  /** Verifies the bot-check token of posts through intake-only tokens that require one. */
  botCheck: BotCheckVerifier;
}

export async function handleIntake(deps: IntakeDeps, request: Request): Promise<Response> {
  const state = requestState(request);
  const refuse = (code: ProblemCode, options: ProblemOptions = {}, fieldCodes: FieldErrorCode[] = []) => {
    try {
      deps.events.requestRefused?.(code, fieldCodes);
    } catch (error) {
      deps.logger.warn("requestRefused hook failed", describeError(error));
    }
    return problemResponse(state, code, options);
  };
  try {
    return await intake(deps, request, state, refuse);
  } catch (error) {
    // A body cut off by the client is the client's doing: logged as 499 at info, nothing stored.
    if (clientWentAway(request, error)) return clientClosedResponse(state);
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    deps.logger.warn("database unavailable", { request_id: state.requestId, ...describeError(error) });
    return unavailable(refuse);
  }
}

type Refuse = (code: ProblemCode, options?: ProblemOptions, fieldCodes?: FieldErrorCode[]) => Response;

const unavailable = (refuse: Refuse) =>
  refuse("unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });

async function intake(deps: IntakeDeps, request: Request, state: RequestState, refuse: Refuse) {
  if (!deps.isReady()) return unavailable(refuse);

  const gate = await passSenderGate(deps, request, "intake");
  if (!gate.ok) return refuse(gate.code, gate.options);
  const { identity, limitHeaders } = gate;
  // For the integration doctor: posts through a token that requires a bot check, with or without one.
  if (identity.guard?.botCheckRequired)
    state.botCheckSent = Boolean(request.headers.get(BOT_CHECK_HEADER)?.trim());

  const read = await readLeadBody(request);
  if (!read.ok) {
    // RFC 7694: a 415 for a content coding names the codings accepted.
    const encoding: HeaderMap =
      read.code === "unsupported_content_encoding" ? { "accept-encoding": "identity" } : {};
    return refuse(read.code, { headers: { ...limitHeaders, ...encoding } });
  }

  state.postedBody = read.body;
  const now = new Date();
  const validation = validateLead(read.body, request.headers.get("idempotency-key"), now);
  if (!validation.ok) {
    if (validation.code === "idempotency_key_mismatch")
      return refuse(validation.code, { headers: limitHeaders });
    const fieldCodes = validation.issues.map((issue) => issue.code);
    return refuse("validation_failed", { errors: validation.issues, headers: limitHeaders }, fieldCodes);
  }

  const fingerprint = payloadFingerprint(read.body);
  if (wantsDryRun(request.headers)) {
    state.dryRun = true;
    const dryRun = await acceptLeadDryRun(deps.db, identity, validation.lead, fingerprint, now);
    return dryRunAnswer(state, dryRun, limitHeaders, refuse);
  }
  // Never store a lead whose answer is already lost (pipelining in Bun; connected-store.ts).
  if (!(await stillConnected(request))) return clientClosedResponse(state);
  const db = committingWhileConnected(deps.db, () => !clientWentAway(request));
  const quarantine = await quarantineOf(deps, identity, request, read.body);
  const posted = { ...validation.lead, quarantine };
  const outcome = await acceptLead(db, identity, posted, fingerprint, now, {
    ...deps.store,
    stillWanted: () => !clientWentAway(request),
  });
  if (outcome.kind === "stored" && clientWentAway(request)) {
    deps.logger.warn("connection closed while the lead was stored: answer lost", {
      request_id: state.requestId,
      lead_id: outcome.lead.id,
    });
  }
  switch (outcome.kind) {
    case "repeats_limited":
      return refuse("lead_repeats_limited", {
        retryAfterSeconds: outcome.retryAfterSeconds,
        headers: limitHeaders,
      });
    case "key_reused":
      return refuse("idempotency_key_reused", { headers: limitHeaders });
    case "in_flight":
      // The holder has run for LOCK_TIMEOUT_MS already; it is likely done within a second.
      return refuse("idempotency_request_in_flight", {
        retryAfterSeconds: 1,
        headers: limitHeaders,
      });
    case "replayed":
      state.leadId = outcome.leadId;
      state.replayed = true;
      try {
        deps.events.leadReplayed?.();
      } catch (error) {
        deps.logger.warn("leadReplayed hook failed", describeError(error));
      }
      return textResponse(state, outcome.status, outcome.body, "application/json", {
        ...limitHeaders,
        "idempotent-replayed": "true",
      });
    case "stored":
      state.leadId = outcome.lead.id;
      deps.leadChanges.announce({
        kind: "stored",
        lead: outcome.lead,
        created: outcome.created,
        responseTaskId: outcome.responseTaskId,
        responseTaskLeased: outcome.responseTaskLeased,
      });
      return textResponse(state, outcome.status, outcome.body, "application/json", limitHeaders);
  }
}

/** What the post would have answered, marked as a dry run (header and body); no event fires. */
function dryRunAnswer(
  state: RequestState,
  outcome: Awaited<ReturnType<typeof acceptLeadDryRun>>,
  limitHeaders: HeaderMap,
  refuse: Refuse,
): Response {
  const headers = { ...limitHeaders, [DRY_RUN_HEADER]: "true" };
  switch (outcome.kind) {
    case "repeats_limited":
      return refuse("lead_repeats_limited", { retryAfterSeconds: outcome.retryAfterSeconds, headers });
    case "key_reused":
      return refuse("idempotency_key_reused", { headers });
    case "in_flight":
      return refuse("idempotency_request_in_flight", { retryAfterSeconds: 1, headers });
    case "replayed":
      state.replayed = true;
      return textResponse(state, outcome.status, markDryRun(outcome.body), "application/json", {
        ...headers,
        "idempotent-replayed": "true",
      });
    case "stored":
      return textResponse(state, outcome.status, markDryRun(outcome.body), "application/json", headers);
  }
}

const markDryRun = (body: string) => JSON.stringify({ ...JSON.parse(body), dry_run: true });
