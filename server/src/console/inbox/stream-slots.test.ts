// Caps on open inbox streams: per session and per process, a slot coming free when its stream ends (once).
import { describe, expect, it } from "vitest";
import { createStreamSlots } from "./stream-slots.ts";

describe("stream slots", () => {
  it("holds at most perSession per session and perProcess in all, and frees a slot once when released", () => {
    const slots = createStreamSlots(2, 3);
    const a1 = slots.take("a");
    const a2 = slots.take("a");
    expect([a1, a2].every(Boolean)).toBe(true);
    expect(slots.take("a")).toBeUndefined();
    const b1 = slots.take("b");
    expect(b1).toBeDefined();
    expect(slots.take("c")).toBeUndefined();
    a1?.();
    a1?.();
    expect(slots.open).toBe(2);
    expect(slots.take("c")).toBeDefined();
    expect(slots.take("a")).toBeUndefined();
  });
});
