// createLeadClient(): postLead with idempotency, timeouts and retries, through the one request pipeline.
import { version } from "../package.json";
import { readEnv } from "./env";
import type { Hooks } from "./hooks";
import { randomKey } from "./idempotency";
import { type Logger, type LogLevel, makeLog } from "./logger";
import { createPipeline, PIPELINE, type RequestOptions, requestLimits } from "./request";
import { type LeadResult, toLeadResult } from "./result";
import { warnReadTokenInBrowser } from "./token-scope";
import type { LeadAccepted, LeadInput } from "./types";

/** The one inbound endpoint of the service. */
export const LEAD_INTAKE_PATH = "/api/speed-to-lead/channel-inbound.php";

/** Visible ASCII, 1 to 255 characters: what the service accepts (and what survives an HTTP header). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** The options of createLeadClient; each optional one also takes undefined, meaning its default. */
export interface LeadClientOptions extends RequestOptions, Hooks {
  /**
   * Scheme, host and port of the service (and a path prefix, if it has one), e.g.
   * "https://leads.example.com". No user, password, query or fragment. Default: the STL_BASE_URL
   * environment variable (Node, Bun, Deno); required in a browser.
   */
  baseUrl?: string | undefined;
  /**
   * The channel token from the account's Integrations page. Default: the STL_TOKEN environment variable
   * (Node, Bun, Deno). In a web page use an intake-only token (`stl_pk_…`): any visitor can read it.
   */
  token?: string | undefined;
  /**
   * Where the token goes: "authorization" (default) sends `Authorization: Bearer <token>`;
   * "x-stl-channel-token" sends `X-STL-Channel-Token: <token>` for tools that cannot set Authorization.
   */
  tokenHeader?: "authorization" | "x-stl-channel-token" | undefined;
  /**
   * The fetch to use (default: the global fetch, looked up at call time). It sees every attempt of
   * every call, as a Request: wrap it to trace, proxy or test.
   */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /**
   * How much to log (default "off", or the STL_LOG environment variable): "error" (calls that failed),
   * "warn" (and retries), "info" (and each call that succeeded), "debug" (and every attempt and answer).
   * Never the token or a lead's body.
   */
  logLevel?: LogLevel | undefined;
  /**
   * Where log lines go (default: `console`): pino, or any logger whose methods take `(object, message)`.
   * A missing method is skipped and one that throws is ignored: logging never changes an outcome.
   */
  logger?: Logger | undefined;
}

/** The options of one postLead call: they override the client's for this call only. */
export interface PostLeadOptions extends RequestOptions {
  /**
   * The key that makes retries safe (default: the lead's `idempotency_key`, else a random one).
   * Sent as the Idempotency-Key header, unchanged on every retry of this call. When the lead has an
   * `idempotency_key` too, both must be the same (the service refuses two different keys).
   */
  idempotencyKey?: string | undefined;
  /** Aborts the call, including a retry's wait; postLead then rejects with a UserAbortError. */
  signal?: AbortSignal | undefined;
  /**
   * true: the service validates and authenticates the lead exactly as a real post and answers what it
   * would answer, storing nothing: for testing a form. The result is that answer (its `id` is never
   * stored) with `dryRun: true`.
   */
  dryRun?: boolean | undefined;
  /**
   * true: the request outlives the page (fetch's `keepalive`), for a form that posts and then navigates
   * away. Browsers cap such bodies at 64 KiB in total across a page's pending keepalive requests.
   */
  keepalive?: boolean | undefined;
  /**
   * The token your form's bot-check widget (Cloudflare Turnstile, hCaptcha) gave the visitor, sent as the
   * Bot-Check-Token header. For an intake-only token whose owner requires a bot check: the service verifies it
   * with the provider; without it, or when it fails, the lead is stored but not called until an owner releases it.
   */
  botCheckToken?: string | undefined;
}

/** postLead's promise; `withResponse()` also gives the raw Response of the attempt that succeeded. */
export interface LeadPromise extends Promise<LeadResult> {
  /** The result and the raw Response (any header, the status) of the attempt that succeeded. */
  withResponse(): Promise<{ result: LeadResult; response: Response }>;
}

/** What createLeadClient returns. getLead, findLead and createApiClient take it too. */
export interface LeadClient {
  /**
   * Posts one lead. Resolves for 201 (created) and 200 (a repeat of platform + external_lead_id);
   * throws a LeadIntakeError subclass for an error status, ConnectionError or TimeoutError when no
   * response came, after the retries allowed by `maxRetries`, and UserAbortError when `signal` aborts.
   * Like any promise, a failure nobody awaits is reported as an unhandled rejection.
   */
  postLead(lead: LeadInput, options?: PostLeadOptions): LeadPromise;
}

/**
 * A client of the service: postLead, and the pipeline getLead, findLead and createApiClient use.
 * Throws at once for options that could never work (no token, a baseUrl that is not http(s), bad limits).
 *
 * @example
 * // STL_BASE_URL and STL_TOKEN from the environment:
 * const client = createLeadClient();
 * const { id, callEligible } = await client.postLead({ phone: "(415) 555-2671", first_name: "Ana" });
 */
export function createLeadClient(options: LeadClientOptions = {}): LeadClient {
  const { tokenHeader, fetch, onRequest, onResponse, onRetry } = options;
  const baseUrl = options.baseUrl ?? readEnv("STL_BASE_URL");
  const token = options.token ?? readEnv("STL_TOKEN");
  checkBaseUrl(baseUrl);
  if (typeof token !== "string" || token === "") {
    throw new TypeError("token is required (or STL_TOKEN in the environment).");
  }
  const log = makeLog(options.logger, options.logLevel ?? readEnv("STL_LOG"));
  warnReadTokenInBrowser(token, options.logger);
  const pipeline = createPipeline({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    // Names the SDK and its version for the service's logs; not User-Agent, which browsers refuse to set.
    headers: { "X-STL-Client": `speed-to-lead-sdk/${version}`, ...options.headers },
    token:
      tokenHeader === "x-stl-channel-token"
        ? { "X-STL-Channel-Token": token }
        : { Authorization: `Bearer ${token}` },
    fetch,
    limits: requestLimits(options, { timeoutMs: 10_000, maxRetries: 2 }),
    onRequest,
    onResponse,
    onRetry,
    log,
  });

  async function send(lead: LeadInput, options: PostLeadOptions = {}) {
    const key = options.idempotencyKey ?? lead.idempotency_key ?? randomKey();
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new TypeError("idempotencyKey must be 1 to 255 visible ASCII characters.");
    }
    if (lead.idempotency_key != null && lead.idempotency_key !== key) {
      throw new TypeError(
        "idempotencyKey differs from the lead's idempotency_key: send one key, or the same.",
      );
    }
    const { response, data, attempts } = await pipeline({
      method: "POST",
      url: pipeline.baseUrl + LEAD_INTAKE_PATH,
      // Serialised once: a lead changed by the caller while a response is lost is not sent different.
      body: JSON.stringify(lead),
      headers: {
        ...options.headers,
        "Dry-Run": options.dryRun ? "true" : undefined,
        "Bot-Check-Token": options.botCheckToken || undefined,
      },
      idempotencyKey: key,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      keepalive: options.keepalive,
    });
    return { result: toLeadResult(data as LeadAccepted, response.headers, key, attempts), response };
  }

  function postLead(lead: LeadInput, options?: PostLeadOptions): LeadPromise {
    const sent = send(lead, options);
    // Unobserved, a failure of this promise is an unhandled rejection, as for any promise.
    const result = sent.then(({ result }) => result);
    return Object.assign(result, {
      withResponse() {
        // The caller observes the failure here: the result promise must not report it a second time.
        result.catch(() => {});
        // A promise of its own (`sent` is observed by `result`): unobserved, its failure is reported.
        return sent.then((sentResult) => sentResult);
      },
    });
  }

  const client: LeadClient = { postLead };
  // Not enumerable: getLead, findLead and createApiClient find the pipeline; a console.log of the client does not.
  return Object.defineProperty(client, PIPELINE, { value: pipeline });
}

/**
 * Refuses a baseUrl that could never work: no scheme ("localhost:3999"), a user or password (fetch refuses
 * such a URL; the password is never repeated in the message), a query or fragment (paths are appended to it).
 */
function checkBaseUrl(baseUrl: string | undefined): asserts baseUrl is string {
  if (baseUrl === undefined) throw new TypeError("baseUrl is required (or STL_BASE_URL in the environment).");
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {}
  if (url?.username || url?.password) {
    throw new TypeError("baseUrl must not carry a user or password: the token is the only credential.");
  }
  // Whatever stands before an "@" could be a password, even in a string that is no URL: never shown.
  const shown = baseUrl.replace(/[^/]*@/, "…@");
  if (url?.search || url?.hash || baseUrl.includes("?") || baseUrl.includes("#")) {
    throw new TypeError(`baseUrl must have no query or fragment, not "${shown}".`);
  }
  if (url?.protocol !== "http:" && url?.protocol !== "https:") {
    throw new TypeError(`baseUrl must be an http(s) URL such as https://leads.example.com, not "${shown}".`);
  }
}
