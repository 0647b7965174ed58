// The per-token rate limit: 429 rate_limited with Retry-After and RateLimit-*, per token, and the SDK's handling.
// On PostgreSQL only: the limiter lives in the server process and never touches the database, and a second
// PGlite server (its own embedded database) would cost more than every test here.
import { createLeadClient, RateLimitError } from "@speed-to-lead/sdk";
import { describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";

const BURST = 3;
const lead = () => ({ email: `limited-${crypto.randomUUID()}@example.com` });

/** BURST + 1 calls at once: they land within milliseconds, so the 1/s refill cannot blur the count. */
const atOnce = <T>(call: () => Promise<T>) => Promise.allSettled(Array.from({ length: BURST + 1 }, call));

describe("rate limit", () => {
  const server = useLeadServer("postgres", {
    tokens: { first: "limited", second: "limited", sdk: "limited", sdkRetry: "limited" },
    env: { RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: String(BURST) },
  });

  it("answers 429 rate_limited with Retry-After and RateLimit-* once a token's burst is spent", async () => {
    const token = server.tokens.first.token;
    const settled = await atOnce(() => postLead(server.baseUrl, { token, body: lead() }));
    const responses = settled.map((outcome) => {
      if (outcome.status === "rejected") throw outcome.reason;
      return outcome.value;
    });
    const accepted = responses.filter((response) => response.status === 201);
    const limited = responses.filter((response) => response.status === 429);
    expect([accepted.length, limited.length]).toEqual([BURST, 1]);
    expect(accepted.map((response) => response.headers.get("RateLimit-Remaining")).sort()).toEqual([
      "0",
      "1",
      "2",
    ]);
    expect(accepted.every((response) => response.headers.get("RateLimit-Limit") === String(BURST))).toBe(
      true,
    );
    expect(limited[0]!.body.code).toBe("rate_limited");
    expect(Number(limited[0]!.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(limited[0]!.headers.get("RateLimit-Remaining")).toBe("0");
    // Buckets are per token: another token of the same account is unaffected.
    const other = await postLead(server.baseUrl, { token: server.tokens.second.token, body: lead() });
    expect(other.status).toBe(201);
  });

  it("the SDK throws RateLimitError with retryAfter when it may not retry", async () => {
    const client = createLeadClient({
      baseUrl: server.baseUrl,
      token: server.tokens.sdk.token,
      maxRetries: 0,
    });
    const settled = await atOnce(() => client.postLead(lead()));
    const refused = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(RateLimitError);
    expect(refused[0]).toMatchObject({ status: 429, code: "rate_limited" });
    expect((refused[0] as RateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
  });

  it("the SDK waits Retry-After and then succeeds when it may retry", async () => {
    const statuses: number[] = [];
    const client = createLeadClient({
      baseUrl: server.baseUrl,
      token: server.tokens.sdkRetry.token,
      maxRetries: 2,
      fetch: async (request) => {
        const response = await fetch(request);
        statuses.push(response.status);
        return response;
      },
    });
    const settled = await atOnce(() => client.postLead(lead()));
    expect(settled.map((outcome) => outcome.status)).toEqual(Array(BURST + 1).fill("fulfilled"));
    // One call met the limit and came back after Retry-After.
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.filter((status) => status === 201)).toHaveLength(BURST + 1);
  });
});
