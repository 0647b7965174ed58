// The one info line written per request: method, path, status, duration, lead id, request id and the client's name, never data.

import type { Logger } from "../logger.ts";
import { loggedPath } from "./logged-path.ts";
import type { RequestState } from "./request-state.ts";
import { pathOf } from "./url-path.ts";

/** @example logRequest(logger, request, requestState(request)) // {"msg":"request","status":201,…} */
export function logRequest(logger: Logger, request: Request, state: RequestState): void {
  logger.info("request", {
    method: request.method,
    // A sign-in link's secret never reaches the logs.
    path: loggedPath(pathOf(request.url)),
    status: state.status,
    duration_ms: Math.round((performance.now() - state.startedAt) * 100) / 100,
    lead_id: state.leadId,
    request_id: state.requestId,
    // The SDK names itself and its version here; capped, as any client may send anything.
    client: request.headers.get("x-stl-client")?.slice(0, 100) ?? undefined,
  });
}
