// The per-token rate limit: 429 rate_limited with Retry-After and RateLimit-*, per token, and the SDK's handling.
// On PostgreSQL only: the limiter lives in the server process and never touches the database, and a second
// PGlite server (its own embedded database) would cost more than every test here.
import { createLeadClient, RateLimitError } from "@speed-to-lead/sdk";
import { describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";

const BURST = 3;
const lead = () => ({ email: `limited-${crypto.randomUUID()}@example.com` });

describe("rate limit", () => {
  // One request a second after a burst of three: slow enough that refills cannot blur the counts.
  const server = useLeadServer("postgres", {
    tokens: { first: "limited", second: "limited", sdk: "limited", sdkRetry: "limited" },
    env: { RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: String(BURST) },
  });

  it("answers 429 rate_limited with Retry-After and RateLimit-* once a token's burst is spent", async () => {
    const token = server.tokens.first.token;
    const remaining: (string | null)[] = [];
    for (let sent = 0; sent < BURST; sent++) {
      const accepted = await postLead(server.baseUrl, { token, body: lead() });
      expect(accepted.status).toBe(201);
      expect(accepted.headers.get("RateLimit-Limit")).toBe(String(BURST));
      remaining.push(accepted.headers.get("RateLimit-Remaining"));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const limited = await postLead(server.baseUrl, { token, body: lead() });
    expect([limited.status, limited.body.code]).toEqual([429, "rate_limited"]);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("RateLimit-Remaining")).toBe("0");
    // Buckets are per token: another token of the same account is unaffected.
    expect((await postLead(server.baseUrl, { token: server.tokens.second.token, body: lead() })).status).toBe(
      201,
    );
  });

  it("the SDK throws RateLimitError with retryAfter when it may not retry", async () => {
    const client = createLeadClient({
      baseUrl: server.baseUrl,
      token: server.tokens.sdk.token,
      maxRetries: 0,
    });
    for (let sent = 0; sent < BURST; sent++) await client.postLead(lead());
    const error = await client.postLead(lead()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited" });
    expect((error as RateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
  });

  it("the SDK waits Retry-After and then succeeds when it may retry", async () => {
    const client = createLeadClient({
      baseUrl: server.baseUrl,
      token: server.tokens.sdkRetry.token,
      maxRetries: 2,
    });
    for (let sent = 0; sent < BURST; sent++) await client.postLead(lead());
    const result = await client.postLead(lead());
    expect(result).toMatchObject({ created: true, replayed: false });
  });
});
