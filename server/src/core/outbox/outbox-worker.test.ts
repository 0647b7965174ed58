// The outbox loop over an in-memory outbox: bounded concurrency, wake-ups folded into passes, hand-overs, a clean stop.
import { describe, expect, test } from "vitest";
import { silentLogger } from "../../logger.ts";
import { OutboxWorker, type OutboxWorkerOptions } from "./outbox-worker.ts";

/** Rows due in memory; each delivery waits until the test releases it. */
function memoryOutbox(rows: number) {
  const due = Array.from({ length: rows }, (_, i) => i);
  const delivered: number[] = [];
  const waiting = new Map<number, () => void>();
  const claims: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const options: Pick<OutboxWorkerOptions<number>, "claim" | "deliver"> = {
    async claim(limit) {
      claims.push(limit);
      return due.splice(0, limit);
    },
    async deliver(row) {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise<void>((resolve) => waiting.set(row, resolve));
      inFlight--;
      delivered.push(row);
    },
  };
  return {
    due,
    delivered,
    claims,
    options,
    get mostInFlight() {
      return mostInFlight;
    },
    /** Lets every delivery started so far finish. */
    releaseAll() {
      for (const [row, resolve] of waiting) {
        waiting.delete(row);
        resolve();
      }
    },
    /** Releases until every row is delivered (each release frees slots for the next claims). */
    async drain(total: number) {
      while (delivered.length < total) {
        this.releaseAll();
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    },
  };
}

const base = { name: "test outbox", logger: silentLogger, pollIntervalMs: 60_000 };
const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("OutboxWorker", () => {
  test("delivers every due row with never more in flight than the concurrency", async () => {
    const outbox = memoryOutbox(25);
    const worker = new OutboxWorker({ ...base, concurrency: 4, ...outbox.options });
    worker.start();
    await outbox.drain(25);
    await worker.stop();
    expect(outbox.delivered.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(outbox.mostInFlight).toBe(4);
    // Each claim asked for the free slots only.
    expect(outbox.claims.every((limit) => limit >= 1 && limit <= 4)).toBe(true);
  });

  test("wake-ups during a pass fold into one more pass", async () => {
    const outbox = memoryOutbox(0);
    let release: () => void = () => {};
    const worker = new OutboxWorker({
      ...base,
      concurrency: 2,
      ...outbox.options,
      beforePass: () => new Promise((resolve) => (release = () => resolve(true))),
    });
    worker.start();
    for (let i = 0; i < 50; i++) worker.wake();
    release();
    await settled();
    release();
    await settled();
    await worker.stop();
    expect(outbox.claims).toHaveLength(2);
  });

  test("a pass that beforePass refuses claims nothing", async () => {
    const outbox = memoryOutbox(3);
    const worker = new OutboxWorker({
      ...base,
      concurrency: 2,
      ...outbox.options,
      beforePass: async () => false,
    });
    worker.start();
    await settled();
    await worker.stop();
    expect(outbox.claims).toEqual([]);
  });

  test("a failed claim is logged, and the next wake-up claims again", async () => {
    const warnings: string[] = [];
    const outbox = memoryOutbox(2);
    let failNext = true;
    const worker = new OutboxWorker({
      ...base,
      logger: { ...silentLogger, warn: (message: string) => warnings.push(message) },
      concurrency: 2,
      ...outbox.options,
      claim: (limit) => {
        if (!failNext) return outbox.options.claim(limit);
        failNext = false;
        return Promise.reject(new Error("database down"));
      },
    });
    worker.start();
    await settled();
    expect(warnings).toEqual(["test outbox pass failed"]);
    worker.wake();
    await outbox.drain(2);
    await worker.stop();
    expect(outbox.delivered).toHaveLength(2);
  });

  test("rows handed over wait for a slot, and stop() delivers those still waiting before it returns", async () => {
    const outbox = memoryOutbox(0);
    const worker = new OutboxWorker({ ...base, concurrency: 1, ...outbox.options });
    worker.start();
    const later = Date.now() + 60_000;
    worker.handOver(100, later);
    worker.handOver(101, later);
    await settled();
    expect(worker.busy).toBe(2);
    const stopped = worker.stop();
    worker.handOver(102, later);
    await outbox.drain(2);
    await stopped;
    expect(outbox.delivered.toSorted()).toEqual([100, 101]);
    expect(worker.accepting).toBe(false);
  });

  test("a row handed over past its latest start is left to its lease", async () => {
    const outbox = memoryOutbox(0);
    const worker = new OutboxWorker({ ...base, concurrency: 1, ...outbox.options });
    worker.start();
    worker.handOver(1, Date.now() + 60_000);
    worker.handOver(2, Date.now() - 1);
    await outbox.drain(1);
    await settled();
    await worker.stop();
    expect(outbox.delivered).toEqual([1]);
  });

  test("stop() waits for deliveries in flight and claims nothing after", async () => {
    const outbox = memoryOutbox(3);
    const worker = new OutboxWorker({ ...base, concurrency: 3, ...outbox.options });
    worker.start();
    await settled();
    let stoppedAt = -1;
    const stopped = worker.stop().then(() => {
      stoppedAt = outbox.delivered.length;
    });
    outbox.due.push(7, 8);
    worker.wake();
    await settled();
    expect(stoppedAt).toBe(-1);
    outbox.releaseAll();
    await stopped;
    expect(stoppedAt).toBe(3);
    expect(outbox.claims).toHaveLength(1);
  });
});
