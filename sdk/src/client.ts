// createLeadClient(): postLead with idempotency, timeouts and retries, on a typed openapi-fetch client.
import createClient, { type Client } from "openapi-fetch";
import { version } from "../package.json";
import { ConnectionError, errorFromResponse, LeadIntakeError, TimeoutError } from "./errors";
import { randomKey } from "./idempotency";
import { type LeadResult, toLeadResult } from "./result";
import { isRetryableStatus, retryDelayMs, sleep } from "./retry";
import type { LeadAccepted, LeadInput, paths } from "./types";

/** The one inbound endpoint of the service. */
export const LEAD_INTAKE_PATH = "/api/speed-to-lead/channel-inbound.php";

/** Visible ASCII, 1 to 255 characters: what the service accepts (and what survives an HTTP header). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** A timer holds at most 2^31 - 1 ms; Node and browsers fire a longer one at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Options of every request: set them on the client, and override them on one postLead call. */
export interface RequestOptions {
  /**
   * Time limit of one attempt, in ms (default 10 000): 1 to 2^31 - 1, or Infinity for no limit.
   * Each retry gets a fresh limit.
   */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt (default 2, so at most 3 requests); 0 disables retries. */
  maxRetries?: number | undefined;
  /**
   * Extra headers, e.g. `{ "Accept-Language": "es" }` for Spanish error text. A call's headers are
   * added to the client's; the token header always wins.
   */
  headers?: Record<string, string> | undefined;
}

/** What `onRetry` is told before each wait between two attempts. */
export interface RetryEvent {
  /** The attempt that just failed: 1 for the first request. */
  attempt: number;
  /** Why it failed: an error status (LeadIntakeError) or no usable response (ConnectionError). */
  error: LeadIntakeError | ConnectionError;
  /** How long the SDK waits before the next attempt, in ms. */
  delayMs: number;
  /** The Idempotency-Key, the same on every attempt of the call. */
  idempotencyKey: string;
}

export interface LeadClientOptions extends RequestOptions {
  /** Scheme, host and port of the service, e.g. "https://leads.example.com". */
  baseUrl: string;
  /** The channel token from the account's Integrations page. */
  token: string;
  /**
   * Where the token goes: "authorization" (default) sends `Authorization: Bearer <token>`;
   * "x-stl-channel-token" sends `X-STL-Channel-Token: <token>` for tools that cannot set Authorization.
   */
  tokenHeader?: "authorization" | "x-stl-channel-token" | undefined;
  /** The fetch to use (default: the global fetch, looked up at call time). Handy for tests and proxies. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Called before each retry's wait, e.g. to log it. An error it throws ends the call. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

export interface PostLeadOptions extends RequestOptions {
  /**
   * The key that makes retries safe (default: the lead's `idempotency_key`, else a random one).
   * Sent as the Idempotency-Key header, unchanged on every retry of this call.
   */
  idempotencyKey?: string | undefined;
  /** Aborts the call, including a retry's wait; postLead then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /**
   * true: the service validates and authenticates the lead exactly as a real post and answers what it
   * would answer, storing nothing: for testing a form. The result is that answer (its `id` is never
   * stored); `withResponse()` shows the `Dry-Run: true` header the service marks it with.
   */
  dryRun?: boolean | undefined;
}

/** postLead's promise; `withResponse()` also gives the raw Response of the attempt that succeeded. */
export interface LeadPromise extends Promise<LeadResult> {
  withResponse(): Promise<{ result: LeadResult; response: Response }>;
}

export interface LeadClient {
  /**
   * Posts one lead. Resolves for 201 (created) and 200 (a repeat of platform + external_lead_id);
   * throws a LeadIntakeError subclass for an error status, ConnectionError or TimeoutError when no
   * response came, after the retries allowed by `maxRetries`.
   */
  postLead(lead: LeadInput, options?: PostLeadOptions): LeadPromise;
  /**
   * The typed openapi-fetch client, with the token set, for anything else. It does not retry.
   * Middleware added with `api.use(...)` also sees every attempt of postLead.
   */
  api: Client<paths>;
}

type Success = [result: LeadResult, response: Response];
type AttemptOutcome = Success | LeadIntakeError | ConnectionError;

/**
 * @example
 * const client = createLeadClient({ baseUrl: process.env.STL_BASE_URL!, token: process.env.STL_TOKEN! });
 * const { id, callEligible } = await client.postLead({ phone: "(415) 555-2671", first_name: "Ana" });
 */
export function createLeadClient(options: LeadClientOptions): LeadClient {
  const { baseUrl, token, tokenHeader, onRetry } = options;
  checkBaseUrl(baseUrl);
  if (typeof token !== "string" || token === "") throw new TypeError("token is required.");
  const defaults = requestLimits(options, { timeoutMs: 10_000, maxRetries: 2 });
  const tokenHeaders: Record<string, string> =
    tokenHeader === "x-stl-channel-token"
      ? { "X-STL-Channel-Token": token }
      : { Authorization: `Bearer ${token}` };

  const api = createClient<paths>({
    baseUrl,
    // Looked up per call, so a fetch installed or stubbed after createLeadClient is still used.
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    // Names the SDK and its version for the service's logs; not User-Agent, which browsers refuse to set.
    headers: { "X-STL-Client": `speed-to-lead-sdk/${version}`, ...options.headers, ...tokenHeaders },
  });

  /** One request with its own timeout; HTTP errors are returned, the caller's abort is thrown. */
  async function attempt(
    json: string,
    headers: Record<string, string>,
    key: string,
    attempts: number,
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
  ): Promise<AttemptOutcome> {
    // One controller per attempt, aborted by its timer or by the caller's signal (a listener, removed
    // after the attempt, so a long-lived caller signal does not collect one per attempt).
    const attemptController = new AbortController();
    const { signal } = attemptController;
    // Infinity means no timer at all (requestLimits refuses other values a timer cannot hold).
    const timer =
      timeoutMs === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(() => attemptController.abort(new TimeoutError(timeoutMs)), timeoutMs);
    const onCallerAbort = () => attemptController.abort(callerSignal?.reason);
    callerSignal?.addEventListener("abort", onCallerAbort);
    // Settles the attempt on abort even with a fetch that ignores signals.
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason));
    });
    aborted.catch(() => {});
    let requestId: string | undefined;
    try {
      // openapi-fetch builds a fresh Request on every call: a body is never read twice.
      const { data, error, response } = await Promise.race([
        api.POST(LEAD_INTAKE_PATH, {
          // The body is `json`, serialised once per call; `body` is only there for openapi-fetch.
          body: json as never,
          bodySerializer: () => json,
          params: { header: { "Idempotency-Key": key } },
          headers,
          signal,
          // Read below, not by openapi-fetch, so an unreadable success body still reports its request id.
          parseAs: "stream",
        }),
        aborted,
      ]);
      requestId = response.headers.get("x-request-id") ?? undefined;
      if (!response.ok) return errorFromResponse(response, error);
      const text = data ? await Promise.race([response.text(), aborted]) : "";
      const accepted: LeadAccepted | null = text ? JSON.parse(text) : null;
      return accepted
        ? [toLeadResult(accepted, response.headers, key, attempts), response]
        : new LeadIntakeError(response.status, response.headers, accepted);
    } catch (cause) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (signal.aborted) return signal.reason as TimeoutError;
      const reason = cause instanceof Error ? cause.message : String(cause);
      return new ConnectionError(`No usable response from ${baseUrl}: ${reason}`, { cause, requestId });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
  }

  async function send(lead: LeadInput, options: PostLeadOptions = {}): Promise<Success> {
    const { signal } = options;
    const { timeoutMs, maxRetries } = requestLimits(options, defaults);
    const key = options.idempotencyKey ?? lead.idempotency_key ?? randomKey();
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new TypeError("idempotencyKey must be 1 to 255 visible ASCII characters.");
    }
    // Serialised once: a lead changed by the caller while a response is lost is not sent different.
    const json = JSON.stringify(lead);
    const headers = { ...options.headers, ...(options.dryRun && { "Dry-Run": "true" }), ...tokenHeaders };
    for (let attempts = 1; ; attempts++) {
      if (signal?.aborted) throw signal.reason;
      const outcome = await attempt(json, headers, key, attempts, timeoutMs, signal);
      if (Array.isArray(outcome)) return outcome;
      const status = outcome instanceof LeadIntakeError ? outcome.status : 0;
      if ((status && !isRetryableStatus(status)) || attempts > maxRetries) throw outcome;
      const delayMs = retryDelayMs(
        attempts - 1,
        status ? (outcome as LeadIntakeError).retryAfter : undefined,
      );
      onRetry?.({ attempt: attempts, error: outcome, delayMs, idempotencyKey: key });
      await sleep(delayMs, signal);
    }
  }

  function postLead(lead: LeadInput, options?: PostLeadOptions): LeadPromise {
    const sent = send(lead, options);
    const result = sent.then(([leadResult]) => leadResult);
    // A caller who only awaits withResponse() must not see an unhandled rejection of this promise.
    result.catch(() => {});
    return Object.assign(result, {
      withResponse: () => sent.then(([leadResult, response]) => ({ result: leadResult, response })),
    });
  }

  return { postLead, api };
}

/** The timeout and retry count of a request: `options` where set, else `defaults`; refuses bad values. */
function requestLimits(
  options: RequestOptions,
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

/** Refuses a baseUrl that `fetch` could never reach, such as "localhost:3999" (no scheme). */
function checkBaseUrl(baseUrl: string): void {
  let protocol = "";
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {}
  if (protocol !== "http:" && protocol !== "https:") {
    throw new TypeError(
      `baseUrl must be an http(s) URL such as https://leads.example.com, not "${baseUrl}".`,
    );
  }
}
