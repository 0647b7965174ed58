// The dispatcher against the real intake and a real database (PGlite and PostgreSQL), delivering to a fake assistant.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  metricValue,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { webhookIdOf } from "./payload.ts";

describe.each(BACKENDS)("dispatcher on %s", (backend) => {
  let fixture: HandoffFixture;
  // One database per backend for the suite: each test posts its own leads and starts its own dispatcher.
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture?.close());
  const open = async () => fixture;

  async function taskOf(leadId: string) {
    const [task] = await fixture.db.query<any>(
      "select id::text, status, attempts, last_error, delivered_at from response_tasks where lead_id = $1",
      [leadId],
    );
    const [lead] = await fixture.db.query<any>(
      "select response_state, response_reason from leads where id = $1",
      [leadId],
    );
    return { task, lead };
  }

  it("hands an eligible lead to the assistant, signed, with its call window; the lead becomes handed_off", async () => {
    const { post, assistant, startDispatcher, metrics } = await open();
    startDispatcher();
    const { status, body } = await post(eligibleLead({ timezone: "America/Chicago" }));
    expect(status).toBe(201);
    await assistant.waitUntil(() => assistant.deliveries.length === 1, "one delivery");

    const { webhookId, payload } = assistant.deliveries[0]!;
    const { task } = await taskOf(body.id);
    expect(webhookId).toBe(webhookIdOf(task.id));
    expect(payload.type).toBe("lead.handoff");
    expect(payload.data).toMatchObject({
      lead_id: body.id,
      phone: "+14155550142",
      first_name: "Ana",
      last_name: "López",
      language: "es",
      timezone: "America/Chicago",
      property_ref: "12 Oak St",
      price: 450_000,
      source: "form",
      context: { utm: "spring" },
      received_at: body.received_at,
      respond_by: body.respond_by,
      // A San Francisco number stated in Chicago: the window is the hours both places allow.
      call_window: { time_zones: ["America/Los_Angeles", "America/Chicago"] },
    });
    const places = payload.data.call_window!.rules_applied.filter((rule) => rule.kind === "place");
    expect(places.map((place) => [place.place, place.name])).toEqual([
      ["area_code", "415"],
      ["timezone", "America/Chicago"],
    ]);
    expect(payload.data.consent).toEqual(body.lead.consent);
    expect(payload.data.account.slug).toMatch(/^acct-/);
    expect(assistant.rejected).toBe(0);

    await fixture.waitUntilSettled();
    expect((await taskOf(body.id)).task).toMatchObject({ status: "delivered", attempts: 1 });
    expect((await taskOf(body.id)).lead).toEqual({ response_state: "handed_off", response_reason: null });
    expect(await metricValue(metrics.handoffLatency, "stl_handoff_latency_seconds_count")).toBe(1);
  });

  it("retries a failing assistant with the same webhook-id until it answers 2xx", async () => {
    const { post, assistant, startDispatcher } = await open();
    assistant.failNext(3, 503);
    startDispatcher();
    const { body } = await post(eligibleLead());
    await assistant.waitUntil(() => assistant.acknowledged().size === 1, "an acknowledgement");
    await fixture.waitUntilSettled();

    expect(assistant.deliveries.map((delivery) => delivery.status)).toEqual([503, 503, 503, 200]);
    expect(new Set(assistant.deliveries.map((delivery) => delivery.webhookId)).size).toBe(1);
    expect((await taskOf(body.id)).task).toMatchObject({
      status: "delivered",
      attempts: 4,
      last_error: null,
    });
  });

  it("marks the task and the lead missed once respond_by passes without an acknowledgement", async () => {
    const { post, assistant, startDispatcher, db, metrics } = await open();
    assistant.failNext(1_000_000, 500);
    const { body } = await post(eligibleLead());
    // The five minutes are over: move this lead's deadline into the past rather than wait.
    await db.query("update leads set respond_by = now() - interval '1 second' where id = $1", [body.id]);
    await db.query("update handoff_queue set due_at = now() - interval '1 second' where lead_id = $1", [
      body.id,
    ]);
    startDispatcher();
    await fixture.waitUntilSettled();
    expect(await metricValue(metrics.tasksMissed)).toBe(1);

    const { task, lead } = await taskOf(body.id);
    expect(task.status).toBe("missed");
    expect(lead).toEqual({ response_state: "missed", response_reason: null });
    expect(assistant.acknowledged().size).toBe(0);
  });

  it("never sends a task whose lead must not be called, even if one was written", async () => {
    const { post, assistant, startDispatcher, db } = await open();
    const { body } = await post(eligibleLead({ test: true }));
    expect(body.call_eligible).toBe(false);
    // A task the intake would never write: the dispatcher checks eligibility again.
    await db.query(
      "insert into handoff_queue (lead_id, due_at, next_attempt_at) select id, respond_by, now() from leads where id = $1",
      [body.id],
    );
    startDispatcher();
    await fixture.waitUntilSettled();
    expect(assistant.deliveries).toHaveLength(0);
    expect(await taskOf(body.id)).toMatchObject({
      task: { status: "missed" },
      lead: { response_state: "not_called", response_reason: "test" },
    });
  });

  it("a committed task wakes the dispatcher without waiting for its poll", async () => {
    const { post, assistant, startDispatcher } = await open();
    startDispatcher({ pollIntervalMs: 600_000 });
    await Bun.sleep(50); // the first pass has run and found nothing
    await post(eligibleLead());
    await assistant.waitUntil(
      () => assistant.acknowledged().size === 1,
      "a delivery woken by the intake",
      10_000,
    );
  });
});
