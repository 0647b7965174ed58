// Combines the caller's AbortSignal with one attempt's timeout signal.

/** A signal that aborts when any input aborts; `dispose` detaches it from long-lived inputs. */
export interface CombinedSignal {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * AbortSignal.any where the runtime has it (Node 20.3+, Bun, current browsers); otherwise a
 * controller that listens to each input and is detached by `dispose` so a long-lived caller signal
 * does not collect one listener per attempt.
 */
export function anySignal(signals: AbortSignal[]): CombinedSignal {
  if (typeof AbortSignal.any === "function") return { signal: AbortSignal.any(signals), dispose() {} };
  return anySignalFallback(signals);
}

/** The listener-based fallback of anySignal, exported for its tests. */
export function anySignalFallback(signals: AbortSignal[]): CombinedSignal {
  const controller = new AbortController();
  const detach: (() => void)[] = [];
  const dispose = () => {
    for (const undo of detach) undo();
  };
  for (const input of signals) {
    if (input.aborted) {
      controller.abort(input.reason);
      break;
    }
    const onAbort = () => {
      dispose();
      controller.abort(input.reason);
    };
    input.addEventListener("abort", onAbort, { once: true });
    detach.push(() => input.removeEventListener("abort", onAbort));
  }
  if (controller.signal.aborted) dispose();
  return { signal: controller.signal, dispose };
}
