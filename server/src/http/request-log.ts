// The one info line written per request: method, path, status, duration, lead id, request id and the client's name, never data.
import type { Logger } from "../logger.ts";
import { loggedPath } from "../modules/owners/sign-in-links.ts";
import type { RequestState } from "./request-state.ts";

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

/** Plain characters only, no dot segment: such a path is its own URL pathname. */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~-]|\.(?!\.?(?:\/|$))|\/(?!\.))*$/;

/**
 * The URL's pathname, without parsing the URL for the usual plain path (every request is logged).
 *
 * @example pathOf("http://localhost:3000/api/speed-to-lead/channel-inbound.php?x=1") // "/api/speed-to-lead/channel-inbound.php"
 */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return new URL(url).pathname;
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 63 || code === 35) {
      end = i;
      break;
    }
  }
  const path = url.slice(start, end);
  return PLAIN_PATH.test(path) ? path : new URL(url).pathname;
}
