// Hooks and logs never change an outcome: a throwing or partial logger, a throwing hook; loggers are called object
// first (pino's order), console gets no "undefined"; onRequest/onResponse tell each attempt with its timing.
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLeadClient, getLead, type RequestEvent, type ResponseEvent } from "../src/index";
import { accepted, problem, sampleLead, scriptedFetch } from "./scripted-fetch";

const baseUrl = "http://lead-intake.test";
const clientWith = (fetch: (request: Request) => Promise<Response>, options = {}) =>
  createLeadClient({ baseUrl, token: "stl_ch_test", fetch, ...options });
const boom = () => {
  throw new Error("logger down");
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a logger never changes an outcome", () => {
  it("a logger that throws at every level: the stored lead's 201 still resolves", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    const logger = { error: boom, warn: boom, info: boom, debug: boom };
    const result = await clientWith(fetch, { logger, logLevel: "debug" }).postLead(sampleLead);
    expect(result).toMatchObject({ created: true, attempts: 1 });
    expect(requests).toHaveLength(1);
  });

  it("a logger without debug: one request, no ConnectionError, no retry", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    const lines: string[] = [];
    const logger = { info: (_fields: object, message: string) => lines.push(message) };
    const result = await clientWith(fetch, { logger, logLevel: "debug" }).postLead(sampleLead);
    expect(result.attempts).toBe(1);
    expect(requests).toHaveLength(1);
    expect(lines).toEqual([expect.stringMatching(/^speed-to-lead: 201 POST .+ after 1 attempt\(s\)$/)]);
  });

  it("console (the default) gets the message first and no undefined, not even for a missing request id", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const { fetch } = scriptedFetch(accepted());
    await clientWith(fetch, { logLevel: "debug" }).postLead(sampleLead);
    const calls = [...debug.mock.calls, ...info.mock.calls];
    expect(calls).toHaveLength(3);
    for (const [message, fields, ...rest] of calls) {
      expect(message).toMatch(/^speed-to-lead: /);
      expect(rest).toEqual([]);
      expect(Object.values(fields as object)).not.toContain(undefined);
    }
  });

  it("pino keeps the fields: object first, message second", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: "debug" }, sink);
    const { fetch } = scriptedFetch(accepted(201, {}, { "X-Request-Id": "req_pino" }));
    await clientWith(fetch, { logger, logLevel: "info" }).postLead(sampleLead, { idempotencyKey: "k-pino" });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: `speed-to-lead: 201 POST ${baseUrl}/api/speed-to-lead/channel-inbound.php after 1 attempt(s)`,
        requestId: "req_pino",
        idempotencyKey: "k-pino",
        attempt: 1,
        status: 201,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/stl_ch_test|555|Ana/);
  });
});

describe("hooks", () => {
  it("onRequest, onResponse and onRetry that throw change nothing: the call still retries and resolves", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { fetch, requests } = scriptedFetch(problem(503, "unavailable"), accepted());
    const result = await clientWith(fetch, { onRequest: boom, onResponse: boom, onRetry: boom }).postLead(
      sampleLead,
    );
    expect(result).toMatchObject({ created: true, attempts: 2 });
    expect(requests).toHaveLength(2);
  });

  it("onRequest and onResponse tell each attempt: method, url, attempt, key, status, request id, timing", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const events: (RequestEvent | ResponseEvent)[] = [];
    const { fetch, requests } = scriptedFetch(
      problem(503, "unavailable", {}, { "X-Request-Id": "req_a" }),
      accepted(201, {}, { "X-Request-Id": "req_b" }),
    );
    const client = clientWith(fetch, {
      onRequest: (event: RequestEvent) => {
        event.headers.set("traceparent", `00-${"a".repeat(32)}-${"b".repeat(16)}-01`);
        event.headers.set("authorization", "Bearer not-the-token");
        events.push({ ...event });
      },
      onResponse: (event: ResponseEvent) => events.push(event),
    });
    await client.postLead(sampleLead, { idempotencyKey: "k-otel" });
    const url = `${baseUrl}/api/speed-to-lead/channel-inbound.php`;
    const common = { method: "POST", url, idempotencyKey: "k-otel" };
    expect(events).toEqual([
      { ...common, attempt: 1, headers: expect.any(Headers), startedAt: expect.any(Number) },
      {
        ...common,
        attempt: 1,
        status: 503,
        requestId: "req_a",
        startedAt: expect.any(Number),
        durationMs: expect.any(Number),
        error: expect.objectContaining({ name: "UnavailableError" }),
      },
      { ...common, attempt: 2, headers: expect.any(Headers), startedAt: expect.any(Number) },
      {
        ...common,
        attempt: 2,
        status: 201,
        requestId: "req_b",
        startedAt: expect.any(Number),
        durationMs: expect.any(Number),
        error: undefined,
      },
    ]);
    // The hook's header is sent; the token is the client's own, whatever the hook set.
    expect(requests[1]?.headers.get("traceparent")).toMatch(/^00-a{32}-b{16}-01$/);
    expect(requests[1]?.headers.get("authorization")).toBe("Bearer stl_ch_test");
  });

  it("onResponse hears an attempt with no answer: no status, the ConnectionError", async () => {
    const seen: ResponseEvent[] = [];
    const { fetch } = scriptedFetch(new TypeError("fetch failed"));
    await getLead(
      clientWith(fetch, { maxRetries: 0, onResponse: (e: ResponseEvent) => seen.push(e) }),
      "l-1",
    ).catch(() => {});
    expect(seen).toEqual([
      expect.objectContaining({
        method: "GET",
        status: undefined,
        idempotencyKey: undefined,
        error: expect.objectContaining({ name: "ConnectionError" }),
      }),
    ]);
  });
});

describe("an unusable answer keeps its request id in the events", () => {
  it("an empty 201: onResponse has no status but the request id the response carried", async () => {
    const seen: ResponseEvent[] = [];
    const { fetch } = scriptedFetch(
      new Response("", { status: 201, headers: { "X-Request-Id": "req_empty" } }),
    );
    await clientWith(fetch, { maxRetries: 0, onResponse: (e: ResponseEvent) => seen.push(e) })
      .postLead(sampleLead)
      .catch(() => {});
    expect(seen).toEqual([expect.objectContaining({ status: undefined, requestId: "req_empty" })]);
  });
});
