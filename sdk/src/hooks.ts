// The client's hooks (onRequest, onResponse, onRetry): what each is told, and the one way they are called,
// so a hook that throws never changes a call's outcome.
import type { SpeedToLeadError } from "./base-error";
import type { ConnectionError, LeadIntakeError } from "./errors";

/** What every event says about its call and attempt. */
export interface AttemptEvent {
  /** The HTTP method: POST for postLead, GET for reads. */
  method: string;
  /** The absolute URL of the request. */
  url: string;
  /** This attempt's number: 1 for the first request, 2 for the first retry. */
  attempt: number;
  /** The Idempotency-Key, the same on every attempt of the call; undefined for a read. */
  idempotencyKey: string | undefined;
}

/** What `onRequest` is told before each attempt is sent. */
export interface RequestEvent extends AttemptEvent {
  /**
   * The attempt's headers, to add one (a `traceparent` for OpenTelemetry, say). They hold the token:
   * never log them. The token headers are set again after the hook: a hook cannot change them.
   */
  headers: Headers;
  /** When the attempt starts, in ms since the epoch. */
  startedAt: number;
}

/** What `onResponse` is told after each attempt, answered or not. */
export interface ResponseEvent extends AttemptEvent {
  /** The HTTP status, or undefined when no usable response came (see `error`). */
  status: number | undefined;
  /** The service's request id (X-Request-Id), when a response came. */
  requestId: string | undefined;
  /** When the attempt started, in ms since the epoch. */
  startedAt: number;
  /** How long the attempt took, body read included, in ms. */
  durationMs: number;
  /** Why the attempt failed (an error status, no usable response), or undefined when it succeeded. */
  error: SpeedToLeadError | undefined;
}

/** What `onRetry` is told before each wait between two attempts. */
export interface RetryEvent {
  /** The attempt that just failed: 1 for the first request. */
  attempt: number;
  /** Why it failed: an error status (LeadIntakeError) or no usable response (ConnectionError). */
  error: LeadIntakeError | ConnectionError;
  /** How long the SDK waits before the next attempt, in ms. */
  delayMs: number;
  /** The Idempotency-Key, the same on every attempt of the call; undefined for a read. */
  idempotencyKey: string | undefined;
}

/** The client's hooks; each is called in a try, so one that throws changes nothing. */
export interface Hooks {
  /** Called before each attempt is sent, e.g. to start a span and add its `traceparent` header. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called after each attempt with its status (or error) and timing, e.g. to end a span. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called before each retry's wait, e.g. to count retries. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

/** Calls a hook; what it throws is reported to `onError` (the log) and goes no further. */
export function callHook<Event>(
  hook: ((event: Event) => void) | undefined,
  event: Event,
  onError: (error: unknown) => void,
): void {
  try {
    hook?.(event);
  } catch (error) {
    onError(error);
  }
}
