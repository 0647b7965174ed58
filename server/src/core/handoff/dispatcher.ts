// The dispatcher: claims due response tasks, delivers them to the assistant, settles each claim.

import { retryDelayMs } from "../../backoff.ts";
import type { Database } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";
import type { ServiceMetrics } from "../../metrics.ts";
import type { LeadChangeBus } from "../leads/lead-change-bus.ts";
import { OutboxWorker } from "../outbox/outbox-worker.ts";
import type { Assistant } from "./assistant.ts";
import { decideCall } from "./call-decision.ts";
import { CallLimits } from "./call-limits.ts";
import { recordHandoffAttempt } from "./handoff-attempts.ts";
import { handoffIdOf } from "./handoff-offers.ts";
import type { HandoffConfig } from "./handoff-settings.ts";
import { buildPayload, type ClaimedTask, unanswerable, webhookIdOf } from "./payload.ts";
import {
  type Acknowledgement,
  claimDueTasks,
  markCallRefused,
  markDelivered,
  markOverdueMissed,
  refuseIneligible,
  scheduleRetry,
} from "./task-store.ts";

export type DispatcherSettings = Pick<
  HandoffConfig,
  "pollIntervalMs" | "retryBaseMs" | "retryMaxMs" | "concurrency" | "webhookTimeoutMs" | "callingHours"
>;

export interface DispatcherOptions {
  db: Database;
  assistant: Assistant;
  settings: DispatcherSettings;
  logger: Logger;
  metrics?: Pick<ServiceMetrics, "handoffLatency" | "tasksMissed" | "handoffAttempts">;
  /** Told of the leads whose state or history a hand-off changed (the inbox's live feed). */
  leadChanges?: Pick<LeadChangeBus, "announce">;
}

/**
 * A claim's lease: the delivery timeout plus room for the work around the HTTP call (up to 5 s).
 * Short enough that tasks of a killed dispatcher come back quickly.
 */
export const leaseMs = (webhookTimeoutMs: number) => webhookTimeoutMs + Math.min(webhookTimeoutMs, 5_000);
const MISSED_SWEEP_BATCH = 500;
const SETTLE_BATCH = 500;
/** How long a wake-up waits for others before claiming: a few ms on a five-minute promise, and one claim per burst. */
const CLAIM_GATHER_MS = 5;

/**
 * Several dispatchers (servers, `stl dispatch` workers) may share one database: claims use SKIP
 * LOCKED and a lease longer than the delivery timeout, so a task is never in two deliveries at once.
 * The outbox loop (claim, concurrency, wake-ups, stop) is OutboxWorker's; this class delivers and settles.
 *
 * @example const dispatcher = new Dispatcher({ db, assistant, settings, logger }); dispatcher.start();
 */
export class Dispatcher {
  private readonly worker: OutboxWorker<ClaimedTask>;
  /** Acknowledged deliveries waiting to be marked delivered and recorded; written in batches by settle(). */
  private readonly acknowledged: (Acknowledgement & { task: ClaimedTask })[] = [];
  private settling: Promise<void> | undefined;
  private lastSweep = 0;
  private readonly limits: CallLimits;

  constructor(private readonly options: DispatcherOptions) {
    const { db, settings, logger } = options;
    this.limits = new CallLimits(db);
    this.worker = new OutboxWorker({
      name: "dispatcher",
      logger,
      pollIntervalMs: settings.pollIntervalMs,
      concurrency: settings.concurrency,
      gatherMs: CLAIM_GATHER_MS,
      beforePass: () => this.sweepMissed(),
      claim: (limit) => claimDueTasks(db, limit, leaseMs(settings.webhookTimeoutMs)),
      deliver: (task) => this.deliver(task),
    });
  }

  start(): void {
    this.worker.start();
  }

  /**
   * Look for due tasks within CLAIM_GATHER_MS. Cheap to call often: calls meanwhile, or during a
   * pass, fold into one more pass, so under load one claim takes the tasks of many leads.
   */
  wake(): void {
    this.worker.wake();
  }

  /** True while started and not stopping: tasks handed over are delivered. */
  get accepting(): boolean {
    return this.worker.accepting;
  }

  /**
   * A task this process wrote already leased to itself (attempt 1), committed: delivered as a claimed
   * one, within the concurrency limit. Once stopping, it is left to its lease and a later claim, and
   * so is one that waited for a slot until its lease could run out during the delivery.
   */
  handOver(task: ClaimedTask): void {
    const { webhookTimeoutMs } = this.options.settings;
    this.worker.handOver(task, Date.now() + leaseMs(webhookTimeoutMs) - webhookTimeoutMs);
  }

  /** Stops claiming, then waits for deliveries in flight (and tasks handed over) to finish and be settled. */
  async stop(): Promise<void> {
    await this.worker.stop();
    while (this.settling) await this.settling;
  }

  /** Deliveries in flight or acknowledged and not yet marked (for tests and the worker's shutdown log). */
  get busy(): number {
    return this.worker.busy + this.acknowledged.length + (this.settling ? 1 : 0);
  }

  private async sweepMissed(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < this.options.settings.pollIntervalMs) return;
    this.lastSweep = now;
    const missed = await markOverdueMissed(this.options.db, MISSED_SWEEP_BATCH);
    for (const lead of missed) {
      this.options.metrics?.tasksMissed.inc();
      this.options.logger.warn("handoff missed", { lead_id: lead.lead_id });
    }
    if (missed.length > 0) this.changed(missed.map((lead) => lead.account_id));
  }

  private async deliver(claimed: ClaimedTask): Promise<void> {
    const { db, assistant, settings, logger, metrics } = this.options;
    try {
      let task = claimed;
      const now = Date.now();
      // The one call decision of this delivery: the payload and the evidence read it.
      const decision = claimed.test
        ? undefined
        : await decideCall(
            claimed,
            now,
            await this.limits.contextOf(claimed.account_id, settings.callingHours),
          );
      if (decision && !decision.call.permitted && claimed.response_reason === null) {
        await markCallRefused(db, claimed.lead_id, decision.call.reason);
        task = { ...claimed, response_reason: decision.call.reason };
      }
      const reason = unanswerable(task);
      if (reason || !decision) {
        // A refusal decided here (a hold, an unknown place, no common hour) is a decision, not a fault.
        const log = task !== claimed ? logger.info : logger.error;
        log.call(logger, "response task for a lead that must not be answered", {
          lead_id: task.lead_id,
          reason,
        });
        await refuseIneligible(db, task, reason ?? "test");
        this.changed([task.account_id]);
        return;
      }
      const webhookId = webhookIdOf(task.task_id, task.response_no);
      const startedAt = new Date();
      const payload = buildPayload(task, decision, handoffIdOf(task.task_id, task.response_no));
      // The number offered: the assistant's events and pre-dial checks of this hand-off apply to it.
      const offered = { ...decision, phone: payload.data.phone ?? null };
      const result = await assistant.deliver(webhookId, payload);
      const latencyMs = Date.now() - startedAt.getTime();
      metrics?.handoffAttempts.inc({ result: result.ok ? "delivered" : "failed" });
      if (result.ok) {
        if (!task.test) {
          metrics?.handoffLatency.observe((Date.now() - new Date(task.received_at).getTime()) / 1000);
        }
        // The request log already says a lead arrived: one info line per lead, the hand-off at debug.
        logger.debug("handoff delivered", {
          lead_id: task.lead_id,
          webhook_id: webhookId,
          attempt: task.attempts,
        });
        // The history of an acknowledged attempt is written with its settlement: one statement per burst.
        this.acknowledged.push({ task, startedAt, latencyMs, httpStatus: result.status, decision: offered });
        this.scheduleSettle();
        return;
      }
      // A failed attempt is written while the retry is scheduled.
      const recorded = recordHandoffAttempt(db, logger, {
        taskId: task.task_id,
        leadId: task.lead_id,
        attempt: task.attempts,
        responseNo: task.response_no,
        startedAt,
        latencyMs,
        ok: false,
        httpStatus: result.status,
        error: result.error,
        decision: offered,
      });
      const delay = retryDelayMs(task.attempts, settings);
      await Promise.all([scheduleRetry(db, task, delay, result.error), recorded]);
      this.changed([task.account_id]);
      logger.warn("handoff attempt failed", {
        lead_id: task.lead_id,
        attempt: task.attempts,
        status: result.status,
        error_message: result.error,
        retry_in_ms: delay,
      });
      this.worker.wakeAfter(delay);
    } catch (error) {
      // The lease runs out and the task is claimed again: at-least-once, never lost.
      logger.error("handoff attempt failed unexpectedly", {
        lead_id: claimed.lead_id,
        ...describeError(error),
      });
    }
  }

  private scheduleSettle(): void {
    if (this.settling) return;
    this.settling = this.settle().finally(() => {
      this.settling = undefined;
      // An acknowledgement that arrived as the last batch finished.
      if (this.acknowledged.length > 0) this.scheduleSettle();
    });
  }

  /**
   * Marks acknowledged tasks delivered, whatever piled up while the previous batch was written: under
   * load one commit covers many hand-offs. A failed write is logged; those tasks' leases run out and
   * they are delivered again under the same webhook-id (at-least-once).
   */
  private async settle(): Promise<void> {
    while (this.acknowledged.length > 0) {
      const batch = this.acknowledged.splice(0, SETTLE_BATCH);
      try {
        await markDelivered(this.options.db, batch);
        this.changed(batch.map(({ task }) => task.account_id));
      } catch (error) {
        this.options.logger.error("marking hand-offs delivered failed", {
          tasks: batch.length,
          ...describeError(error),
        });
      }
    }
  }

  private changed(accountIds: string[]): void {
    this.options.leadChanges?.announce({ kind: "updated", accountIds });
  }
}
