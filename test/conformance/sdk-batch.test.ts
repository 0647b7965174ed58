// The SDK against a real server with a rate limit: 2,000 leads through postLeads, paced by the server's own
// RateLimit-* answers (and its Retry-After-Ms on a 429), every lead stored once; a conditional read answered 304.
import { createLeadClient, getLead, postLeads, type ResponseEvent } from "@speed-to-lead/sdk";
import { describe, expect, it } from "vitest";
import { useLeadServer } from "../harness/lead-server-fixture.ts";

/** A budget below what 8 workers would send unpaced (the server takes about 100 leads a second here): 30 at once, then 60 a second. */
const RATE = { RATE_LIMIT_PER_SECOND: "60", RATE_LIMIT_BURST: "30" };

describe("the SDK's batches and reads against a rate-limited server", () => {
  const server = useLeadServer("postgres", { tokens: { main: "acme" }, env: RATE });

  it("postLeads sends 2,000 leads at concurrency 8 within the rate limit: every lead stored once, each with its key", async () => {
    const statuses: number[] = [];
    const client = createLeadClient({
      baseUrl: server.baseUrl,
      token: server.tokens.main.token,
      onResponse: (event: ResponseEvent) => statuses.push(event.status ?? 0),
    });
    const run = crypto.randomUUID();
    const leads = Array.from({ length: 2_000 }, (_, i) => ({
      email: `batch-${i}@example.com`,
      platform: "batch",
      external_lead_id: `${run}-${i}`,
    }));
    const items = await postLeads(client, leads, {
      concurrency: 8,
      idempotencyKey: (lead) => `batch-${lead.external_lead_id}`,
    });
    const failed = items.filter((item) => !item.ok);
    expect(failed).toEqual([]);
    const results = items.flatMap((item) => (item.ok ? [item.result] : []));
    expect(results.every((result) => result.created && !result.replayed)).toBe(true);
    expect(new Set(results.map((result) => result.id)).size).toBe(2_000);
    expect(items.map((item) => item.idempotencyKey)).toEqual(
      leads.map((lead) => `batch-${lead.external_lead_id}`),
    );
    // Paced by the answers: every request got through, or was refused with a wait and sent again.
    const refused = statuses.filter((status) => status === 429).length;
    expect(statuses.length).toBe(2_000 + refused);
    console.log(`postLeads, 2,000 leads at 60/s (burst 30): ${refused} answers were 429`);
    // The same batch again replays every stored answer: nothing is created twice.
    const again = await postLeads(client, leads.slice(0, 50), {
      concurrency: 8,
      idempotencyKey: (lead) => `batch-${lead.external_lead_id}`,
    });
    expect(again.every((item) => item.ok && item.result.replayed)).toBe(true);
  }, 120_000);

  it("a 429 from the server carries Retry-After-Ms and X-Should-Retry, and the SDK's error says how long", async () => {
    const client = createLeadClient({
      baseUrl: server.baseUrl,
      token: server.tokens.main.token,
      maxRetries: 0,
    });
    // Spend the burst at once: 150 posts against a bucket of 30.
    const outcomes = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        client.postLead({ email: `burst-${i}@example.com` }).catch((e) => e),
      ),
    );
    const limited = outcomes.find((outcome) => outcome instanceof Error && outcome.name === "RateLimitError");
    expect(limited).toBeDefined();
    expect(limited.headers.get("retry-after-ms")).toBe(
      String(Number(limited.headers.get("retry-after")) * 1000),
    );
    expect(limited).toMatchObject({ status: 429, code: "rate_limited", shouldRetry: true, attempts: 1 });
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.idempotencyKey).toEqual(expect.any(String));
  });

  it("getLead with ifNoneMatch: the server's 304 is a success, notModified, with the ETag", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the previous test spent the burst
    const client = createLeadClient({ baseUrl: server.baseUrl, token: server.tokens.main.token });
    const posted = await client.postLead({ email: "etag@example.com" });
    // The lead's hand-off may change it (and its ETag) between two reads: read until it holds still.
    for (let attempt = 0; attempt < 50; attempt++) {
      const first = await getLead(client, posted.id);
      expect(first).toMatchObject({ id: posted.id, notModified: false, attempts: 1 });
      expect(first.etag).toEqual(expect.any(String));
      const again = await getLead(client, posted.id, { ifNoneMatch: first.etag! });
      if (again.notModified) {
        expect(again).toEqual({
          notModified: true,
          etag: first.etag,
          requestId: expect.any(String),
          attempts: 1,
        });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the lead never held still for two reads");
  });
});
