// anySignal(): aborts with the first input's reason, natively or through the listener fallback.
import { describe, expect, it } from "vitest";
import { anySignal, anySignalFallback } from "../src/signals";

describe.each([
  ["anySignal", anySignal],
  ["anySignalFallback", anySignalFallback],
])("%s", (_, combine) => {
  it("aborts when any input aborts, with that input's reason", () => {
    const a = new AbortController();
    const b = new AbortController();
    const { signal } = combine([a.signal, b.signal]);
    expect(signal.aborted).toBe(false);
    b.abort("b went first");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("b went first");
    a.abort("a");
    expect(signal.reason).toBe("b went first");
  });

  it("is aborted at once when an input already is", () => {
    const { signal } = combine([new AbortController().signal, AbortSignal.abort("done")]);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("done");
  });

  it("stops following its inputs once disposed", () => {
    const a = new AbortController();
    const combined = combine([a.signal]);
    combined.dispose();
    a.abort();
    // The native AbortSignal.any cannot be detached; the fallback must be, to avoid leaking listeners.
    if (combine === anySignalFallback) expect(combined.signal.aborted).toBe(false);
  });
});
