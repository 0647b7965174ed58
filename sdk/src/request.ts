// The one request pipeline of every call (postLead, getLead, findLead, the openapi-fetch client): token and
// headers, a timeout per attempt, retries with the server's hints, error classes, request ids, hooks and the log.
import type { SpeedToLeadError } from "./base-error";
import {
  ConnectionError,
  errorFromResponse,
  type LeadIntakeError,
  TimeoutError,
  UserAbortError,
} from "./errors";
import { callHook, type Hooks } from "./hooks";
import type { Log } from "./logger";
import { isRetryableStatus, RETRY_AFTER_CAP_MS, retryDelayMs, sleep } from "./retry";
import { intakeOnlyRefusal } from "./token-scope";

/** Sent on every retry with the number of the retry (1 for the second attempt), so logs can tell one. */
export const RETRY_COUNT_HEADER = "X-STL-Retry-Count";

/** A timer holds at most 2^31 - 1 ms; Node and browsers fire a longer one at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Headers that carry a token: only the client's own token may (the service refuses two different ones). */
const TOKEN_HEADER = /^(authorization|x-stl-channel-token)$/i;

/** Where the pipeline is kept on a client, for getLead, findLead and createApiClient (any build of the SDK). */
export const PIPELINE = Symbol.for("@speed-to-lead/sdk:pipeline");

/** Options of every request: set them on the client, and override them on one call. */
export interface RequestOptions {
  /**
   * Time limit of one attempt, in ms (default 10 000): 1 to 2^31 - 1, or Infinity for no limit.
   * Each retry gets a fresh limit.
   */
  timeoutMs?: number | undefined;
  /**
   * Retries after the first attempt (default 2, so at most 3 requests); 0 disables retries. Only
   * idempotent requests are retried: reads, and posts that carry an Idempotency-Key (every postLead).
   */
  maxRetries?: number | undefined;
  /**
   * Extra headers, e.g. `{ "Accept-Language": "es" }` for Spanish error text. A call's headers are
   * added to the client's. Authorization and X-STL-Channel-Token are dropped from both: the client's
   * token is the only one sent.
   */
  headers?: Record<string, string | undefined> | undefined;
}

/** One call through the pipeline. */
interface Call {
  method: string;
  /** The absolute URL. */
  url: string;
  body?: string | undefined;
  /** The call's own headers (the call's options.headers and any header of the operation). */
  headers?: Record<string, string | undefined> | Headers | undefined;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** The call's limits; the client's where undefined. */
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  /** true: the request may outlive the page (fetch's keepalive), for a form that navigates away. */
  keepalive?: boolean | undefined;
  /** true: give back an error status as it came (for openapi-fetch), and leave the body unparsed. */
  raw?: boolean | undefined;
}

/** The answer of the attempt that succeeded (or, with `raw`, of the last one). */
interface Sent {
  response: Response;
  /** The body as text ("" when empty). */
  text: string;
  /** The body parsed as JSON (undefined with `raw`, and for a 304). */
  data: unknown;
  /** Requests made: 1, plus one per retry. */
  attempts: number;
}

export type Pipeline = ((call: Call) => Promise<Sent>) & {
  baseUrl: string;
  limits: { timeoutMs: number; maxRetries: number };
};

export interface PipelineConfig extends Hooks {
  baseUrl: string;
  /** The client's headers: X-STL-Client, the caller's extra headers, the token header (in that order). */
  headers: Record<string, string | undefined>;
  token: Record<string, string>;
  /** The token is intake-only: every call but a POST is refused before it is sent. */
  intakeOnly: boolean;
  fetch: ((request: Request) => Promise<Response>) | undefined;
  limits: { timeoutMs: number; maxRetries: number };
  log: Log | undefined;
}

type Answer = Omit<Sent, "attempts">;

/** Copies headers in order (a later name wins, case-insensitively), without any token header. */
function setHeaders(target: Headers, source: Call["headers"]): void {
  const entries = source instanceof Headers ? [...source] : Object.entries(source ?? {});
  for (const [name, value] of entries) {
    if (value !== undefined && !TOKEN_HEADER.test(name)) target.set(name, value);
  }
}

/** The timeout and retry count of a request: `options` where set, else `defaults`; refuses bad values. */
export function requestLimits(
  options: Pick<RequestOptions, "timeoutMs" | "maxRetries">,
  defaults: { timeoutMs: number; maxRetries: number },
): { timeoutMs: number; maxRetries: number } {
  const { timeoutMs = defaults.timeoutMs, maxRetries = defaults.maxRetries } = options;
  if (!(timeoutMs > 0 && (timeoutMs <= MAX_TIMER_MS || timeoutMs === Number.POSITIVE_INFINITY))) {
    throw new RangeError(`timeoutMs must be 1 to ${MAX_TIMER_MS} ms, or Infinity.`);
  }
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError("maxRetries must be a whole number, 0 or more.");
  }
  return { timeoutMs, maxRetries };
}

/** A problem body, or undefined for one that is not JSON (a proxy's page: still an error status). */
function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error of a failed call with what the caller needs to try again: its key and how many requests it made. */
function finished<Failure extends SpeedToLeadError>(error: Failure, call: Call, attempts: number): Failure {
  return Object.assign(error, { idempotencyKey: call.idempotencyKey, attempts });
}

/** The pipeline of one client. */
export function createPipeline(config: PipelineConfig): Pipeline {
  const { baseUrl, log } = config;
  const hookFailed = (error: unknown) => log?.("warn", `a hook threw, ignored: ${String(error)}`);

  /** One request with its own timeout; HTTP errors are returned, the caller's abort is thrown. */
  async function attempt(call: Call, headers: Headers, timeoutMs: number): Promise<Answer | ConnectionError> {
    const { signal: callerSignal } = call;
    // One controller per attempt, aborted by its timer or by the caller's signal (a listener, removed
    // after the attempt, so a long-lived caller signal does not collect one per attempt).
    const controller = new AbortController();
    const { signal } = controller;
    const timer =
      timeoutMs === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(() => controller.abort(new TimeoutError(timeoutMs)), timeoutMs);
    const onCallerAbort = () => controller.abort(new UserAbortError(callerSignal?.reason));
    callerSignal?.addEventListener("abort", onCallerAbort);
    // Settles the attempt on abort even with a fetch that ignores signals.
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason));
    });
    aborted.catch(() => {});
    let requestId: string | undefined;
    try {
      const request = new Request(call.url, {
        method: call.method,
        headers,
        body: call.body ?? null,
        signal,
        keepalive: call.keepalive === true,
      });
      const response = await Promise.race([(config.fetch ?? globalThis.fetch)(request), aborted]);
      requestId = response.headers.get("x-request-id") ?? undefined;
      const text = await Promise.race([response.text(), aborted]);
      if (!response.ok || call.raw) return { response, text, data: undefined };
      // A success body must be the JSON the operation promises: empty or unreadable counts as no answer (retried).
      const data = text === "" ? undefined : JSON.parse(text);
      if (typeof data !== "object" || data === null)
        throw new Error(`a ${response.status} without a JSON object`);
      return { response, text, data };
    } catch (cause) {
      if (callerSignal?.aborted) throw new UserAbortError(callerSignal.reason);
      if (signal.aborted) return signal.reason as TimeoutError;
      const reason = cause instanceof Error ? cause.message : String(cause);
      return new ConnectionError(`No usable response from ${baseUrl}: ${reason}`, { cause, requestId });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
  }

  const pipeline = async (call: Call): Promise<Sent> => {
    const { signal, idempotencyKey, method, url } = call;
    // Every method the SDK and openapi-fetch send is upper-case.
    if (config.intakeOnly && method !== "POST") throw intakeOnlyRefusal(method, url);
    const { timeoutMs, maxRetries } = requestLimits(call, config.limits);
    const headers = new Headers();
    setHeaders(headers, config.headers);
    setHeaders(headers, call.headers);
    if (idempotencyKey) headers.set("Idempotency-Key", idempotencyKey);
    if (call.body !== undefined && !headers.has("content-type"))
      headers.set("Content-Type", "application/json");
    // A read, or a post made safe by its key: only those may be sent twice.
    const idempotent = method === "GET" || method === "HEAD" || headers.has("idempotency-key");
    // A conditional read: 304 is its answer, not an error.
    const conditional = headers.has("if-none-match") || headers.has("if-modified-since");
    for (let attempts = 1; ; attempts++) {
      if (signal?.aborted) throw finished(new UserAbortError(signal.reason), call, attempts - 1);
      if (attempts > 1) headers.set(RETRY_COUNT_HEADER, String(attempts - 1));
      const event = { method, url, attempt: attempts, idempotencyKey };
      const startedAt = Date.now();
      callHook(config.onRequest, { ...event, headers, startedAt }, hookFailed);
      for (const [name, value] of Object.entries(config.token)) headers.set(name, value);
      log?.("debug", `${method} ${url} attempt ${attempts}`, { attempt: attempts, idempotencyKey });
      const answer = await attempt(call, headers, timeoutMs).catch((error: UserAbortError) => error);
      const response = answer instanceof Error ? undefined : answer.response;
      const status = response?.status;
      const ok = response !== undefined && (response.ok || (conditional && status === 304));
      const error: SpeedToLeadError | undefined =
        answer instanceof Error
          ? answer
          : ok
            ? undefined
            : errorFromResponse(answer.response, json(answer.text));
      // An unusable body still had its request id (kept on the ConnectionError).
      const requestId = response?.headers.get("x-request-id") ?? error?.requestId;
      const durationMs = Date.now() - startedAt;
      callHook(config.onResponse, { ...event, status, requestId, startedAt, durationMs, error }, hookFailed);
      const fields = { attempt: attempts, status, requestId, idempotencyKey, durationMs };
      log?.("debug", `${status ?? "no answer"} ${method} ${url} in ${durationMs} ms`, fields);
      if (answer instanceof UserAbortError) throw finished(answer, call, attempts);
      if (ok) {
        log?.("info", `${status} ${method} ${url} after ${attempts} attempt(s)`, fields);
        return { ...(answer as Answer), attempts };
      }
      const failure = error as LeadIntakeError | ConnectionError;
      const { retryAfter, shouldRetry } = failure as Partial<LeadIntakeError>;
      const retry =
        idempotent &&
        attempts <= maxRetries &&
        (shouldRetry ?? (status === undefined || isRetryableStatus(status))) &&
        // A wait longer than the cap is the service saying "not now": the caller decides (see retryAfter).
        !((retryAfter ?? 0) * 1000 > RETRY_AFTER_CAP_MS);
      if (!retry) {
        if (call.raw && status !== undefined) return { ...(answer as Answer), attempts };
        log?.("error", `${method} ${url} failed after ${attempts} attempt(s): ${failure.message}`, fields);
        throw finished(failure, call, attempts);
      }
      const delayMs = retryDelayMs(attempts - 1, retryAfter);
      callHook(config.onRetry, { attempt: attempts, error: failure, delayMs, idempotencyKey }, hookFailed);
      log?.("warn", `retrying ${method} ${url} in ${delayMs} ms: ${failure.message}`, fields);
      await sleep(delayMs, signal).catch(() => {
        throw finished(new UserAbortError(signal?.reason), call, attempts);
      });
    }
  };
  return Object.assign(pipeline, { baseUrl, limits: config.limits });
}
