// postLead through an injected fetch: request shape, result, idempotency keys, retries, timeouts, aborts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../src/api-client";
import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  createLeadClient,
  IdempotencyConflictError,
  isSpeedToLeadError,
  LeadIntakeError,
  NotFoundError,
  SpeedToLeadError,
  TimeoutError,
  UnavailableError,
  UserAbortError,
  ValidationError,
} from "../src/index";
import { accepted, problem, sampleLead, scriptedFetch } from "./scripted-fetch";

const baseUrl = "http://lead-intake.test";
const token = "stl_ch_test_token";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function clientWith(fetch: (request: Request) => Promise<Response>, options = {}) {
  return createLeadClient({ baseUrl, token, fetch, ...options });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("postLead: the request", () => {
  it("POSTs the lead as JSON with the bearer token and an Idempotency-Key", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    await clientWith(fetch).postLead(sampleLead);
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe(`${baseUrl}/api/speed-to-lead/channel-inbound.php`);
    expect(request?.headers.get("authorization")).toBe(`Bearer ${token}`);
    expect(request?.headers.get("x-stl-channel-token")).toBeNull();
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.headers.get("idempotency-key")).toMatch(UUID);
    expect(await request?.json()).toEqual(sampleLead);
  });

  it("sends X-STL-Channel-Token instead when tokenHeader asks for it, plus extra headers", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    const client = clientWith(fetch, {
      tokenHeader: "x-stl-channel-token",
      headers: { "Accept-Language": "es", "X-STL-Channel-Token": "not-this-one" },
    });
    await client.postLead(sampleLead);
    expect(requests[0]?.headers.get("x-stl-channel-token")).toBe(token);
    expect(requests[0]?.headers.get("authorization")).toBeNull();
    expect(requests[0]?.headers.get("accept-language")).toBe("es");
  });

  it("strips a trailing slash from baseUrl", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    await createLeadClient({ baseUrl: `${baseUrl}/`, token, fetch }).postLead(sampleLead);
    expect(requests[0]?.url).toBe(`${baseUrl}/api/speed-to-lead/channel-inbound.php`);
  });

  it("uses the global fetch, looked up at call time, when none is given", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    const client = createLeadClient({ baseUrl, token });
    vi.spyOn(globalThis, "fetch").mockImplementation((input) => fetch(input as Request));
    await client.postLead(sampleLead);
    expect(requests).toHaveLength(1);
  });

  it("uses the caller's idempotency key, else the lead's idempotency_key", async () => {
    const { fetch, requests } = scriptedFetch(accepted(), accepted());
    const client = clientWith(fetch);
    await client.postLead(sampleLead, { idempotencyKey: "order-42" });
    await client.postLead({ ...sampleLead, idempotency_key: "form-8812" });
    expect(requests.map((r) => r.headers.get("idempotency-key"))).toEqual(["order-42", "form-8812"]);
  });

  it("makes a new random key for each call", async () => {
    const { fetch, requests } = scriptedFetch(accepted(), accepted());
    const client = clientWith(fetch);
    await client.postLead(sampleLead);
    await client.postLead(sampleLead);
    const [first, second] = requests.map((r) => r.headers.get("idempotency-key"));
    expect(first).not.toBe(second);
  });

  it("refuses an idempotency key the service would refuse, before any request", async () => {
    const { fetch, requests } = scriptedFetch();
    const client = clientWith(fetch);
    await expect(client.postLead(sampleLead, { idempotencyKey: "" })).rejects.toThrow(TypeError);
    await expect(client.postLead(sampleLead, { idempotencyKey: "has space" })).rejects.toThrow(TypeError);
    await expect(client.postLead(sampleLead, { idempotencyKey: "x".repeat(256) })).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
  });
});

describe("postLead: the result", () => {
  it("maps a 201 to camelCase and keeps the stored lead in wire names", async () => {
    const { fetch } = scriptedFetch(accepted(201, { ignored_fields: ["utm_campaign"] }));
    const result = await clientWith(fetch).postLead(sampleLead);
    expect(result).toEqual({
      id: "0193f0c2-6b1e-7a52-9c1d-5e0b7d2a4f10",
      created: true,
      replayed: false,
      callEligible: true,
      test: false,
      dryRun: false,
      receivedAt: "2026-11-20T20:02:11.482Z",
      respondBy: "2026-11-20T20:07:11.482Z",
      lead: expect.objectContaining({ phone: "+14155552671", response: { state: "pending" } }),
      ignoredFields: ["utm_campaign"],
      requestId: undefined,
      idempotencyKey: expect.stringMatching(UUID),
      attempts: 1,
      rateLimit: undefined,
    });
  });

  it("says dryRun: true for the answer to a dry run, from its body (readable in a browser) or its header", async () => {
    const { fetch, requests } = scriptedFetch(
      accepted(201, { dry_run: true }),
      accepted(201, {}, { "Dry-Run": "true" }),
    );
    const client = clientWith(fetch);
    expect((await client.postLead(sampleLead, { dryRun: true })).dryRun).toBe(true);
    expect((await client.postLead(sampleLead, { dryRun: true })).dryRun).toBe(true);
    expect(requests[0]?.headers.get("dry-run")).toBe("true");
  });

  it("sends a form's bot-check token as Bot-Check-Token, the same on every retry, and none when not given", async () => {
    const retryNow = { "Retry-After": "0" };
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable", {}, retryNow),
      accepted(),
      accepted(),
    );
    const client = createLeadClient({ baseUrl, token: "stl_pk_form_token", fetch });
    await client.postLead(sampleLead, { botCheckToken: "0.turnstile-token" });
    expect(requests.map((request) => request.headers.get("bot-check-token"))).toEqual([
      "0.turnstile-token",
      "0.turnstile-token",
    ]);
    await client.postLead(sampleLead);
    expect(requests[2]?.headers.has("bot-check-token")).toBe(false);
  });

  it("resolves a 200 repeat with created: false", async () => {
    const { fetch } = scriptedFetch(accepted(200, { created: false, call_eligible: false }));
    const result = await clientWith(fetch).postLead({ email: "jordan@example.com" });
    expect(result.created).toBe(false);
    expect(result.callEligible).toBe(false);
  });

  it("sets replayed from the Idempotent-Replayed header", async () => {
    const { fetch } = scriptedFetch(accepted(201, {}, { "Idempotent-Replayed": "true" }));
    expect((await clientWith(fetch).postLead(sampleLead)).replayed).toBe(true);
  });

  it("a 2xx without a JSON object (empty, null) is no usable answer: retried, then a ConnectionError", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(
      new Response(null, { status: 204 }),
      new Response("null", { status: 201 }),
      accepted(),
    );
    await expect(clientWith(fetch).postLead(sampleLead)).resolves.toMatchObject({ attempts: 3 });
    expect(requests).toHaveLength(3);
    const empty = scriptedFetch(new Response("", { status: 200, headers: { "X-Request-Id": "req_empty" } }));
    const error = await clientWith(empty.fetch, { maxRetries: 0 })
      .postLead(sampleLead)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ requestId: "req_empty", attempts: 1 });
  });
});

describe("postLead: errors that are not retried", () => {
  it.each([
    [400, "invalid_json", BadRequestError],
    [401, "token_invalid", AuthenticationError],
    [401, "token_revoked", AuthenticationError],
    [404, "not_found", NotFoundError],
    [413, "payload_too_large", LeadIntakeError],
    [415, "unsupported_media_type", LeadIntakeError],
    [422, "validation_failed", ValidationError],
    [422, "idempotency_key_reused", IdempotencyConflictError],
    [422, "idempotency_key_mismatch", IdempotencyConflictError],
  ])("%i %s → one request, %o", async (status, code, ErrorClass) => {
    const { fetch, requests } = scriptedFetch(problem(status, code));
    const error = await clientWith(fetch)
      .postLead(sampleLead)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ status, code });
    expect(requests).toHaveLength(1);
  });

  it("gives a ValidationError every field error with its pointer", async () => {
    const errors = [
      { pointer: "/phone", code: "phone_not_us", message: "Only US phone numbers are accepted." },
      { pointer: "/consent/reference", code: "consent_incomplete", message: "…" },
    ];
    const { fetch } = scriptedFetch(problem(422, "validation_failed", { errors }));
    const error = await clientWith(fetch)
      .postLead(sampleLead)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual(errors);
  });
});

describe("postLead: retries", () => {
  // No jitter: the default backoff waits 0 ms unless a test says otherwise.
  beforeEach(() => {
    vi.spyOn(Math, "random").mockReturnValue(0);
  });

  it("retries a 503 with the same key, on a fresh Request each time", async () => {
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable", {}, { "Retry-After": "0" }),
      problem(503, "unavailable", {}, { "Retry-After": "0" }),
      accepted(),
    );
    const result = await clientWith(fetch).postLead(sampleLead, { idempotencyKey: "k-1" });
    expect(result.created).toBe(true);
    expect(requests).toHaveLength(3);
    expect(new Set(requests).size).toBe(3);
    expect(requests.map((r) => r.headers.get("idempotency-key"))).toEqual(["k-1", "k-1", "k-1"]);
    for (const request of requests) expect(await request.json()).toEqual(sampleLead);
  });

  it("reuses the generated random key on every retry", async () => {
    const { fetch, requests } = scriptedFetch(
      problem(500, "internal_error", {}, { "Retry-After": "0" }),
      accepted(),
    );
    await clientWith(fetch).postLead(sampleLead);
    const [first, second] = requests.map((r) => r.headers.get("idempotency-key"));
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
  });

  it.each([
    [408, "request_timeout"],
    [409, "idempotency_request_in_flight"],
    [429, "rate_limited"],
    [500, "internal_error"],
    [502, "bad_gateway"],
    [504, "gateway_timeout"],
  ])("retries %i %s", async (status, code) => {
    const { fetch, requests } = scriptedFetch(problem(status, code, {}, { "Retry-After": "0" }), accepted());
    await expect(clientWith(fetch).postLead(sampleLead)).resolves.toMatchObject({ created: true });
    expect(requests).toHaveLength(2);
  });

  it("retries a network error, then throws ConnectionError when retries run out", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(
      new TypeError("fetch failed"),
      new TypeError("fetch failed"),
      new TypeError("fetch failed"),
    );
    const error = await clientWith(fetch)
      .postLead(sampleLead)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(LeadIntakeError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(requests).toHaveLength(3);
  });

  it("retries a success body that cannot be parsed", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(
      new Response("{not json", { status: 201, headers: { "Content-Type": "application/json" } }),
      accepted(),
    );
    await expect(clientWith(fetch).postLead(sampleLead)).resolves.toMatchObject({ created: true });
    expect(requests).toHaveLength(2);
  });

  it("stops after maxRetries and throws the last error", async () => {
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable", {}, { "Retry-After": "0" }),
      problem(503, "unavailable", {}, { "Retry-After": "0" }),
      problem(503, "unavailable", {}, { "Retry-After": "0" }),
    );
    const error = await clientWith(fetch)
      .postLead(sampleLead)
      .catch((e) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.retryAfter).toBe(0);
    expect(requests).toHaveLength(3);
  });

  it("does not retry with maxRetries: 0", async () => {
    const { fetch, requests } = scriptedFetch(problem(503, "unavailable"));
    await expect(clientWith(fetch, { maxRetries: 0 }).postLead(sampleLead)).rejects.toBeInstanceOf(
      UnavailableError,
    );
    expect(requests).toHaveLength(1);
  });

  it("waits Retry-After seconds before the next attempt", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch, requests } = scriptedFetch(
      problem(429, "rate_limited", {}, { "Retry-After": "2" }),
      accepted(),
    );
    const call = clientWith(fetch).postLead(sampleLead);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toMatchObject({ created: true });
    expect(requests).toHaveLength(2);
  });

  it("reads Retry-After as an HTTP date", async () => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "Date"],
      now: Date.UTC(2026, 10, 20, 20, 0, 0),
    });
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable", {}, { "Retry-After": "Fri, 20 Nov 2026 20:00:03 GMT" }),
      accepted(),
    );
    const call = clientWith(fetch).postLead(sampleLead);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toMatchObject({ created: true });
  });

  it("falls back to the default backoff for Retry-After: 0 (a retry at once would stampede)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { fetch, requests } = scriptedFetch(
      problem(429, "rate_limited", {}, { "Retry-After": "0" }),
      accepted(),
    );
    const call = clientWith(fetch).postLead(sampleLead);
    await vi.advanceTimersByTimeAsync(249); // the first backoff: 0.5 × 500 ms, not 0
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toMatchObject({ created: true, attempts: 2 });
  });

  it("does not retry when the service asks for a wait over the 60 s cap: the error says how long", async () => {
    const { fetch, requests } = scriptedFetch(problem(429, "rate_limited", {}, { "Retry-After": "120" }));
    const error = await clientWith(fetch)
      .postLead(sampleLead)
      .catch((e) => e);
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ name: "RateLimitError", retryAfter: 120, attempts: 1 });
  });

  it("prefers Retry-After-Ms to Retry-After, to the millisecond", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch, requests } = scriptedFetch(
      problem(429, "rate_limited", {}, { "Retry-After": "2", "Retry-After-Ms": "1250" }),
      accepted(),
    );
    const call = clientWith(fetch).postLead(sampleLead);
    await vi.advanceTimersByTimeAsync(1_249);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toMatchObject({ attempts: 2 });
  });

  it("honours X-Should-Retry: false stops a retryable status, true retries one that is not", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const never = scriptedFetch(problem(503, "unavailable", {}, { "X-Should-Retry": "false" }));
    const stopped = await clientWith(never.fetch)
      .postLead(sampleLead)
      .catch((e) => e);
    expect([never.requests.length, stopped.shouldRetry]).toEqual([1, false]);
    const again = scriptedFetch(problem(400, "invalid_json", {}, { "X-Should-Retry": "true" }), accepted());
    await expect(clientWith(again.fetch).postLead(sampleLead)).resolves.toMatchObject({ attempts: 2 });
  });

  it("backs off exponentially with full jitter when there is no Retry-After", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { fetch, requests } = scriptedFetch(
      problem(500, "internal_error"),
      problem(500, "internal_error"),
      accepted(),
    );
    const call = clientWith(fetch).postLead(sampleLead);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(249); // first wait: 0.5 × 500 ms
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(499); // second wait: 0.5 × 1000 ms
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toMatchObject({ created: true });
  });
});

describe("postLead: timeouts and aborts", () => {
  it("times out each attempt separately, retries, then throws TimeoutError", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch("hang", "hang", "hang");
    const call = clientWith(fetch, { timeoutMs: 1_000 }).postLead(sampleLead);
    const outcome = call.catch((e) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1); // the zero-length backoff (Math.random() = 0)
    expect(requests).toHaveLength(2);
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(requests[1]?.signal.aborted).toBe(false);
    for (let ms = 0; ms < 2_100; ms += 100) await vi.advanceTimersByTimeAsync(100);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.timeoutMs).toBe(1_000);
    expect(requests).toHaveLength(3);
  });

  it("times out even when the fetch ignores its signal", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch } = scriptedFetch("ignore-abort");
    const outcome = clientWith(fetch, { timeoutMs: 500, maxRetries: 0 })
      .postLead(sampleLead)
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });

  it("rejects with a UserAbortError carrying the caller's abort reason, and does not retry", async () => {
    const controller = new AbortController();
    const { fetch, requests } = scriptedFetch("hang");
    const outcome = clientWith(fetch)
      .postLead(sampleLead, { signal: controller.signal })
      .catch((e) => e);
    await Promise.resolve();
    controller.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(UserAbortError);
    expect(error).toBeInstanceOf(SpeedToLeadError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(isSpeedToLeadError(error)).toBe(true);
    expect(error.cause).toBeInstanceOf(DOMException);
    expect((error.cause as DOMException).name).toBe("AbortError");
    expect(requests).toHaveLength(1);
  });

  it("an AbortSignal.timeout() of the caller is a UserAbortError too, its cause the TimeoutError DOMException", async () => {
    const { fetch } = scriptedFetch("hang");
    const error = await clientWith(fetch)
      .postLead(sampleLead, { signal: AbortSignal.timeout(10) })
      .catch((e) => e);
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error.cause as DOMException).name).toBe("TimeoutError");
  });

  it("stops waiting between retries when the caller aborts", async () => {
    const controller = new AbortController();
    const { fetch, requests } = scriptedFetch(problem(503, "unavailable", {}, { "Retry-After": "30" }));
    const outcome = clientWith(fetch)
      .postLead(sampleLead, { signal: controller.signal })
      .catch((e) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error("shutting down"));
    const error = await outcome;
    expect(error).toBeInstanceOf(UserAbortError);
    expect(error.cause.message).toBe("shutting down");
    expect(requests).toHaveLength(1);
  });

  it("detaches from the caller's signal after every attempt, so a long-lived signal collects no listeners", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { signal } = new AbortController();
    const added = vi.spyOn(signal, "addEventListener");
    const removed = vi.spyOn(signal, "removeEventListener");
    const { fetch } = scriptedFetch(new TypeError("fetch failed"), accepted());
    await clientWith(fetch).postLead(sampleLead, { signal });
    const listeners = (spy: typeof added) => spy.mock.calls.map(([, listener]) => listener);
    expect(listeners(added).length).toBeGreaterThanOrEqual(2);
    expect(listeners(removed)).toEqual(expect.arrayContaining(listeners(added)));
    expect(listeners(added)).toEqual(expect.arrayContaining(listeners(removed)));
  });

  it("sends nothing when the signal is already aborted", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    const error = await clientWith(fetch)
      .postLead(sampleLead, { signal: AbortSignal.abort() })
      .catch((e) => e);
    expect(error).toBeInstanceOf(UserAbortError);
    expect(requests).toHaveLength(0);
  });
});

describe("createLeadClient", () => {
  it("createApiClient gives the typed openapi-fetch client with the token set", async () => {
    const { fetch, requests } = scriptedFetch(
      new Response("{}", { headers: { "Content-Type": "application/json" } }),
    );
    const api = createApiClient(clientWith(fetch));
    const { response } = await api.GET("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(requests[0]?.url).toBe(`${baseUrl}/api/openapi.json`);
    expect(requests[0]?.headers.get("authorization")).toBe(`Bearer ${token}`);
  });

  it.each([
    [{ baseUrl: "", token }, TypeError],
    [{ baseUrl, token: "" }, TypeError],
    [{ baseUrl, token, timeoutMs: 0 }, RangeError],
    [{ baseUrl, token, maxRetries: -1 }, RangeError],
    [{ baseUrl, token, maxRetries: 1.5 }, RangeError],
  ])("refuses bad options %o", (options, ErrorClass) => {
    expect(() => createLeadClient(options)).toThrow(ErrorClass);
  });
});

describe("postLead: fixed bugs", () => {
  it("treats timeoutMs: Infinity as no time limit (a timer of 2^31 ms or more fires at once)", async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(accepted()), 30));
    const client = clientWith(slow, { timeoutMs: Number.POSITIVE_INFINITY, maxRetries: 0 });
    await expect(client.postLead(sampleLead)).resolves.toMatchObject({ created: true });
  });

  it.each([2 ** 31, 2 ** 40, Number.NaN, -1])(
    "refuses timeoutMs %o when the client is created",
    (timeoutMs) => {
      expect(() => createLeadClient({ baseUrl, token, timeoutMs })).toThrow(RangeError);
    },
  );

  it.each(["localhost:3999", "lead-intake.test", "/api", "ftp://lead-intake.test", "http//x"])(
    "refuses baseUrl %o when the client is created, naming the value",
    (badUrl) => {
      expect(() => createLeadClient({ baseUrl: badUrl, token })).toThrow(TypeError);
      expect(() => createLeadClient({ baseUrl: badUrl, token })).toThrow(badUrl);
    },
  );

  it("sends the lead as it was when postLead was called, on every retry", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const lead = { ...sampleLead, first_name: "Ana" };
    const { fetch, requests } = scriptedFetch(() => {
      lead.first_name = "Changed while the response was lost";
      throw new TypeError("fetch failed");
    }, accepted());
    await clientWith(fetch).postLead(lead);
    expect(requests).toHaveLength(2);
    expect(await requests[1]?.json()).toEqual(sampleLead);
  });
});

describe("postLead: per-call options", () => {
  it("a call's timeoutMs overrides the client's", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch } = scriptedFetch("hang");
    const outcome = clientWith(fetch, { timeoutMs: 60_000, maxRetries: 0 })
      .postLead(sampleLead, { timeoutMs: 50 })
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(50);
    expect(await outcome).toMatchObject({ name: "TimeoutError", timeoutMs: 50 });
  });

  it("a call's maxRetries overrides the client's, both ways", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const fails = () => Array.from({ length: 5 }, () => new TypeError("fetch failed"));
    const none = scriptedFetch(...fails());
    await expect(clientWith(none.fetch).postLead(sampleLead, { maxRetries: 0 })).rejects.toThrow(
      ConnectionError,
    );
    expect(none.requests).toHaveLength(1);
    const more = scriptedFetch(...fails());
    await expect(
      clientWith(more.fetch, { maxRetries: 0 }).postLead(sampleLead, { maxRetries: 4 }),
    ).rejects.toThrow(ConnectionError);
    expect(more.requests).toHaveLength(5);
  });

  it("a call's headers add to the client's, and never replace the token", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    await clientWith(fetch, { headers: { "Accept-Language": "es", "X-Tenant": "a" } }).postLead(sampleLead, {
      headers: { "X-Tenant": "b", "X-Trace": "t-1", Authorization: "Bearer stolen" },
    });
    const headers = requests[0]!.headers;
    expect([headers.get("accept-language"), headers.get("x-tenant"), headers.get("x-trace")]).toEqual([
      "es",
      "b",
      "t-1",
    ]);
    expect(headers.get("authorization")).toBe(`Bearer ${token}`);
  });

  it("refuses a bad per-call timeoutMs or maxRetries before any request", async () => {
    const { fetch, requests } = scriptedFetch();
    const client = clientWith(fetch);
    await expect(client.postLead(sampleLead, { timeoutMs: 2 ** 31 })).rejects.toThrow(RangeError);
    await expect(client.postLead(sampleLead, { maxRetries: -1 })).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });

  it("takes undefined for every option, as if it were absent", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    const unset = undefined;
    const result = await clientWith(fetch, { timeoutMs: unset, maxRetries: unset, headers: unset }).postLead(
      sampleLead,
      { timeoutMs: unset, maxRetries: unset, headers: unset, signal: unset, idempotencyKey: unset },
    );
    expect(result.idempotencyKey).toMatch(UUID);
    expect(requests).toHaveLength(1);
  });
});

describe("postLead: what every result and request carries", () => {
  it("names the SDK and its version from package.json in X-STL-Client, also on api calls", async () => {
    const { version } = await import("../package.json");
    const { fetch, requests } = scriptedFetch(
      accepted(),
      new Response("{}", { headers: { "Content-Type": "application/json" } }),
    );
    const client = clientWith(fetch);
    await client.postLead(sampleLead);
    await createApiClient(client).GET("/api/openapi.json");
    expect(requests.map((r) => r.headers.get("x-stl-client"))).toEqual([
      `speed-to-lead-sdk/${version}`,
      `speed-to-lead-sdk/${version}`,
    ]);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("gives the request id, the key, the attempts and the rate limit", async () => {
    const { fetch } = scriptedFetch(
      problem(503, "unavailable", {}, { "Retry-After": "0" }),
      accepted(
        201,
        {},
        {
          "X-Request-Id": "req_2",
          "RateLimit-Limit": "20",
          "RateLimit-Remaining": "17",
          "RateLimit-Reset": "3",
        },
      ),
    );
    vi.spyOn(Math, "random").mockReturnValue(0);
    const result = await clientWith(fetch).postLead(sampleLead, { idempotencyKey: "order-7" });
    expect(result).toMatchObject({
      requestId: "req_2",
      idempotencyKey: "order-7",
      attempts: 2,
      rateLimit: { limit: 20, remaining: 17, resetSeconds: 3 },
    });
  });

  it("withResponse() gives the raw Response of the attempt that succeeded with the result", async () => {
    const { fetch } = scriptedFetch(accepted(201, {}, { "X-Custom": "yes" }));
    const { result, response } = await clientWith(fetch).postLead(sampleLead).withResponse();
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get("x-custom")).toBe("yes");
    expect(result.attempts).toBe(1);
  });

  it("withResponse() rejects like postLead, with no unhandled rejection left behind", async () => {
    const { fetch } = scriptedFetch(problem(401, "token_invalid"));
    await expect(clientWith(fetch).postLead(sampleLead).withResponse()).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });
});

describe("postLead: hooks for logging", () => {
  it("onRetry hears each retry: the failed attempt, its error, the wait and the key", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const events: unknown[] = [];
    const { fetch } = scriptedFetch(
      new TypeError("fetch failed"),
      problem(503, "unavailable", {}, { "Retry-After": "0.01" }),
      accepted(),
    );
    await clientWith(fetch, { onRetry: (event: unknown) => events.push(event) }).postLead(sampleLead, {
      idempotencyKey: "k-9",
    });
    expect(events).toEqual([
      { attempt: 1, error: expect.any(ConnectionError), delayMs: 0, idempotencyKey: "k-9" },
      { attempt: 2, error: expect.any(UnavailableError), delayMs: 10, idempotencyKey: "k-9" },
    ]);
  });

  it("the fetch option sees every attempt of postLead, as a Request", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const seen: string[] = [];
    const { fetch } = scriptedFetch(problem(500, "internal_error"), accepted());
    const traced = async (request: Request) => {
      seen.push(`→ ${request.method} ${request.headers.get("idempotency-key")}`);
      const response = await fetch(request);
      seen.push(`← ${response.status}`);
      return response;
    };
    await clientWith(traced).postLead(sampleLead, { idempotencyKey: "k-3" });
    expect(seen).toEqual(["→ POST k-3", "← 500", "→ POST k-3", "← 201"]);
  });
});
