// Two dispatchers (two connection pools, as two processes would have) on one PostgreSQL share the work.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBunSqlDatabase } from "../../db/bun-sql-driver.ts";
import type { Database } from "../../db/database.ts";
import { describeOnPostgres } from "../../testing/describe-on-postgres.ts";
import {
  createPostgresTestDatabase,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixture,
} from "../../testing/handoff-fixture.ts";

describeOnPostgres("two dispatchers on one PostgreSQL", () => {
  let fixture: HandoffFixture;
  let secondPool: Database;
  beforeAll(async () => {
    const url = await createPostgresTestDatabase();
    fixture = await openHandoffFixture(url);
    secondPool = createBunSqlDatabase(url, { poolSize: 2 });
  });
  afterAll(async () => {
    await fixture?.close();
    await secondPool?.close();
  });

  it("never deliver one task at the same time, and deliver each task once", async () => {
    const { assistant, post, startDispatcher, db } = fixture;
    // Slow answers keep deliveries open, so an overlapping claim would show up as an overlap.
    assistant.setDelay(25);
    // A failure now and then makes tasks come back for retries, claimed by whichever dispatcher is free.
    assistant.failNext(10, 503);
    const first = startDispatcher({ concurrency: 4, pollIntervalMs: 50 });
    const second = startDispatcher({ concurrency: 4, pollIntervalMs: 50 }, secondPool);

    const leads = 80;
    const posted = await Promise.all(Array.from({ length: leads }, () => post(eligibleLead())));
    expect(posted.every((response) => response.status === 201)).toBe(true);
    await assistant.waitUntil(
      () => assistant.acknowledged().size === leads,
      `${leads} acknowledgements`,
      30_000,
    );
    await fixture.waitUntilSettled();

    // Each dispatcher sends at most 4 at once: more in flight means both were delivering together.
    expect(assistant.maxInFlight).toBeGreaterThan(4);
    expect(assistant.overlaps).toBe(0);
    expect(assistant.rejected).toBe(0);
    // Without lease expiries, a task is sent again only after a failure: exactly `leads` successes.
    expect(assistant.deliveries.filter((delivery) => delivery.status === 200)).toHaveLength(leads);
    const [counts] = await db.query<{ delivered: number; total: number }>(
      "select count(*) filter (where status = 'delivered')::int as delivered, count(*)::int as total from response_tasks",
    );
    expect(counts).toEqual({ delivered: leads, total: leads });
    expect(first.busy + second.busy).toBe(0);
  });
});
