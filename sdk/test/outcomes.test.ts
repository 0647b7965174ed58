// Every outcome carries its request: results and errors hold the request id, the idempotency key (posts) and the
// attempts; reads their ETag, and a 304 after ifNoneMatch is a success. Options never change a read's URL or method.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ConnectionError,
  createLeadClient,
  findLead,
  getLead,
  TimeoutError,
  UnavailableError,
  UserAbortError,
} from "../src/index";
import { accepted, problem, sampleLead, scriptedFetch } from "./scripted-fetch";

const baseUrl = "http://lead-intake.test";
const clientWith = (fetch: (request: Request) => Promise<Response>, options = {}) =>
  createLeadClient({ baseUrl, token: "stl_ch_test", fetch, ...options });

const status = { id: "l-1", lead: { id: "l-1", response: { state: "pending" } }, handoff_attempts: [] };
const read = (headers: Record<string, string> = {}) =>
  Response.json(status, { headers: { ETag: '"v1"', "X-Request-Id": "req_read", ...headers } });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a postLead that fails keeps what a later retry needs", () => {
  it("after its retries: the generated idempotency key, the attempts and the last request id", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable", {}, { "X-Request-Id": "req_1" }),
      problem(503, "unavailable", {}, { "X-Request-Id": "req_2" }),
    );
    const error = await clientWith(fetch, { maxRetries: 1 })
      .postLead(sampleLead)
      .catch((e) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.idempotencyKey).toBe(requests[0]?.headers.get("idempotency-key"));
    expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(error).toMatchObject({ attempts: 2, requestId: "req_test" });
  });

  it("a timeout, where the lead may exist: its key, so the retry replays instead of duplicating", async () => {
    const { fetch, requests } = scriptedFetch("hang");
    const error = await clientWith(fetch, { timeoutMs: 5, maxRetries: 0 })
      .postLead(sampleLead, { idempotencyKey: "job-17" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ idempotencyKey: "job-17", attempts: 1 });
    expect(requests[0]?.headers.get("idempotency-key")).toBe("job-17");
  });

  it("a network failure and an abort carry the key and the attempts made", async () => {
    const dropped = await clientWith(scriptedFetch(new TypeError("fetch failed")).fetch, { maxRetries: 0 })
      .postLead(sampleLead, { idempotencyKey: "k-net" })
      .catch((e) => e);
    expect(dropped).toBeInstanceOf(ConnectionError);
    expect(dropped).toMatchObject({ idempotencyKey: "k-net", attempts: 1 });
    const controller = new AbortController();
    const call = clientWith(scriptedFetch("hang").fetch).postLead(sampleLead, {
      idempotencyKey: "k-abort",
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 5);
    const aborted = await call.catch((e) => e);
    expect(aborted).toBeInstanceOf(UserAbortError);
    expect(aborted).toMatchObject({ idempotencyKey: "k-abort", attempts: 1 });
  });
});

describe("reads carry their answer's details", () => {
  it("getLead and findLead resolve the lead with its etag, request id and attempts", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch } = scriptedFetch(problem(503, "unavailable"), read(), read());
    const client = clientWith(fetch);
    const got = await getLead(client, "l-1");
    expect(got).toMatchObject({
      ...status,
      etag: '"v1"',
      requestId: "req_read",
      attempts: 2,
      notModified: false,
    });
    const found = await findLead(client, { platform: "crm", external_lead_id: "A-1" });
    expect(found).toMatchObject({ id: "l-1", attempts: 1, notModified: false });
  });

  it("a 304 after ifNoneMatch is a success: notModified, no body, the ETag", async () => {
    const { fetch, requests } = scriptedFetch(
      new Response(null, { status: 304, headers: { ETag: '"v1"', "X-Request-Id": "req_304" } }),
    );
    const again = await getLead(clientWith(fetch), "l-1", { ifNoneMatch: '"v1"' });
    expect(again).toEqual({ notModified: true, etag: '"v1"', requestId: "req_304", attempts: 1 });
    expect(requests[0]?.headers.get("if-none-match")).toBe('"v1"');
  });

  it("an If-None-Match in headers is a TypeError naming the option, before any request", async () => {
    const { fetch, requests } = scriptedFetch();
    const error = await getLead(clientWith(fetch), "l-1", { headers: { "if-none-match": '"v1"' } }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/ifNoneMatch/);
    expect(requests).toHaveLength(0);
  });

  it("an empty 200 is never a lead typed as one: retried, then a ConnectionError", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(new Response(null, { status: 200 }), read());
    await expect(getLead(clientWith(fetch), "l-1")).resolves.toMatchObject({ id: "l-1", attempts: 2 });
    expect(requests).toHaveLength(2);
    const empty = scriptedFetch(new Response("", { status: 200 }));
    const error = await getLead(clientWith(empty.fetch, { maxRetries: 0 }), "l-1").catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
  });

  it("options built in JavaScript cannot replace a read's URL or method: the token stays with its host", async () => {
    const { fetch, requests } = scriptedFetch(read(), read());
    const hostile = { url: "https://evil.example/steal", method: "POST", body: "x", raw: true } as object;
    await getLead(clientWith(fetch), "l-1", hostile);
    await findLead(
      clientWith(fetch),
      { platform: "crm", external_lead_id: "A-1", extra: "x" } as never,
      hostile,
    );
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET ${baseUrl}/api/speed-to-lead/leads/l-1`,
      `GET ${baseUrl}/api/speed-to-lead/leads?platform=crm&external_lead_id=A-1`,
    ]);
  });
});

describe("postLead results carry their request", () => {
  it("requestId, idempotencyKey and attempts on the result", async () => {
    const { fetch } = scriptedFetch(accepted(201, {}, { "X-Request-Id": "req_ok" }));
    const result = await clientWith(fetch).postLead(sampleLead, { idempotencyKey: "k-1" });
    expect(result).toMatchObject({ requestId: "req_ok", idempotencyKey: "k-1", attempts: 1 });
  });
});
