// Typed errors: one class per status the service answers, so callers branch with instanceof and programs on `code`.
import { SpeedToLeadError } from "./base-error";
import { parseRetryAfter } from "./retry";
import type { FieldError, Problem, ProblemCode } from "./types";

/** The code of an error body that was not a problem (a proxy's HTML page, say). */
type Unexpected = "unexpected_response";
/** A problem code of the service, or `unexpected_response` when the error body was not a problem. */
export type LeadIntakeErrorCode = ProblemCode | Unexpected | (string & {});
/** The codes an error class may carry: its problem codes, or `unexpected_response`. */
type Codes<Code extends ProblemCode> = Code | Unexpected;

/**
 * The service answered with an error status. `code` is stable (for programs), `title` and `detail`
 * are for people. Each status the service uses has its subclass; this class itself is any other status.
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
  /** Seconds to wait, from Retry-After-Ms (to the millisecond) or else Retry-After; undefined when neither came. */
  readonly retryAfter: number | undefined;
  /** The service's own verdict from X-Should-Retry (`true` or `false`), or undefined when it did not say. */
  readonly shouldRetry: boolean | undefined;

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
    const ms = Number(headers.get("retry-after-ms") ?? Number.NaN);
    this.retryAfter = ms >= 0 ? ms / 1000 : parseRetryAfter(headers.get("retry-after"));
    const verdict = headers.get("x-should-retry");
    this.shouldRetry = verdict === "true" ? true : verdict === "false" ? false : undefined;
  }

  static override readonly kind: string = "LeadIntakeError";
}

/** 400 invalid_json (the body is not JSON) or lead_query_invalid (findLead without both keys). */
export class BadRequestError extends LeadIntakeError {
  declare readonly code: Codes<"invalid_json" | "lead_query_invalid">;
  static override readonly kind: string = "BadRequestError";
}

/** 401: the channel token is missing, invalid, revoked, expired (after a roll), or two different tokens were sent. */
export class AuthenticationError extends LeadIntakeError {
  declare readonly code: Codes<
    | "token_missing"
    | "token_invalid"
    | "token_revoked"
    | "token_expired"
    | "token_conflict"
    | "webhook_signature_invalid"
    | "webhook_timestamp_invalid"
  >;
  static override readonly kind: string = "AuthenticationError";
}

/**
 * 403 token_intake_only: the token may post leads but not read them (an intake-only token, the kind
 * for a web page). Read leads from your server with a token that may read. 403 origin_not_allowed: the
 * intake-only token lists the origins it may be used from, and this page's is not one of them.
 */
export class PermissionDeniedError extends LeadIntakeError {
  declare readonly code: Codes<"token_intake_only" | "origin_not_allowed">;
  static override readonly kind: string = "PermissionDeniedError";
}

/**
 * 404 lead_not_found (no such lead in this account: another account's lead is one too), handoff_not_found (an
 * assistant's event or pre-dial check naming no hand-off of that lead) or not_found (no such path).
 */
export class NotFoundError extends LeadIntakeError {
  declare readonly code: Codes<"lead_not_found" | "handoff_not_found" | "not_found">;
  static override readonly kind: string = "NotFoundError";
}

/** 405 method_not_allowed: the path exists, not with this method (`Allow` in `headers` lists those it takes). */
export class MethodNotAllowedError extends LeadIntakeError {
  declare readonly code: Codes<"method_not_allowed">;
  static override readonly kind: string = "MethodNotAllowedError";
}

/**
 * 409 webhook_replayed (an assistant event or check whose webhook-id the service already took) or
 * call_checks_exhausted (a hand-off whose pre-dial checks are used up).
 */
export class ConflictError extends LeadIntakeError {
  declare readonly code: Codes<"webhook_replayed" | "call_checks_exhausted">;
  static override readonly kind: string = "ConflictError";
}

/**
 * The idempotency key clashed: 409 idempotency_request_in_flight (retried automatically), 422
 * idempotency_key_reused (same key, other payload) or idempotency_key_mismatch (body and header differ).
 */
export class IdempotencyConflictError extends LeadIntakeError {
  declare readonly code: Codes<Extract<ProblemCode, `idempotency_${string}`>>;
  static override readonly kind: string = "IdempotencyConflictError";
}

/** 413 payload_too_large: the body is over the service's 64 KiB. */
export class PayloadTooLargeError extends LeadIntakeError {
  declare readonly code: Codes<"payload_too_large">;
  static override readonly kind: string = "PayloadTooLargeError";
}

/** 415: the body is not application/json (unsupported_media_type) or its Content-Encoding is unknown. */
export class UnsupportedMediaTypeError extends LeadIntakeError {
  declare readonly code: Codes<"unsupported_media_type" | "unsupported_content_encoding">;
  static override readonly kind: string = "UnsupportedMediaTypeError";
}

/**
 * 422 validation_failed: `errors` lists every field that breaks the contract, with a JSON Pointer;
 * the message names each one, e.g. "2 fields break the contract. (/phone phone_not_us, /email email_invalid)".
 */
export class ValidationError extends LeadIntakeError {
  declare readonly code: Codes<"validation_failed">;
  /** Every field error at once, e.g. `{ pointer: "/phone", code: "phone_not_us", message: "…" }`. */
  readonly errors: FieldError[] = this.problem?.errors ?? [];
  static override readonly kind: string = "ValidationError";
}

/**
 * 429 rate_limited (the token's rate, or this client's share of an intake-only token's),
 * too_many_failed_authentications (this address's) or lead_repeats_limited (the repeats one lead may take
 * in an hour): `retryAfter` says how long to wait.
 */
export class RateLimitError extends LeadIntakeError {
  declare readonly code: Codes<"rate_limited" | "too_many_failed_authentications" | "lead_repeats_limited">;
  static override readonly kind: string = "RateLimitError";
}

/** 500 internal_error: the service failed; the request id in `requestId` finds it in the service's log. */
export class InternalServerError extends LeadIntakeError {
  declare readonly code: Codes<"internal_error">;
  static override readonly kind: string = "InternalServerError";
}

/** 503 unavailable, or 502/504 from a gateway in front of the service: unavailable for now. */
export class UnavailableError extends LeadIntakeError {
  declare readonly code: Codes<"unavailable">;
  static override readonly kind: string = "UnavailableError";
}

/**
 * No usable response: the network failed, the connection dropped, or the body could not be read (an
 * empty or non-JSON success body too). Not an HTTP status, hence not a LeadIntakeError. The cause is in
 * `cause`; `requestId` is set when a response came but its body was unusable.
 */
export class ConnectionError extends SpeedToLeadError {
  static override readonly kind: string = "ConnectionError";
}

/** One attempt took longer than `timeoutMs`. Retried like any ConnectionError. */
export class TimeoutError extends ConnectionError {
  /** The limit of one attempt that ran out, in ms. */
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`No response within ${timeoutMs} ms.`);
    this.timeoutMs = timeoutMs;
  }

  static override readonly kind: string = "TimeoutError";
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

  static override readonly kind: string = "UserAbortError";
}

/** Any error status from the service (a LeadIntakeError or a subclass), from either build of the SDK. */
export const isLeadIntakeError = (value: unknown): value is LeadIntakeError =>
  value instanceof LeadIntakeError;

/** No usable response (ConnectionError, or TimeoutError), from either build of the SDK. */
export const isConnectionError = (value: unknown): value is ConnectionError =>
  value instanceof ConnectionError;

/** The class of each status the service uses; 502 and 504 come from gateways in front of it. */
const BY_STATUS: Record<number, typeof LeadIntakeError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  422: ValidationError,
  429: RateLimitError,
  500: InternalServerError,
  502: UnavailableError,
  503: UnavailableError,
  504: UnavailableError,
};

/** The error class for an error response: by status, the idempotency codes (409 and 422) apart. */
export function errorFromResponse(response: Response, body: unknown): LeadIntakeError {
  const { status, headers } = response;
  const code = isProblem(body) ? body.code : "";
  const ErrorClass = code.startsWith("idempotency_")
    ? IdempotencyConflictError
    : (BY_STATUS[status] ?? LeadIntakeError);
  return new ErrorClass(status, headers, body);
}

function isProblem(body: unknown): body is Problem {
  return typeof body === "object" && body !== null && typeof (body as Problem).code === "string";
}
