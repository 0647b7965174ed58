// The do-not-call list against the real intake, dispatcher and database (PGlite and PostgreSQL).

import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../testing/eventually.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
  TEST_DISPATCHER_SETTINGS,
} from "../../testing/handoff-fixture.ts";
import { createChannelToken, ensureAccount } from "../accounts/token-repository.ts";
import { leaseMs } from "../handoff/dispatcher.ts";
import { webhookIdOf } from "../handoff/payload.ts";
import { claimDueTasks, markDelivered } from "../handoff/task-store.ts";
import { cancelPendingHandoffs, listChanges } from "./dnc-repository.ts";
import { addAllToList, addToList, removeFromList } from "./service.ts";

describe.each(BACKENDS)("do-not-call list on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture?.close());

  /** A number of its own per test, so tests on one database never see each other's list. */
  let line = 1000;
  const freshNumber = () => {
    line++;
    return { e164: `+1415555${line}`, typed: `(415) 555-${line}` };
  };
  const optOut = (phone: string, actor = "test-operator") =>
    addToList(fixture.db, { accountId: fixture.accountId, phone, via: "cli", actor });

  /** Until every delivery in flight was answered and settled, cancelled ones included. */
  async function untilIdle(dispatchers: { busy: number }[]) {
    await fixture.waitUntilSettled();
    await fixture.assistant.waitUntil(() => dispatchers.every((d) => d.busy === 0), "idle dispatchers");
  }

  async function stateOf(leadId: string) {
    const [row] = await fixture.db.query<{
      response_state: string;
      response_reason: string | null;
      status: string | null;
    }>(
      `select l.response_state, l.response_reason, t.status
       from leads l left join response_tasks t on t.lead_id = l.id where l.id = $1`,
      [leadId],
    );
    return row!;
  }

  it("a listed number is opted_out in the answer, in every format the intake accepts, and gets no hand-off", async () => {
    const { e164 } = freshNumber();
    await optOut(e164);
    const digits = e164.slice(2);
    const spellings = [
      e164,
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
      `1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
      `+1 ${digits} ext. 12`,
    ];
    fixture.startDispatcher();
    for (const phone of spellings) {
      const { status, body } = await fixture.post(eligibleLead({ phone }));
      expect(status).toBe(201);
      expect(schemaErrors("LeadAccepted", body)).toEqual([]);
      expect(body.call_eligible).toBe(false);
      expect(body.lead.response).toEqual({ state: "not_called", reason: "opted_out" });
      expect(await stateOf(body.id)).toEqual({
        response_state: "not_called",
        response_reason: "opted_out",
        status: null,
      });
    }
    // A lead that is not otherwise eligible keeps its own reason: the list is checked after them.
    const test = await fixture.post(eligibleLead({ phone: e164, test: true }));
    expect(test.body.lead.response).toEqual({ state: "not_called", reason: "test" });
    await Bun.sleep(300);
    expect(fixture.assistant.deliveries).toEqual([]);
  });

  it("is per account: the same number from another account's token is handed off", async () => {
    const { e164, typed } = freshNumber();
    await optOut(e164);
    const other = await ensureAccount(fixture.db, `other-${crypto.randomUUID().slice(0, 8)}`);
    const { token } = await createChannelToken(fixture.db, other.id, "other");
    fixture.startDispatcher();
    const { body } = await fixture.post(eligibleLead({ phone: typed }), { authorization: `Bearer ${token}` });
    expect(body.call_eligible).toBe(true);
    await fixture.assistant.waitUntil(
      () => fixture.assistant.acknowledged().size === 1,
      "the other account's hand-off",
    );
  });

  it("cancels a pending hand-off at once, and no dispatcher delivers it afterwards", async () => {
    const { e164, typed } = freshNumber();
    const { body } = await fixture.post(eligibleLead({ phone: typed }));
    expect(body.call_eligible).toBe(true);
    expect(await optOut(e164)).toEqual({ added: true, handoffsCancelled: 1 });
    expect(await stateOf(body.id)).toEqual({
      response_state: "not_called",
      response_reason: "opted_out",
      status: "cancelled",
    });
    fixture.startDispatcher();
    await Bun.sleep(400);
    expect(fixture.assistant.deliveries).toEqual([]);
  });

  it("cancels a retrying hand-off: no attempt after the opt-out", async () => {
    const { e164, typed } = freshNumber();
    fixture.assistant.failNext(1_000, 503);
    fixture.startDispatcher({ retryBaseMs: 100, retryMaxMs: 100 });
    const { body } = await fixture.post(eligibleLead({ phone: typed }));
    await fixture.assistant.waitUntil(() => fixture.assistant.deliveries.length >= 2, "two failed attempts");
    await optOut(e164);
    const attemptsAtOptOut = fixture.assistant.deliveries.length;
    await Bun.sleep(500);
    // One attempt may have been claimed before the opt-out committed; none is claimed after it.
    expect(fixture.assistant.deliveries.length).toBeLessThanOrEqual(attemptsAtOptOut + 1);
    await fixture.waitUntilSettled();
    expect(await stateOf(body.id)).toEqual({
      response_state: "not_called",
      response_reason: "opted_out",
      status: "cancelled",
    });
  });

  it("a hand-off claimed before the opt-out committed is delivered and recorded as delivered", async () => {
    const { e164, typed } = freshNumber();
    fixture.assistant.setDelay(600);
    const dispatcher = fixture.startDispatcher();
    const { body } = await fixture.post(eligibleLead({ phone: typed }));
    // The request is at the assistant (claimed, in flight) when the number goes on the list.
    await fixture.assistant.waitUntil(() => fixture.assistant.maxInFlight === 1, "the delivery in flight");
    expect((await optOut(e164)).handoffsCancelled).toBe(1);
    await fixture.assistant.waitUntil(
      () => fixture.assistant.acknowledged().size === 1,
      "the acknowledgement",
    );
    await untilIdle([dispatcher]);
    expect(await stateOf(body.id)).toEqual({
      response_state: "handed_off",
      // Delivered as claimed; the reason now says the number may not be called again.
      response_reason: "opted_out",
      status: "delivered",
    });
  });

  it("race: each hand-off is delivered (claimed before the opt-out committed) or never sent", async () => {
    const rounds = 12;
    fixture.assistant.setDelay(5);
    const dispatchers = [
      fixture.startDispatcher({ pollIntervalMs: 20 }),
      fixture.startDispatcher({ pollIntervalMs: 20 }),
    ];
    const outcomes = new Map<string, string>();
    for (let round = 0; round < rounds; round++) {
      const { e164, typed } = freshNumber();
      // A few leads of the number posted while, after a varying pause, the number goes on the list.
      const posting = Promise.all([0, 1, 2].map(() => fixture.post(eligibleLead({ phone: typed }))));
      // Odd rounds: the opt-out is sent together with the leads; even ones: a few milliseconds later.
      await (round % 2 ? optOut(e164) : Bun.sleep(round % 6).then(() => optOut(e164)));
      const optedOutAt = Date.now();
      const leads = (await posting).map((response) => response.body.id);
      const later = await fixture.post(eligibleLead({ phone: typed }));
      expect(later.body.lead.response).toEqual({ state: "not_called", reason: "opted_out" });
      await untilIdle(dispatchers);

      for (const leadId of [...leads, later.body.id]) {
        const state = await stateOf(leadId);
        // A claim's lease ends leaseMs after the claim statement's now(): the claim time on the same clock.
        const [task] = await fixture.db.query<{ id: string; lease_ends_ms: number }>(
          "select id::text, extract(epoch from next_attempt_at)::float8 * 1000 as lease_ends_ms from response_tasks where lead_id = $1",
          [leadId],
        );
        const sent = task
          ? fixture.assistant.deliveries.filter((d) => d.webhookId === webhookIdOf(task.id))
          : [];
        if (state.response_state === "handed_off") {
          // Delivered: acknowledged once, and claimed before the opt-out returned. (The payload is built
          // after the claim, so on a loaded machine its timestamp may come after the opt-out returned.)
          expect(sent.map((d) => d.status)).toEqual([200]);
          const claimedAt = Number(task!.lease_ends_ms) - leaseMs(TEST_DISPATCHER_SETTINGS.webhookTimeoutMs);
          // Date.now() has whole milliseconds; the database clock has microseconds.
          expect(Math.floor(claimedAt)).toBeLessThanOrEqual(optedOutAt);
        } else {
          // Never: not a single request reached the assistant.
          expect(state).toMatchObject({ response_state: "not_called", response_reason: "opted_out" });
          expect(sent).toEqual([]);
        }
        outcomes.set(leadId, state.response_state);
      }
    }
    expect(outcomes.size).toBe(rounds * 4);
  });

  // PostgreSQL only: PGlite runs one statement at a time, so the settlement could never wait on the opt-out.
  it.skipIf(backend !== "postgres")(
    "a delivery settled while an opt-out holds its queued row is recorded delivered once the opt-out commits",
    async () => {
      const { e164, typed } = freshNumber();
      const { body } = await fixture.post(eligibleLead({ phone: typed }));
      const claims = await claimDueTasks(fixture.db, 10, 60_000);
      const task = claims.find((claimed) => claimed.lead_id === body.id)!;
      expect(task).toBeDefined();
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let withdrawn!: () => void;
      const holding = new Promise<void>((resolve) => {
        withdrawn = resolve;
      });
      // The opt-out's statement ran (the queue row locked, deleted, the lead cancelled) and is not committed yet.
      const optingOut = fixture.db.transaction(async (tx) => {
        expect(await cancelPendingHandoffs(tx, fixture.accountId, e164, "opted_out")).toBe(1);
        withdrawn();
        await committing;
      });
      await holding;
      const settling = markDelivered(fixture.db, [{ task, startedAt: new Date(), latencyMs: 5 }]);
      // The settlement's statement is under way and waits for the opt-out's row lock.
      const waiting = await eventually(
        async () =>
          (
            await fixture.db.query<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          )[0]!.n,
        (n) => n === 1,
      );
      expect(waiting).toBe(1);
      commit();
      await optingOut;
      expect(await settling).toEqual([body.id]);
      expect(await stateOf(body.id)).toMatchObject({ response_state: "handed_off" });
    },
  );

  it("an import cancels the pending hand-offs of its numbers and logs one change per row", async () => {
    const first = freshNumber();
    const second = freshNumber();
    const pending = await fixture.post(eligibleLead({ phone: first.typed }));
    const result = await addAllToList(
      fixture.db,
      { accountId: fixture.accountId, via: "cli", actor: "importer" },
      [
        { phone: first.e164, note: "row 1" },
        { phone: second.e164, note: null },
        { phone: first.e164, note: "row 3, the same number again" },
      ],
    );
    expect(result).toEqual({ added: 2, handoffsCancelled: 1 });
    expect(await stateOf(pending.body.id)).toEqual({
      response_state: "not_called",
      response_reason: "opted_out",
      status: "cancelled",
    });
    const changes = await listChanges(fixture.db, fixture.accountId, first.e164);
    expect(
      changes.map(({ action, actor, note, tasks_affected }) => ({ action, actor, note, tasks_affected })),
    ).toEqual([
      { action: "add", actor: "importer", note: "row 1", tasks_affected: 1 },
      { action: "add", actor: "importer", note: "row 3, the same number again", tasks_affected: 0 },
    ]);
  });

  it("removal is recorded, resumes held-back leads within respond_by, never one whose respond_by passed", async () => {
    const { e164, typed } = freshNumber();
    const recent = await fixture.post(eligibleLead({ phone: typed }));
    const old = await fixture.post(eligibleLead({ phone: typed }));
    await optOut(e164, "first operator");
    const whileListed = await fixture.post(eligibleLead({ phone: typed }));
    // The second lead's five-minute response has passed.
    await fixture.db.query("update leads set respond_by = now() - interval '1 second' where id = $1", [
      old.body.id,
    ]);
    await fixture.db.query(
      "update handoff_queue set due_at = now() - interval '1 second' where lead_id = $1",
      [old.body.id],
    );
    const removed = await removeFromList(fixture.db, {
      accountId: fixture.accountId,
      phone: e164,
      via: "cli",
      actor: "second operator",
      note: "asked to be called after all",
    });
    expect(removed).toEqual({ removed: true, handoffsResumed: 2 });
    fixture.startDispatcher();
    await fixture.assistant.waitUntil(
      () => fixture.assistant.acknowledged().size === 2,
      "two resumed hand-offs",
    );
    await fixture.waitUntilSettled();
    expect((await stateOf(recent.body.id)).response_state).toBe("handed_off");
    expect((await stateOf(whileListed.body.id)).response_state).toBe("handed_off");
    expect(await stateOf(old.body.id)).toMatchObject({
      response_state: "not_called",
      response_reason: "opted_out",
    });

    const changes = await listChanges(fixture.db, fixture.accountId, e164);
    expect(
      changes.map(({ action, via, actor, note, tasks_affected }) => ({
        action,
        via,
        actor,
        note,
        tasks_affected,
      })),
    ).toEqual([
      { action: "add", via: "cli", actor: "first operator", note: null, tasks_affected: 2 },
      {
        action: "remove",
        via: "cli",
        actor: "second operator",
        note: "asked to be called after all",
        tasks_affected: 2,
      },
    ]);
    expect(
      changes.every((change) => change.created_at instanceof Date || typeof change.created_at === "string"),
    ).toBe(true);
  });
});
