// A client that went away before its answer (body cut off, connection closed): 499 in the log, never an error.
import type { RequestState } from "./request-state.ts";

/** nginx's "client closed request": not a status anyone receives, a mark in the request log. */
const CLIENT_CLOSED_STATUS = 499;

/**
 * True when the connection is gone: Bun aborts the request's signal, and a body read in progress
 * rejects with an AbortError ("The connection was closed.").
 *
 * @example if (clientWentAway(request, error)) return clientClosedResponse(state);
 */
export function clientWentAway(request: Request, error?: unknown): boolean {
  return request.signal.aborted || (error instanceof Error && error.name === "AbortError");
}

/**
 * Bun 1.4.4 closes a connection as soon as it parses a request that arrived while the previous one is
 * still pending (pipelining), and drops the pending one's answer; it parses what is already buffered
 * only after the current macrotask. One macrotask of waiting therefore shows whether this request's
 * answer is already lost.
 *
 * @example if (!(await stillConnected(request))) return clientClosedResponse(state);
 */
export async function stillConnected(request: Request): Promise<boolean> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return !clientWentAway(request);
}

/** Records 499 for the request log line; the response itself has nowhere to go. */
export function clientClosedResponse(state: RequestState): Response {
  state.status = CLIENT_CLOSED_STATUS;
  return new Response(null, { status: CLIENT_CLOSED_STATUS });
}
