import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startMemoryGuard } from "./memory-guard.ts";

describe("startMemoryGuard", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A process whose heap grows by `perCheck` between checks and falls to `live` when collected. */
  function fakeProcess(options: { rss: number; live: number; perCheck: number }) {
    let heap = options.live;
    const state = {
      rss: options.rss,
      collections: 0,
      heapBytes: () => heap,
      grow: () => {
        heap += options.perCheck;
      },
      collect: () => {
        state.collections++;
        heap = options.live;
      },
    };
    return state;
  }

  /** A guard with a target of 100 bytes and a growth of 10, checking every 100 ms, watching the fake process. */
  const guardOf = (fake: ReturnType<typeof fakeProcess>) =>
    startMemoryGuard({
      targetBytes: 100,
      growthBytes: 10,
      checkMs: 100,
      rss: () => fake.rss,
      heapBytes: fake.heapBytes,
      collect: fake.collect,
    });

  it("collects once RSS is past the target and the heap grew by the set amount since the last collection", () => {
    const fake = fakeProcess({ rss: 200, live: 10, perCheck: 4 });
    const guard = guardOf(fake);
    // Growth 4, 8, 12: the third check collects; then again three checks later.
    for (let i = 0; i < 6; i++) {
      fake.grow();
      vi.advanceTimersByTime(100);
    }
    expect(fake.collections).toBe(2);
    guard.stop();
    fake.grow();
    vi.advanceTimersByTime(1000);
    expect(fake.collections).toBe(2);
  });

  it("never collects under the target, nor above it without heap growth (memory outside the heap)", () => {
    const under = fakeProcess({ rss: 50, live: 10, perCheck: 50 });
    const above = fakeProcess({ rss: 500, live: 10, perCheck: 0 });
    const guards = [under, above].map(guardOf);
    for (let i = 0; i < 10; i++) {
      under.grow();
      vi.advanceTimersByTime(100);
    }
    expect(under.collections).toBe(0);
    expect(above.collections).toBe(0);
    for (const guard of guards) guard.stop();
  });
});
