// Typed errors: one class per kind of failure, so callers branch with instanceof and programs on `code`.
import { parseRetryAfter } from "./retry";
import type { FieldError, Problem, ProblemCode } from "./types";

/** A problem code of the service, or `unexpected_response` when the error body was not a problem. */
export type LeadIntakeErrorCode = ProblemCode | "unexpected_response" | (string & {});

/**
 * The service answered with an error status. `code` is stable (for programs), `title` and `detail`
 * are for people. Subclasses narrow the kind; anything else (400, 404, 405, 413, 415, 500) is this class.
 *
 * @example
 * try { await client.postLead(lead); } catch (error) {
 *   if (error instanceof LeadIntakeError) console.log(error.status, error.code, error.detail);
 * }
 */
export class LeadIntakeError extends Error {
  override name = "LeadIntakeError";
  /** The HTTP status. */
  readonly status: number;
  readonly code: LeadIntakeErrorCode;
  readonly title: string;
  readonly detail: string;
  /** The problem+json body, or undefined when the body was not one (a proxy's HTML page, say). */
  readonly problem: Problem | undefined;
  readonly headers: Headers;
  /** The service's request id (problem.request_id or X-Request-Id), for support. */
  readonly requestId: string | undefined;
  /** Seconds from the Retry-After header, when the response carried one. */
  readonly retryAfter: number | undefined;

  constructor(status: number, headers: Headers, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    const detail = problem?.detail ?? `The service answered HTTP ${status}.`;
    super(detail);
    // Keeps instanceof working if a consumer down-compiles classes to ES5.
    Object.setPrototypeOf(this, new.target.prototype);
    this.status = status;
    this.code = problem?.code ?? "unexpected_response";
    this.title = problem?.title ?? `HTTP ${status}`;
    this.detail = detail;
    this.problem = problem;
    this.headers = headers;
    this.requestId = problem?.request_id ?? headers.get("x-request-id") ?? undefined;
    this.retryAfter = parseRetryAfter(headers.get("retry-after"));
  }
}

/** 422 validation_failed: `errors` lists every field that breaks the contract, with a JSON Pointer. */
export class ValidationError extends LeadIntakeError {
  override name = "ValidationError";
  /** Every field error at once, e.g. `{ pointer: "/phone", code: "phone_not_us", message: "…" }`. */
  readonly errors: FieldError[] = this.problem?.errors ?? [];
}

/** 401: the channel token is missing, invalid, revoked, expired (after a roll), or two different tokens were sent. */
export class AuthenticationError extends LeadIntakeError {
  override name = "AuthenticationError";
}

/** 429 rate_limited: `retryAfter` says how many seconds to wait. */
export class RateLimitError extends LeadIntakeError {
  override name = "RateLimitError";
}

/**
 * The idempotency key clashed: 409 idempotency_request_in_flight (retried automatically), 422
 * idempotency_key_reused (same key, other payload) or idempotency_key_mismatch (body and header differ).
 */
export class IdempotencyConflictError extends LeadIntakeError {
  override name = "IdempotencyConflictError";
}

/** 502, 503 or 504: the service or a gateway in front of it is unavailable for now. */
export class UnavailableError extends LeadIntakeError {
  override name = "UnavailableError";
}

/**
 * No usable response: the network failed, the connection dropped, or the body could not be read.
 * Not an HTTP status, hence not a LeadIntakeError. The cause is in `cause`.
 */
export class ConnectionError extends Error {
  override name = "ConnectionError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** One attempt took longer than `timeoutMs`. */
export class TimeoutError extends ConnectionError {
  override name = "TimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`No response within ${timeoutMs} ms.`);
  }
}

/** The error class for an error response. */
export function errorFromResponse(response: Response, body: unknown): LeadIntakeError {
  const { status, headers } = response;
  const code = isProblem(body) ? body.code : "";
  const ErrorClass =
    status === 401
      ? AuthenticationError
      : status === 409 || code.startsWith("idempotency_")
        ? IdempotencyConflictError
        : status === 422
          ? ValidationError
          : status === 429
            ? RateLimitError
            : status >= 502 && status <= 504
              ? UnavailableError
              : LeadIntakeError;
  return new ErrorClass(status, headers, body);
}

function isProblem(body: unknown): body is Problem {
  return typeof body === "object" && body !== null && typeof (body as Problem).code === "string";
}
