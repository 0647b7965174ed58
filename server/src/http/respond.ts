// Builds every response the server sends, so each carries X-Request-Id and records its status for the log.
import {
  FIELD_ERROR_CODES,
  type FieldError,
  type FieldErrorCode,
  PROBLEM_CODES,
  type ProblemCode,
  problemType,
} from "@speed-to-lead/spec";
import type { Language } from "./language.ts";
import { problemDetail } from "./problem-details.ts";
import type { RequestState } from "./request-state.ts";

export type HeaderMap = Record<string, string>;

export function textResponse(
  state: RequestState,
  status: number,
  body: string | null,
  contentType: string,
  headers: HeaderMap = {},
): Response {
  state.status = status;
  const merged: HeaderMap = {
    ...state.extraHeaders,
    "content-type": contentType,
    "x-request-id": state.requestId,
    ...headers,
  };
  // Both CORS (Origin) and a route (Accept-Language) may vary the response: keep both.
  if (state.extraHeaders.vary && headers.vary) merged.vary = `${state.extraHeaders.vary}, ${headers.vary}`;
  return new Response(body, { status, headers: merged });
}

export function jsonResponse(state: RequestState, status: number, body: unknown, headers: HeaderMap = {}) {
  return textResponse(state, status, JSON.stringify(body), "application/json", headers);
}

/** A field error without the submitted value: pointer, code and a message in the caller's language. */
export interface FieldIssue {
  pointer: string;
  code: FieldErrorCode;
}

function localizeIssues(issues: FieldIssue[], lang: Language): FieldError[] {
  return issues.map(({ pointer, code }) => ({ pointer, code, message: FIELD_ERROR_CODES[code][lang] }));
}

export interface ProblemOptions {
  errors?: FieldIssue[];
  headers?: HeaderMap;
  /** Seconds to wait: sets Retry-After, Retry-After-Ms, X-Should-Retry: true and the detail text of 409, 429 and 503. */
  retryAfterSeconds?: number;
}

/**
 * The one place a Retry-After header is made (problem answers and the console's pages): whole seconds, at least 1.
 *
 * @example textResponse(state, 429, html, "text/html", retryAfterHeader(2.5)) // retry-after: 3
 */
export function retryAfterHeader(seconds: number): HeaderMap {
  return { "retry-after": String(Math.max(1, Math.ceil(seconds))) };
}

/** Seconds a client should wait when the database is unreachable. */
export const UNAVAILABLE_RETRY_SECONDS = 2;

/**
 * RFC 9457 problem details in the request's language.
 *
 * @example problemResponse(state, "token_missing", { headers: { "www-authenticate": "Bearer" } })
 */
export function problemResponse(
  state: RequestState,
  code: ProblemCode,
  options: ProblemOptions = {},
): Response {
  const definition = PROBLEM_CODES[code];
  const lang = state.language;
  state.problemCode = code;
  state.pointers = options.errors?.map((issue) => issue.pointer);
  const body = {
    type: problemType(code),
    title: definition.title[lang],
    status: definition.status,
    detail: problemDetail(code, lang, { count: options.errors?.length, seconds: options.retryAfterSeconds }),
    code,
    request_id: state.requestId,
    ...(options.errors ? { errors: localizeIssues(options.errors, lang) } : {}),
  };
  return textResponse(state, definition.status, JSON.stringify(body), "application/problem+json", {
    "content-language": lang,
    ...options.headers,
    ...(options.retryAfterSeconds === undefined
      ? {}
      : {
          ...retryAfterHeader(options.retryAfterSeconds),
          // The same wait to the millisecond, and the verdict: a client may retry this request after it.
          "retry-after-ms": String(Math.round(options.retryAfterSeconds * 1000)),
          "x-should-retry": "true",
        }),
  });
}
