// What the server remembers about one request between hooks: id, start time, status and lead for the log line.
import { type Language, preferredLanguage } from "./language.ts";

export interface RequestState {
  requestId: string;
  startedAt: number;
  language: Language;
  status: number;
  leadId?: string;
  /** The token the request named, once looked up (valid, revoked or expired): the request log's key. */
  token?: { tokenId: string; accountId: string };
  /** The problem answered, and a 422's field pointers (problemResponse sets them). */
  problemCode?: string;
  pointers?: string[];
  /** The posted body as read: the request log keeps its shape, after the response. */
  postedBody?: unknown;
  /** A dry run, or an answer replayed for a repeated idempotency key. */
  dryRun?: boolean;
  replayed?: boolean;
  /** Whether a bot-check token came with a post through a token that requires one (the doctor reads it). */
  botCheckSent?: boolean;
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
