// createLeadClient(): postLead with idempotency, timeouts and retries, on a typed openapi-fetch client.
import createClient, { type Client } from "openapi-fetch";
import { ConnectionError, errorFromResponse, LeadIntakeError, TimeoutError } from "./errors";
import { idempotencyKey as randomIdempotencyKey } from "./idempotency";
import { type LeadResult, toLeadResult } from "./result";
import { isRetryableStatus, retryDelayMs, sleep } from "./retry";
import { anySignal } from "./signals";
import type { LeadInput, paths } from "./types";

/** The one inbound endpoint of the service. */
export const LEAD_INTAKE_PATH = "/api/speed-to-lead/channel-inbound.php";

// Visible ASCII, 1 to 255 characters: what the service accepts (and what survives an HTTP header).
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

export interface LeadClientOptions {
  /** Scheme, host and port of the service, e.g. "https://leads.example.com". */
  baseUrl: string;
  /** The channel token from the account's Integrations page. */
  token: string;
  /**
   * Where the token goes: "authorization" (default) sends `Authorization: Bearer <token>`;
   * "x-stl-channel-token" sends `X-STL-Channel-Token: <token>` for tools that cannot set Authorization.
   */
  tokenHeader?: "authorization" | "x-stl-channel-token";
  /** The fetch to use (default: the global fetch, looked up at call time). Handy for tests and proxies. */
  fetch?: (request: Request) => Promise<Response>;
  /** Time limit of one attempt, in milliseconds (default 10 000). Each retry gets a fresh limit. */
  timeoutMs?: number;
  /** Retries after the first attempt (default 2, so at most 3 requests); 0 disables retries. */
  maxRetries?: number;
  /** Extra headers on every request, e.g. `{ "Accept-Language": "es" }` for Spanish error text. */
  headers?: Record<string, string>;
}

export interface PostLeadOptions {
  /**
   * The key that makes retries safe (default: the lead's `idempotency_key`, else a random one).
   * Sent as the Idempotency-Key header, unchanged on every retry of this call.
   */
  idempotencyKey?: string;
  /** Aborts the call, including a retry's wait; postLead then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface LeadClient {
  /**
   * Posts one lead. Resolves for 201 (created) and 200 (a repeat of platform + external_lead_id);
   * throws a LeadIntakeError subclass for an error status, ConnectionError or TimeoutError when no
   * response came, after the retries allowed by `maxRetries`.
   */
  postLead(lead: LeadInput, options?: PostLeadOptions): Promise<LeadResult>;
  /** The typed openapi-fetch client, with the token set, for anything else. It does not retry. */
  api: Client<paths>;
}

type AttemptOutcome = { result: LeadResult } | { error: LeadIntakeError | ConnectionError };

/**
 * @example
 * const client = createLeadClient({ baseUrl: process.env.STL_BASE_URL!, token: process.env.STL_TOKEN! });
 * const { id, callEligible } = await client.postLead({ phone: "(415) 555-2671", first_name: "Ana" });
 */
export function createLeadClient(options: LeadClientOptions): LeadClient {
  const { baseUrl, token, tokenHeader = "authorization", timeoutMs = 10_000, maxRetries = 2 } = options;
  checkBaseUrl(baseUrl);
  if (typeof token !== "string" || token === "") throw new TypeError("createLeadClient: token is required.");
  checkTimeout(timeoutMs);
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError("createLeadClient: maxRetries must be a whole number, 0 or more.");
  }

  const api = createClient<paths>({
    baseUrl,
    // Looked up per call, so a fetch installed or stubbed after createLeadClient is still used.
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    headers: {
      ...options.headers,
      ...(tokenHeader === "x-stl-channel-token"
        ? { "X-STL-Channel-Token": token }
        : { Authorization: `Bearer ${token}` }),
    },
  });

  /** One request with its own timeout; HTTP errors are returned, the caller's abort is thrown. */
  async function attempt(body: string, key: string, callerSignal?: AbortSignal): Promise<AttemptOutcome> {
    const timeout = new AbortController();
    // Infinity means no timer at all (checkTimeout refuses other values a timer cannot hold).
    const timer =
      timeoutMs === Number.POSITIVE_INFINITY
        ? undefined
        : setTimeout(() => timeout.abort(new TimeoutError(timeoutMs)), timeoutMs);
    const combined = callerSignal
      ? anySignal([callerSignal, timeout.signal])
      : { signal: timeout.signal, dispose() {} };
    // Settles the attempt on abort even with a fetch that ignores signals.
    const aborted = new Promise<never>((_, reject) => {
      combined.signal.addEventListener("abort", () => reject(combined.signal.reason), { once: true });
    });
    aborted.catch(() => {});
    try {
      // openapi-fetch builds a fresh Request on every call: a body is never read twice.
      const { data, error, response } = await Promise.race([
        api.POST(LEAD_INTAKE_PATH, {
          // The lead serialised once per call: a caller changing it during a retry cannot change the body.
          body: {} as LeadInput,
          bodySerializer: () => body,
          params: { header: { "Idempotency-Key": key } },
          signal: combined.signal,
        }),
        aborted,
      ]);
      if (response.ok && data) return { result: toLeadResult(data, response.headers) };
      return {
        error: response.ok
          ? new LeadIntakeError(response.status, response.headers, data)
          : errorFromResponse(response, error),
      };
    } catch (cause) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (timeout.signal.aborted) return { error: timeout.signal.reason as TimeoutError };
      const reason = cause instanceof Error ? cause.message : String(cause);
      return { error: new ConnectionError(`No usable response from ${baseUrl}: ${reason}`, { cause }) };
    } finally {
      clearTimeout(timer);
      combined.dispose();
    }
  }

  async function postLead(lead: LeadInput, { idempotencyKey, signal }: PostLeadOptions = {}) {
    const key = idempotencyKey ?? lead.idempotency_key ?? randomIdempotencyKey();
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new TypeError("postLead: idempotencyKey must be 1 to 255 visible ASCII characters.");
    }
    const body = JSON.stringify(lead);
    for (let retry = 0; ; retry++) {
      if (signal?.aborted) throw signal.reason;
      const outcome = await attempt(body, key, signal);
      if ("result" in outcome) return outcome.result;
      const { error } = outcome;
      const retryable = error instanceof LeadIntakeError ? isRetryableStatus(error.status) : true;
      if (!retryable || retry >= maxRetries) throw error;
      const delay = retryDelayMs(retry, error instanceof LeadIntakeError ? error.retryAfter : undefined);
      if (delay === undefined) throw error;
      await sleep(delay, signal);
    }
  }

  return { postLead, api };
}

/** A timer holds at most 2^31 - 1 ms; Node and browsers fire a longer one at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function checkTimeout(timeoutMs: number): void {
  if (!(timeoutMs > 0 && (timeoutMs <= MAX_TIMER_MS || timeoutMs === Number.POSITIVE_INFINITY))) {
    throw new RangeError(
      `timeoutMs must be a number of ms from 1 to ${MAX_TIMER_MS}, or Infinity for no limit.`,
    );
  }
}

/** Refuses a baseUrl that `fetch` could never reach, such as "localhost:3999" (no scheme). */
function checkBaseUrl(baseUrl: string): void {
  let protocol = "";
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {}
  if (protocol !== "http:" && protocol !== "https:") {
    throw new TypeError(
      `createLeadClient: baseUrl must be an absolute http(s) URL such as "https://leads.example.com", not ${JSON.stringify(baseUrl)}.`,
    );
  }
}
