// Keeps the server's resident memory near a target: a full garbage collection once RSS is past it and garbage has piled up.
import { heapSize } from "bun:jsc";

export interface MemoryGuardOptions {
  /** Resident set size, in bytes, above which collections run. */
  targetBytes: number;
  /** How often RSS and the heap are looked at (two cheap reads). */
  checkMs?: number;
  /** Heap growth since the last collection that is worth a collection. */
  growthBytes?: number;
  /** Injectable for tests. */
  rss?: () => number;
  heapBytes?: () => number;
  collect?: () => void;
}

/**
 * The JavaScript engine sizes its heap from the machine's RAM, so on a large machine a busy server
 * keeps tens of megabytes of garbage (each lead leaves a few kilobytes) before it collects, and the
 * process keeps those pages. Past the target, a full collection runs whenever the heap has grown by
 * `growthBytes` since the last one. That trades CPU for memory (server/README.md has the figures),
 * so MEMORY_TARGET_MB is off by default. A working set above the target (PGlite's memory is outside
 * the heap) costs nothing more: without heap growth there is no collection.
 *
 * @example const guard = startMemoryGuard({ targetBytes: 96 * 2 ** 20 }); guard.stop();
 */
export function startMemoryGuard(options: MemoryGuardOptions): { stop(): void } {
  const growth = options.growthBytes ?? 8 * 2 ** 20;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const heapBytes = options.heapBytes ?? heapSize;
  const collect = options.collect ?? (() => Bun.gc(true));
  let afterLast = heapBytes();
  const timer = setInterval(() => {
    const heap = heapBytes();
    // A heap smaller than after the last collection: the engine collected by itself meanwhile.
    if (heap < afterLast) afterLast = heap;
    if (heap - afterLast < growth || rss() <= options.targetBytes) return;
    collect();
    afterLast = heapBytes();
  }, options.checkMs ?? 250);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
