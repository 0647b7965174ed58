// postLeads: per-lead results and keys in order, bounded concurrency, paced by RateLimit-* and a 429's wait;
// (postLead's keepalive is checked in Chromium, test/browser/sdk.browser.test.ts: Bun's Request has none.)
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLeadClient, postLeads, RateLimitError, UserAbortError } from "../src/index";
import { accepted, problem, sampleLead, scriptedFetch } from "./scripted-fetch";

const baseUrl = "http://lead-intake.test";
const clientWith = (fetch: (request: Request) => Promise<Response>, options = {}) =>
  createLeadClient({ baseUrl, token: "stl_ch_test", fetch, ...options });
const leads = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ ...sampleLead, external_lead_id: `e-${i}`, platform: "crm" }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("postLeads", () => {
  it("one item per lead, in order: its result or its error, and the key it was sent with", async () => {
    const { fetch, requests } = scriptedFetch(
      accepted(201, { id: "a" }),
      problem(422, "validation_failed"),
      accepted(200, { id: "c", created: false }),
    );
    const items = await postLeads(clientWith(fetch), leads(3), {
      concurrency: 1,
      idempotencyKey: (lead) => `key-${lead.external_lead_id}`,
    });
    expect(items.map((item) => [item.index, item.ok, item.idempotencyKey])).toEqual([
      [0, true, "key-e-0"],
      [1, false, "key-e-1"],
      [2, true, "key-e-2"],
    ]);
    expect(items[0]).toMatchObject({ result: { id: "a", created: true } });
    expect(items[1]).toMatchObject({ error: { name: "ValidationError", idempotencyKey: "key-e-1" } });
    expect(requests.map((request) => request.headers.get("idempotency-key"))).toEqual([
      "key-e-0",
      "key-e-1",
      "key-e-2",
    ]);
  });

  it("never more requests in flight than `concurrency`", async () => {
    let inFlight = 0;
    let most = 0;
    const fetch = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      return accepted();
    };
    const items = await postLeads(clientWith(fetch), leads(40), { concurrency: 5 });
    expect(items.every((item) => item.ok)).toBe(true);
    expect(most).toBe(5);
    await expect(postLeads(clientWith(fetch), leads(1), { concurrency: 0 })).rejects.toBeInstanceOf(
      RangeError,
    );
  });

  it("waits for the budget the RateLimit-* answers give instead of sending into a 429", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const sentAt: number[] = [];
    const limit = (remaining: number) => ({
      "RateLimit-Limit": "2",
      "RateLimit-Remaining": String(remaining),
      "RateLimit-Reset": "1",
    });
    const fetch = async () => {
      sentAt.push(Date.now());
      return accepted(201, {}, limit(0));
    };
    const call = postLeads(clientWith(fetch), leads(3), { concurrency: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    const items = await call;
    expect(items.every((item) => item.ok)).toBe(true);
    // Remaining 0 of 2, full again in 1 s: one request per 500 ms after the first.
    expect(sentAt.map((at) => at - sentAt[0]!)).toEqual([0, 500, 1000]);
  });

  it("a 429 pauses every worker for its Retry-After before the next lead starts", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const sentAt: number[] = [];
    const answers = [problem(429, "rate_limited", {}, { "Retry-After": "2" }), accepted(), accepted()];
    const fetch = async () => {
      sentAt.push(Date.now());
      return answers.shift()!;
    };
    const call = postLeads(clientWith(fetch, { maxRetries: 0 }), leads(2), { concurrency: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    const items = await call;
    expect(items[0]).toMatchObject({ ok: false, error: expect.any(RateLimitError) });
    expect(items[1]).toMatchObject({ ok: true });
    expect(sentAt.map((at) => at - sentAt[0]!)).toEqual([0, 2_000]);
  });

  it("an abort gives every lead not yet answered a UserAbortError; nothing rejects", async () => {
    const controller = new AbortController();
    const { fetch } = scriptedFetch(accepted(), "hang", "hang", "hang");
    const call = postLeads(clientWith(fetch), leads(4), { concurrency: 2, signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const items = await call;
    expect(items[0]?.ok).toBe(true);
    for (const item of items.slice(1)) {
      expect(item).toMatchObject({ ok: false });
      expect((item as { error: unknown }).error).toBeInstanceOf(UserAbortError);
    }
  });
});
