// GET /metrics through the real app: intake outcomes and validation codes counted, Prometheus text served.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { createChannelToken, ensureAccount } from "../../core/accounts/token-repository.ts";
import type { Database } from "../../db/database.ts";
import { createServiceMetrics, type ServiceMetrics } from "../../metrics.ts";
import { ANY_BACKEND, openTestDatabase } from "../../testing/test-database.ts";

describe("GET /metrics", () => {
  let db: Database;
  let app: App;
  let token: string;
  let metrics: ServiceMetrics;
  beforeAll(async () => {
    // The counting does not depend on the driver.
    db = await openTestDatabase(ANY_BACKEND);
    const account = await ensureAccount(db, "metrics");
    token = (await createChannelToken(db, account.id, "metrics tests")).token;
    metrics = createServiceMetrics();
    app = createApp({ db, metrics, rateLimit: { perSecond: 0, burst: 0 } });
  });
  afterAll(() => db?.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.handle(
      new Request(`http://localhost${LEAD_INTAKE_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    );

  it("counts leads by outcome and refusals by code, in Prometheus text format", async () => {
    expect((await post({ email: "a@example.com", platform: "p", external_lead_id: "x1" })).status).toBe(201);
    expect((await post({ email: "a@example.com", platform: "p", external_lead_id: "x1" })).status).toBe(200);
    const keyed = { email: "b@example.com" };
    expect((await post(keyed, { "idempotency-key": "k1" })).status).toBe(201);
    expect((await post(keyed, { "idempotency-key": "k1" })).status).toBe(201); // the replay
    expect((await post({ phone: "12", email: "not-an-email" })).status).toBe(422);
    expect((await post({ email: "a@example.com" }, { authorization: "Bearer stl_ch_nope" })).status).toBe(
      401,
    );

    const response = await app.handle(new Request("http://localhost/metrics"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain('stl_leads_accepted_total{outcome="created"} 2');
    expect(text).toContain('stl_leads_accepted_total{outcome="updated"} 1');
    expect(text).toContain('stl_leads_accepted_total{outcome="replayed"} 1');
    expect(text).toContain('stl_validation_failures_total{code="phone_invalid"} 1');
    expect(text).toContain('stl_validation_failures_total{code="email_invalid"} 1');
    expect(text).toContain('stl_requests_refused_total{code="token_invalid"} 1');
    expect(text).toContain("stl_handoff_latency_seconds_bucket");
    expect(text).toContain("stl_response_tasks_missed_total 0");
  });
});
