// GET of a lead by a sender: authenticate and rate-limit like the intake, scope to the token's account, ETag.
import type { LeadStatus, ProblemCode } from "@speed-to-lead/spec";
import type { EvidenceKeyRef } from "../../core/evidence/evidence-signing-key.ts";
import { acceptedBody } from "../../core/leads/accepted-body.ts";
import { postedByChannel } from "../../core/leads/channel-namespace.ts";
import type { LeadRow } from "../../core/leads/lead-record.ts";
import { findLeadById, listAttempts } from "../../core/leads/lead-status-repository.ts";
import { findLeadByExternalId } from "../../core/leads/lead-store.ts";
import type { Database } from "../../db/database.ts";
import { DatabaseUnavailableError } from "../../db/database.ts";
import { type RequestState, requestState } from "../../http/request-state.ts";
import { type ProblemOptions, problemResponse, textResponse } from "../../http/respond.ts";
import { passSenderGate, type SenderGateDeps } from "../sender-gate.ts";

export interface LeadStatusDeps extends SenderGateDeps {
  db: Database;
  isReady(): boolean;
  /** The key evidence records are signed with. */
  evidenceKey: EvidenceKeyRef;
}

/** What a read answers for the lead it found: its status, or its evidence record. */
export type LeadRender = (db: Database, lead: LeadRow) => Promise<unknown>;

/** Which lead a request names: by id (path) or by external id (query). */
export type LeadKey = { id: string } | { query: URLSearchParams };

const UNAVAILABLE_SECONDS = 2;

export async function handleLeadStatus(
  deps: LeadStatusDeps,
  request: Request,
  key: LeadKey,
  render: LeadRender = leadStatus,
): Promise<Response> {
  const state = requestState(request);
  const refuse = (code: ProblemCode, options: ProblemOptions = {}) => problemResponse(state, code, options);
  const unavailable = () =>
    refuse("unavailable", {
      retryAfterSeconds: UNAVAILABLE_SECONDS,
    });
  if (!deps.isReady()) return unavailable();
  try {
    return await read(deps, request, state, key, refuse, render);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return unavailable();
    throw error;
  }
}

async function read(
  deps: LeadStatusDeps,
  request: Request,
  state: RequestState,
  key: LeadKey,
  refuse: (code: ProblemCode, options?: ProblemOptions) => Response,
  render: LeadRender,
): Promise<Response> {
  const gate = await passSenderGate(deps, request, "read");
  if (!gate.ok) return refuse(gate.code, gate.options);
  const { limitHeaders } = gate;
  const accountId = gate.identity.accountId;
  let lead: LeadRow | undefined;
  if ("id" in key) {
    lead = await findLeadById(deps.db, accountId, key.id);
  } else {
    const platform = key.query.getAll("platform");
    const externalId = key.query.getAll("external_lead_id");
    if (platform.length !== 1 || externalId.length !== 1 || !platform[0] || !externalId[0]) {
      return refuse("lead_query_invalid", { headers: limitHeaders });
    }
    lead = await findLeadByExternalId(deps.db, accountId, platform[0], externalId[0]);
  }
  // Another channel's lead is "not found" to a token its owner did not let read other channels.
  const readable =
    lead && (gate.identity.readsAllChannels || (await postedByChannel(deps.db, lead, gate.identity)));
  if (!lead || !readable) return refuse("lead_not_found", { headers: limitHeaders });
  state.leadId = lead.id;

  const body = JSON.stringify(await render(deps.db, lead));
  const etag = `"${new Bun.CryptoHasher("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { ...limitHeaders, etag, "cache-control": "private, no-cache" };
  if (matches(request.headers.get("if-none-match"), etag)) {
    return textResponse(state, 304, null, "application/json", headers);
  }
  return textResponse(state, 200, body, "application/json", headers);
}

async function leadStatus(db: Database, lead: LeadRow): Promise<LeadStatus> {
  const accepted = acceptedBody(lead, false, []);
  const attempts = await listAttempts(db, lead.id);
  return {
    id: lead.id,
    call_eligible: accepted.call_eligible,
    received_at: accepted.received_at,
    respond_by: accepted.respond_by,
    consent_received_at: lead.consent_received_at ? new Date(lead.consent_received_at).toISOString() : null,
    lead: accepted.lead,
    handoff_attempts: attempts.map((row) => ({
      response_no: row.response_no,
      attempt: row.attempt,
      started_at: new Date(row.started_at).toISOString(),
      ok: row.ok,
      http_status: row.http_status,
    })),
  };
}

/** If-None-Match: `*` or a list of (possibly weak) tags. */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}
