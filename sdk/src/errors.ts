// Typed errors: one class per kind of failure, so callers branch with instanceof and programs on `code`.
import { SpeedToLeadError } from "./base-error";
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
export class LeadIntakeError extends SpeedToLeadError {
  /** The HTTP status. */
  readonly status: number;
  /** The problem's stable code, e.g. `validation_failed`: branch on this in programs. */
  readonly code: LeadIntakeErrorCode;
  /** A short summary of the kind of problem, for people (in the Accept-Language asked for). */
  readonly title: string;
  /** What went wrong with this request, for people. */
  readonly detail: string;
  /** The problem+json body, or undefined when the body was not one (a proxy's HTML page, say). */
  readonly problem: Problem | undefined;
  /** The response's headers (WWW-Authenticate, RateLimit-*, …). */
  readonly headers: Headers;
  /** Seconds from the Retry-After header, when the response carried one. */
  readonly retryAfter: number | undefined;

  constructor(status: number, headers: Headers, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    const detail = problem?.detail ?? `The service answered HTTP ${status}.`;
    // The message names every field error, so a log line alone says what to fix.
    const fields = (problem?.errors ?? []).map(({ pointer, code }) => `${pointer || "(body)"} ${code}`);
    super(fields.length ? `${detail} (${fields.join(", ")})` : detail, {
      requestId: problem?.request_id ?? headers.get("x-request-id") ?? undefined,
    });
    this.status = status;
    this.code = problem?.code ?? "unexpected_response";
    this.title = problem?.title ?? `HTTP ${status}`;
    this.detail = detail;
    this.problem = problem;
    this.headers = headers;
    this.retryAfter = parseRetryAfter(headers.get("retry-after"));
  }

  override get name() {
    return "LeadIntakeError";
  }
}

/**
 * 422 validation_failed: `errors` lists every field that breaks the contract, with a JSON Pointer;
 * the message names each one, e.g. "2 fields break the contract. (/phone phone_not_us, /email email_invalid)".
 */
export class ValidationError extends LeadIntakeError {
  /** Every field error at once, e.g. `{ pointer: "/phone", code: "phone_not_us", message: "…" }`. */
  readonly errors: FieldError[] = this.problem?.errors ?? [];

  override get name() {
    return "ValidationError";
  }
}

/** 401: the channel token is missing, invalid, revoked, expired (after a roll), or two different tokens were sent. */
export class AuthenticationError extends LeadIntakeError {
  override get name() {
    return "AuthenticationError";
  }
}

/**
 * 403 token_intake_only: the token may post leads but not read them (an intake-only token, the kind
 * for a web page). Read leads from your server with a token that may read.
 */
export class PermissionDeniedError extends LeadIntakeError {
  override get name() {
    return "PermissionDeniedError";
  }
}

/** 429 rate_limited: `retryAfter` says how many seconds to wait. */
export class RateLimitError extends LeadIntakeError {
  override get name() {
    return "RateLimitError";
  }
}

/**
 * The idempotency key clashed: 409 idempotency_request_in_flight (retried automatically), 422
 * idempotency_key_reused (same key, other payload) or idempotency_key_mismatch (body and header differ).
 */
export class IdempotencyConflictError extends LeadIntakeError {
  override get name() {
    return "IdempotencyConflictError";
  }
}

/** 502, 503 or 504: the service or a gateway in front of it is unavailable for now. */
export class UnavailableError extends LeadIntakeError {
  override get name() {
    return "UnavailableError";
  }
}

/**
 * No usable response: the network failed, the connection dropped, or the body could not be read.
 * Not an HTTP status, hence not a LeadIntakeError. The cause is in `cause`; `requestId` is set when
 * a response came but its body was unusable.
 */
export class ConnectionError extends SpeedToLeadError {
  override get name() {
    return "ConnectionError";
  }
}

/** One attempt took longer than `timeoutMs`. Retried like any ConnectionError. */
export class TimeoutError extends ConnectionError {
  /** The limit of one attempt that ran out, in ms. */
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`No response within ${timeoutMs} ms.`);
    this.timeoutMs = timeoutMs;
  }

  override get name() {
    return "TimeoutError";
  }
}

/**
 * The caller's `signal` aborted the call (an `AbortController`'s abort(), an `AbortSignal.timeout()`):
 * never retried. `cause` is the signal's reason, e.g. a DOMException named AbortError or TimeoutError.
 *
 * @example
 * const error = await client.postLead(lead, { signal: AbortSignal.timeout(2_000) }).catch((e) => e);
 * if (error instanceof UserAbortError) console.log("gave up", error.cause);
 */
export class UserAbortError extends SpeedToLeadError {
  constructor(cause: unknown) {
    super("The request was aborted by its signal.", { cause });
  }

  override get name() {
    return "UserAbortError";
  }
}

/** Any error status from the service (a LeadIntakeError or a subclass), from either build of the SDK. */
export const isLeadIntakeError = (value: unknown): value is LeadIntakeError =>
  value instanceof LeadIntakeError;

/** No usable response (ConnectionError, or TimeoutError), from either build of the SDK. */
export const isConnectionError = (value: unknown): value is ConnectionError =>
  value instanceof ConnectionError;

/** The error class for an error response. */
export function errorFromResponse(response: Response, body: unknown): LeadIntakeError {
  const { status, headers } = response;
  const code = isProblem(body) ? body.code : "";
  const ErrorClass =
    status === 401
      ? AuthenticationError
      : status === 403
        ? PermissionDeniedError
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
