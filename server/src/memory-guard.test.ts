import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "./logger.ts";
import { startMemoryGuard } from "./memory-guard.ts";

describe("startMemoryGuard", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("collects only while RSS is above the target", () => {
    let rss = 50;
    const collect = vi.fn(() => {
      rss = 40;
    });
    const guard = startMemoryGuard({ targetBytes: 100, checkMs: 1000, rss: () => rss, collect });
    vi.advanceTimersByTime(3000);
    expect(collect).not.toHaveBeenCalled();
    rss = 120;
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(collect).toHaveBeenCalledTimes(1);
    guard.stop();
  });

  it("backs off, doubling up to the limit, while collections do not help, and warns once", () => {
    const lines: string[] = [];
    const collect = vi.fn();
    const guard = startMemoryGuard({
      targetBytes: 100,
      checkMs: 1000,
      maxBackoffMs: 4000,
      rss: () => 200,
      collect,
      logger: createLogger("warn", (line) => lines.push(line)),
    });
    // Checks at 1 s, then 2 s later (3 s), then 4 s later (7 s), then every 4 s (11 s, 15 s).
    vi.advanceTimersByTime(15_000);
    expect(collect).toHaveBeenCalledTimes(5);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "warn", rss_mb: 0, target_mb: 0 });
    guard.stop();
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(5);
  });
});
