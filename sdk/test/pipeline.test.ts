// Every call goes through one pipeline: getLead, findLead and createApiClient get postLead's timeouts,
// retries, Retry-After, error classes, request ids, retry count, token rule, log and environment defaults.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../src/api-client";
import {
  ConnectionError,
  createLeadClient,
  findLead,
  getLead,
  LeadIntakeError,
  PermissionDeniedError,
  TimeoutError,
  UnavailableError,
  UserAbortError,
} from "../src/index";
import { accepted, problem, sampleLead, scriptedFetch } from "./scripted-fetch";

const baseUrl = "http://lead-intake.test";
const token = "stl_ch_test_token";
const leadStatus = () => Response.json({ lead: { id: "l-1" }, handoff_attempts: [] });

function clientWith(fetch: (request: Request) => Promise<Response>, options = {}) {
  return createLeadClient({ baseUrl, token, fetch, ...options });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("getLead and findLead: the client's pipeline", () => {
  it("time out a silent server, retry, then throw TimeoutError", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch("hang", "hang");
    const outcome = getLead(clientWith(fetch, { timeoutMs: 1_000, maxRetries: 1 }), "l-1").catch((e) => e);
    for (let ms = 0; ms < 2_100; ms += 100) await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBeInstanceOf(TimeoutError);
    expect(requests).toHaveLength(2);
  });

  it("wait Retry-After after a 503, then succeed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable", {}, { "Retry-After": "2" }),
      leadStatus(),
    );
    const read = findLead(clientWith(fetch), { platform: "crm", external_lead_id: "A 17&x" });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toMatchObject({ lead: { id: "l-1" } });
    expect(requests[1]?.url).toBe(
      `${baseUrl}/api/speed-to-lead/leads?platform=crm&external_lead_id=A+17%26x`,
    );
    expect(requests[1]?.headers.get("x-stl-retry-count")).toBe("1");
    expect(requests[0]?.headers.has("x-stl-retry-count")).toBe(false);
  });

  it("turn a dead host into ConnectionError, not a raw TypeError", async () => {
    const { fetch } = scriptedFetch(new TypeError("fetch failed"));
    const error = await getLead(clientWith(fetch, { maxRetries: 0 }), "l-1").catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("map an intake-only token's 403 to PermissionDeniedError, with the request id; never retried", async () => {
    const { fetch, requests } = scriptedFetch(
      problem(403, "token_intake_only", {}, { "X-Request-Id": "req_403" }),
    );
    const error = await getLead(clientWith(fetch), "l-1").catch((e) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toBeInstanceOf(LeadIntakeError);
    expect(error).toMatchObject({ status: 403, code: "token_intake_only", requestId: "req_test" });
    expect(requests).toHaveLength(1);
  });

  it("send the token, the client's headers and the SDK's name; escape the id into the path", async () => {
    const { fetch, requests } = scriptedFetch(leadStatus());
    await getLead(clientWith(fetch, { headers: { "Accept-Language": "es" } }), "a/b?c");
    const [request] = requests;
    expect(request?.url).toBe(`${baseUrl}/api/speed-to-lead/leads/a%2Fb%3Fc`);
    expect(request?.method).toBe("GET");
    expect(request?.headers.get("authorization")).toBe(`Bearer ${token}`);
    expect(request?.headers.get("accept-language")).toBe("es");
    expect(request?.headers.get("x-stl-client")).toMatch(/^speed-to-lead-sdk\//);
  });

  it("reject with UserAbortError when the caller aborts", async () => {
    const { fetch } = scriptedFetch("hang");
    const error = await getLead(clientWith(fetch), "l-1", { signal: AbortSignal.timeout(5) }).catch((e) => e);
    expect(error).toBeInstanceOf(UserAbortError);
  });

  it("refuse anything but a client from createLeadClient", async () => {
    await expect(getLead({ postLead: () => undefined } as never, "l-1")).rejects.toThrow(TypeError);
  });
});

describe("createApiClient: the typed client of every operation, on the same pipeline", () => {
  it("retries a GET after a 503 and answers an error status the openapi-fetch way", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable"),
      new Response("{}", { headers: { "Content-Type": "application/json" } }),
      problem(404, "not_found"),
    );
    const api = createApiClient(clientWith(fetch));
    const first = await api.GET("/api/openapi.json");
    expect(first.response.status).toBe(200);
    expect(requests).toHaveLength(2);
    const second = await api.GET("/api/openapi.json");
    expect(second.response.status).toBe(404);
    expect(second.error).toMatchObject({ code: "not_found" });
  });

  it("does not retry a POST without an Idempotency-Key; its last error status comes back as is", async () => {
    const { fetch, requests } = scriptedFetch(problem(503, "unavailable"));
    const api = createApiClient(clientWith(fetch));
    const { response } = await api.POST("/api/speed-to-lead/assistant-events", {
      body: { type: "lead.opted_out", timestamp: "2026-11-20T20:00:00Z", data: { lead_id: "x" } },
      params: { header: { "webhook-id": "m", "webhook-timestamp": "1", "webhook-signature": "v1,x" } },
    } as never);
    expect(response.status).toBe(503);
    expect(requests).toHaveLength(1);
    expect(await requests[0]?.json()).toMatchObject({ type: "lead.opted_out" });
  });
});

describe("headers: the client's token is the only one sent", () => {
  it("drops Authorization and X-STL-Channel-Token from the client's and a call's headers, in any case", async () => {
    const { fetch, requests } = scriptedFetch(accepted(), accepted());
    const client = clientWith(fetch, { headers: { "x-stl-channel-token": "stl_ch_other" } });
    await client.postLead(sampleLead, { headers: { authorization: "Bearer stolen" } });
    expect(requests[0]?.headers.get("authorization")).toBe(`Bearer ${token}`);
    expect(requests[0]?.headers.get("x-stl-channel-token")).toBeNull();
    const viaHeader = clientWith(fetch, { tokenHeader: "x-stl-channel-token" });
    await viaHeader.postLead(sampleLead, { headers: { Authorization: "Bearer stolen" } });
    expect(requests[1]?.headers.get("authorization")).toBeNull();
    expect(requests[1]?.headers.get("x-stl-channel-token")).toBe(token);
  });
});

describe("postLead: keys refused before sending", () => {
  it("refuses a per-call idempotency key that differs from the lead's idempotency_key", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    const client = clientWith(fetch);
    const lead = { ...sampleLead, idempotency_key: "form-1" };
    await expect(client.postLead(lead, { idempotencyKey: "other" })).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
    await client.postLead(lead, { idempotencyKey: "form-1" });
    expect(requests[0]?.headers.get("idempotency-key")).toBe("form-1");
  });
});

describe("retries carry their number", () => {
  it("sends X-STL-Retry-Count 1, 2 on the retries of postLead, none on the first attempt", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(problem(500, "internal_error"), problem(502, "x"), accepted());
    await clientWith(fetch).postLead(sampleLead);
    expect(requests.map((r) => r.headers.get("x-stl-retry-count"))).toEqual([null, "1", "2"]);
  });
});

describe("defaults from the environment", () => {
  it("takes STL_BASE_URL and STL_TOKEN when the options leave them out", async () => {
    vi.stubEnv("STL_BASE_URL", "http://from-env.test/");
    vi.stubEnv("STL_TOKEN", "stl_ch_from_env");
    const { fetch, requests } = scriptedFetch(accepted());
    await createLeadClient({ fetch }).postLead(sampleLead);
    expect(requests[0]?.url).toBe("http://from-env.test/api/speed-to-lead/channel-inbound.php");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer stl_ch_from_env");
  });

  it("an option wins over the environment; neither is a TypeError naming the variable", () => {
    vi.stubEnv("STL_BASE_URL", "");
    vi.stubEnv("STL_TOKEN", "");
    expect(() => createLeadClient({ token })).toThrow(/STL_BASE_URL/);
    expect(() => createLeadClient({ baseUrl })).toThrow(/STL_TOKEN/);
  });

  it("reads Deno.env where there is no process.env, and survives a runtime that refuses the read", async () => {
    vi.stubGlobal("process", undefined);
    vi.stubGlobal("Deno", { env: { get: (name: string) => ({ STL_TOKEN: "stl_pk_deno" })[name] } });
    const { fetch, requests } = scriptedFetch(accepted());
    await createLeadClient({ baseUrl, fetch }).postLead(sampleLead);
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer stl_pk_deno");
    vi.stubGlobal("Deno", {
      env: {
        get: () => {
          throw new Error("PermissionDenied: requires env access");
        },
      },
    });
    expect(() => createLeadClient({ baseUrl })).toThrow(/STL_TOKEN/);
  });
});

describe("logging", () => {
  const recorder = () => {
    const lines: string[] = [];
    // Object first, as pino takes it.
    const at = (level: string) => (_fields: object, message: string) => lines.push(`${level} ${message}`);
    return { lines, logger: { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") } };
  };

  it("is off by default: nothing reaches the logger", async () => {
    const { lines, logger } = recorder();
    const { fetch } = scriptedFetch(problem(422, "validation_failed"));
    await clientWith(fetch, { logger })
      .postLead(sampleLead)
      .catch(() => {});
    expect(lines).toEqual([]);
  });

  it("at warn: retries and the failure, never the token or the lead", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { lines, logger } = recorder();
    const { fetch } = scriptedFetch(problem(503, "unavailable"), problem(503, "unavailable"));
    await clientWith(fetch, { logger, logLevel: "warn", maxRetries: 1 })
      .postLead(sampleLead)
      .catch(() => {});
    expect(lines.map((line) => line.split(":")[0])).toEqual(["warn speed-to-lead", "error speed-to-lead"]);
    expect(lines.join("\n")).not.toMatch(/stl_ch_test_token|555|Ana/);
  });

  it("at debug: every attempt and answer; STL_LOG sets the level; a bad level is a RangeError", async () => {
    vi.stubEnv("STL_LOG", "debug");
    const { lines, logger } = recorder();
    const { fetch } = scriptedFetch(accepted());
    await clientWith(fetch, { logger }).postLead(sampleLead);
    expect(lines).toEqual([
      `debug speed-to-lead: POST ${baseUrl}/api/speed-to-lead/channel-inbound.php attempt 1`,
      expect.stringMatching(/^debug speed-to-lead: 201 POST .+ in \d+ ms$/),
      `info speed-to-lead: 201 POST ${baseUrl}/api/speed-to-lead/channel-inbound.php after 1 attempt(s)`,
    ]);
    expect(() => clientWith(fetch, { logLevel: "loud" })).toThrow(RangeError);
  });
});

describe("a token that may read, in a browser", () => {
  it("warns once per page for a stl_ch_ token, never for an intake-only stl_pk_ token or outside a browser", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    createLeadClient({ baseUrl, token: "stl_ch_server_side" });
    expect(warn).not.toHaveBeenCalled();
    vi.stubGlobal("document", {});
    createLeadClient({ baseUrl, token: "stl_pk_intake_only" });
    expect(warn).not.toHaveBeenCalled();
    createLeadClient({ baseUrl, token: "stl_ch_in_a_page" });
    createLeadClient({ baseUrl, token: "stl_ch_in_a_page" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/may read leads.*stl_pk_/);
  });
});

describe("UnavailableError after retries keeps its Retry-After", () => {
  it("a read that stays 503 throws UnavailableError with retryAfter", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch } = scriptedFetch(problem(503, "unavailable", {}, { "Retry-After": "1" }));
    const error = await getLead(clientWith(fetch, { maxRetries: 0 }), "l-1").catch((e) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.retryAfter).toBe(1);
  });
});
