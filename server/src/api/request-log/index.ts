// GET /api/speed-to-lead/requests: a read token's own request log, newest first, cursor-paged and filtered.
import { REQUESTS_PATH, type RequestLogEntry as RequestLogJson } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
import { parseRequestLogQuery } from "../../core/request-log/request-log-query.ts";
import { type RequestLogRow, requestLogPage } from "../../core/request-log/request-log-store.ts";
import type { Database } from "../../db/database.ts";
import { DatabaseUnavailableError } from "../../db/database.ts";
import { requestState } from "../../http/request-state.ts";
import { jsonResponse, problemResponse, UNAVAILABLE_RETRY_SECONDS } from "../../http/respond.ts";
import { passSenderGate, type SenderGateDeps } from "../sender-gate.ts";

export interface RequestLogDeps extends SenderGateDeps {
  db: Database;
  isReady(): boolean;
}

/** A row as the API answers it (the spec's RequestLogEntry). */
const requestLogJson = (row: RequestLogRow): RequestLogJson => ({
  id: row.id,
  at: row.at.toISOString(),
  method: row.method,
  path: row.path,
  status: row.status,
  problem_code: row.problemCode,
  pointers: row.pointers,
  latency_ms: row.latencyMs,
  dry_run: row.dryRun,
  replayed: row.replayed,
  client_address: row.clientAddress,
  request_id: row.requestId,
  body: row.body,
});

async function listRequests(deps: RequestLogDeps, request: Request): Promise<Response> {
  const state = requestState(request);
  const unavailable = () =>
    problemResponse(state, "unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
  if (!deps.isReady()) return unavailable();
  try {
    const gate = await passSenderGate(deps, request, "read");
    if (!gate.ok) return problemResponse(state, gate.code, gate.options);
    const query = parseRequestLogQuery(new URL(request.url).searchParams);
    if (!query.ok) return problemResponse(state, "request_query_invalid", { headers: gate.limitHeaders });
    // Scoped by the calling token itself: a read token that may read other channels' leads still sees only its own requests.
    const owner = { tokenId: gate.identity.tokenId, accountId: gate.identity.accountId };
    const page = await requestLogPage(deps.db, owner, query.filter, query.limit);
    return jsonResponse(
      state,
      200,
      { requests: page.rows.map(requestLogJson), next_cursor: page.next ?? null },
      { ...gate.limitHeaders, "cache-control": "private, no-store" },
    );
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return unavailable();
    throw error;
  }
}

export function requestLog(deps: RequestLogDeps) {
  return new Elysia({ name: "request-log" }).get(REQUESTS_PATH, ({ request }) => listRequests(deps, request));
}
