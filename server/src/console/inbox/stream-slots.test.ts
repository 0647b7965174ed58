// Caps on open inbox streams: per session, per account and per process, a slot coming free when its stream ends (once).
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

  it(`holds at most perAccount for one account's sessions together: another account keeps its share`, () => {
    const slots = createStreamSlots(20, 2_000, 50);
    const taken = Array.from({ length: 50 }, (_, i) => slots.take(`acme-session-${i % 10}`, "acme"));
    expect(taken.every(Boolean)).toBe(true);
    expect(slots.take("acme-session-new", "acme")).toBeUndefined();
    expect(slots.take("globex-session", "globex")).toBeDefined();
    taken[0]?.();
    expect(slots.take("acme-session-new", "acme")).toBeDefined();
  });
});
