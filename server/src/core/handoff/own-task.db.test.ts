// A fresh lead's task written leased to this process's own dispatcher: no claim can take it, the
// hand-over delivers it once, and it settles as a claimed task would (PGlite and PostgreSQL).
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { silentLogger } from "../../logger.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { createLeadChangeBus, type LeadStored } from "../leads/lead-change-bus.ts";
import { ownTaskHandOver } from "./own-task.ts";
import { webhookIdOf } from "./payload.ts";
import { claimDueTasks } from "./task-store.ts";

describe.each(BACKENDS)("a fresh lead's own task on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterAll(() => fixture?.close());

  /** Posts through an app whose intake writes tasks leased for `leaseMs` (undefined: not leased). */
  async function post(leaseMs: number | undefined) {
    const stored: LeadStored[] = [];
    const leadChanges = createLeadChangeBus(silentLogger);
    leadChanges.subscribe((change) => change.kind === "stored" && stored.push(change));
    const app = createApp({
      db: fixture.db,
      rateLimit: { perSecond: 0, burst: 0 },
      ownTaskLeaseMs: () => leaseMs,
      leadChanges,
    });
    const response = await app.handle(
      new Request(`http://localhost${LEAD_INTAKE_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${fixture.token}`, "content-type": "application/json" },
        body: JSON.stringify(eligibleLead()),
      }),
    );
    expect(response.status).toBe(201);
    return stored[0]!;
  }

  const taskOf = async (leadId: string) =>
    (
      await fixture.db.query<{ id: string; status: string; attempts: number; leased: boolean }>(
        `select id::text, status, attempts, next_attempt_at > now() + interval '30 seconds' as leased
         from response_tasks where lead_id = $1`,
        [leadId],
      )
    )[0]!;

  it("is written claimed (attempt 1, leased), is not claimed again, and is delivered once when handed over", async () => {
    const event = await post(60_000);
    expect(event.responseTaskLeased).toBe(true);
    expect(await taskOf(event.lead.id)).toMatchObject({ status: "pending", attempts: 1, leased: true });
    expect((await claimDueTasks(fixture.db, 10, 60_000)).length).toBe(0);

    const dispatcher = fixture.startDispatcher();
    ownTaskHandOver(fixture.db, silentLogger, (task) => dispatcher.handOver(task))(
      event.lead,
      event.responseTaskId!,
    );
    await fixture.waitUntilSettled();
    const { assistant } = fixture;
    expect(assistant.deliveries.map((delivery) => delivery.webhookId)).toEqual([
      webhookIdOf(event.responseTaskId!),
    ]);
    expect(assistant.deliveries[0]!.payload.data).toMatchObject({
      lead_id: event.lead.id,
      phone: "+14155550142",
      first_name: "Ana",
      price: 450_000,
      context: { utm: "spring" },
      received_at: event.lead.received_at.toISOString(),
    });
    expect(assistant.deliveries[0]!.payload.data.account.slug).toMatch(/^acct-/);
    expect(await taskOf(event.lead.id)).toMatchObject({ status: "delivered", attempts: 1 });
    await fixture.reset();
  });

  it("is written unclaimed when no dispatcher of this process takes it, and a claim then takes it", async () => {
    const event = await post(undefined);
    expect(event.responseTaskLeased).toBe(false);
    expect(await taskOf(event.lead.id)).toMatchObject({ status: "pending", attempts: 0, leased: false });
    const claimed = await claimDueTasks(fixture.db, 10, 60_000);
    expect(claimed.map((task) => task.lead_id)).toEqual([event.lead.id]);
  });
});
