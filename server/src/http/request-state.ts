// What the server remembers about one request between hooks: id, start time, status and lead for the log line.
import { type Language, preferredLanguage } from "./language.ts";

export interface RequestState {
  requestId: string;
  startedAt: number;
  language: Language;
  status: number;
  leadId?: string;
  /** Added to every response of this request (CORS headers for an allowed Origin). */
  extraHeaders: Record<string, string>;
}

const states = new WeakMap<Request, RequestState>();

/** A caller's own X-Request-Id is kept when it is short and plain; otherwise the server makes one. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function beginRequest(request: Request): RequestState {
  const given = request.headers.get("x-request-id");
  const state: RequestState = {
    requestId:
      given && CALLER_REQUEST_ID.test(given) ? given : `req_${Bun.randomUUIDv7().replaceAll("-", "")}`,
    startedAt: performance.now(),
    language: preferredLanguage(request.headers.get("accept-language")),
    status: 200,
    extraHeaders: {},
  };
  states.set(request, state);
  return state;
}

/** The request's state; created on the spot for a request that skipped onRequest (should not happen). */
export function requestState(request: Request): RequestState {
  return states.get(request) ?? beginRequest(request);
}
