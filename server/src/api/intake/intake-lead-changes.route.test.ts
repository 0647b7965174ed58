// The intake says "a lead changed" once per stored lead, on the lead-change bus, and nothing for replays, refusals
// or dry runs; an app without a bus of its caller's tells its own feed (through app.handle).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { createLeadChangeBus, type LeadChange } from "../../core/leads/lead-change-bus.ts";
import { createLeadFeed } from "../../core/leads/lead-feed.ts";
import type { Database } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import { createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { ANY_BACKEND, openTestDatabase } from "../../testing/test-database.ts";
import { DRY_RUN_HEADER } from "./dry-run-header.ts";

let db: Database;
beforeAll(async () => {
  // The announcing does not depend on the driver.
  db = await openTestDatabase(ANY_BACKEND);
});
afterAll(() => db?.close());

const callableLead = (externalId: string) => eligibleLead({ platform: "web", external_lead_id: externalId });

describe("the intake's lead changes", () => {
  it("announces each stored lead once, with its task, and nothing for a replay, a refusal or a dry run", async () => {
    const { token, accountId } = await createTestToken(db);
    const changes: LeadChange[] = [];
    const leadChanges = createLeadChangeBus(silentLogger);
    leadChanges.subscribe((change) => changes.push(change));
    const app = createApp({ db, leadChanges, rateLimit: { perSecond: 0, burst: 0 } });
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      app.handle(intakeRequest(body, { token, headers })).then((response) => response.status);

    const lead = callableLead("x1");
    expect(await post(lead, { "idempotency-key": "k1" })).toBe(201);
    expect(changes).toHaveLength(1);
    const [first] = changes;
    expect(first).toMatchObject({ kind: "stored", created: true, lead: { account_id: accountId } });
    expect(first?.kind === "stored" && first.responseTaskId).toMatch(/^[0-9a-f-]{36}$/);

    expect(await post(lead, { "idempotency-key": "k1" })).toBe(201); // the replay
    expect(await post({ phone: "12" })).toBe(422);
    expect(await post(callableLead("x2"), { [DRY_RUN_HEADER]: "true" })).toBe(201);
    expect(changes).toHaveLength(1);

    expect(await post({ ...lead, first_name: "Ana María" })).toBe(200);
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ kind: "stored", created: false, lead: { first_name: "Ana María" } });
  });

  it("reaches the app's own feed when the caller gives no bus", async () => {
    const { token, accountId } = await createTestToken(db);
    const feed = createLeadFeed({ db, logger: silentLogger });
    const app = createApp({ db, feed, rateLimit: { perSecond: 0, burst: 0 } });
    const heard = new Promise<void>((resolve) => void feed.subscribe(accountId, resolve));
    expect((await app.handle(intakeRequest(callableLead("y1"), { token }))).status).toBe(201);
    await heard;
    await feed.close();
  });
});
