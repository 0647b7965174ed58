// The loop every outbox sender runs (hand-offs, status callbacks): claim a batch into the free slots, deliver
// with bounded concurrency, wake on a notification, a finished delivery, a retry coming due or the poll timer.
import { describeError, type Logger } from "../../logger.ts";

export interface OutboxWorkerOptions<Item> {
  /** Said in the log lines of a failed pass or delivery ("dispatcher", "status callback"). */
  name: string;
  logger: Logger;
  /** A pass at least this often, whatever wakes it: rows another process committed are found by it. */
  pollIntervalMs: number;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** How long a wake-up waits for others before claiming, so a burst of wake-ups makes one claim; 0: at once. */
  gatherMs?: number;
  /**
   * A finished delivery starts a pass even when the last one left nothing behind for want of a slot (the
   * callbacks: a freed destination may let a waiting row go). Else only after a pass that filled every slot.
   */
  passAfterEachDelivery?: boolean;
  /** Before each pass: false skips it (nothing can be due). A throw fails the pass; the next wake-up retries. */
  beforePass?(): Promise<unknown>;
  /** Claims at most `limit` due rows under a lease. A throw fails the pass (database down): logged, retried. */
  claim(limit: number): Promise<Item[]>;
  /** Delivers one claimed row and settles it; a throw is logged (the lease runs out and it is claimed again). */
  deliver(item: Item): Promise<void>;
}

/**
 * Several workers (servers, `stl dispatch` workers) may share one database: claims are leases taken with
 * SKIP LOCKED, so a row is never in two deliveries at once. wake() is cheap to call often: calls during a
 * pass fold into one more pass.
 *
 * @example
 * const worker = new OutboxWorker({ name: "status callback", logger, pollIntervalMs: 1_000, concurrency: 8,
 *   claim: (limit) => claimCallbacks(db, { limit, … }), deliver: (callback) => send(callback) });
 * worker.start(); … await worker.stop();
 */
export class OutboxWorker<Item> {
  private running = false;
  private passing: Promise<void> | undefined;
  private again = false;
  /** The last pass stopped at the concurrency limit: the next finished delivery starts another. */
  private full = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** Rows this process already holds the claim of (handOver), waiting for a free slot. */
  private readonly handed: { item: Item; latestStart: number }[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private gathering: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: OutboxWorkerOptions<Item>) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.pollTimer.unref?.();
    this.wake();
  }

  /** Look for due rows (within gatherMs); during a pass, one more pass follows it. */
  wake(): void {
    if (!this.running) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    if (this.gathering) return;
    const gatherMs = this.options.gatherMs ?? 0;
    if (gatherMs <= 0) {
      this.beginPass();
      return;
    }
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      if (this.running) this.beginPass();
    }, gatherMs);
  }

  /** A pass once `delayMs` has passed (a retry comes due); dropped at stop. */
  wakeAfter(delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.wake();
    }, delayMs + 5);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** True while started and not stopping: rows handed over are delivered. */
  get accepting(): boolean {
    return this.running;
  }

  /** Deliveries in flight and rows handed over waiting for a slot. */
  get busy(): number {
    return this.inFlight.size + this.handed.length;
  }

  /**
   * A row this process claimed without the claim statement (written leased to itself): delivered within the
   * concurrency limit. Once stopping it is left to its lease, and so is one still waiting at `latestStart`
   * (its lease could run out during the delivery).
   */
  handOver(item: Item, latestStart: number): void {
    if (!this.running) return;
    this.handed.push({ item, latestStart });
    this.deliverHanded();
  }

  /** Stops claiming, then waits for the deliveries in flight and those handed over before. */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.pollTimer);
    clearTimeout(this.gathering);
    this.gathering = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.passing;
    for (const { item } of this.handed.splice(0)) this.track(item);
    await Promise.allSettled([...this.inFlight]);
  }

  private beginPass(): void {
    this.passing = this.pass().finally(() => {
      this.passing = undefined;
      if (this.again) this.wake();
    });
  }

  /** Claims what is due into the free slots, until none is free or fewer came back than asked. */
  private async pass(): Promise<void> {
    const { claim, concurrency } = this.options;
    try {
      this.again = false;
      if ((await this.options.beforePass?.()) === false) return;
      while (this.running) {
        const free = concurrency - this.inFlight.size;
        this.full = free <= 0;
        if (this.full) return;
        const items = await claim(free);
        for (const item of items) this.track(item);
        if (items.length < free) return;
      }
    } catch (error) {
      // Database down or similar: the poll timer tries again.
      this.options.logger.warn(`${this.options.name} pass failed`, describeError(error));
    }
  }

  private deliverHanded(): void {
    while (this.handed.length > 0 && this.inFlight.size < this.options.concurrency) {
      const { item, latestStart } = this.handed.shift()!;
      if (Date.now() < latestStart) this.track(item);
    }
  }

  private track(item: Item): void {
    const delivery = this.options
      .deliver(item)
      .catch((error) =>
        this.options.logger.error(`${this.options.name} delivery failed`, describeError(error)),
      );
    this.inFlight.add(delivery);
    delivery.finally(() => {
      this.inFlight.delete(delivery);
      this.deliverHanded();
      if (this.full || this.options.passAfterEachDelivery) this.wake();
    });
  }
}
