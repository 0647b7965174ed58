import { describe, expect, it } from "vitest";
import { createPasswordWork } from "./password-work.ts";

describe("bounded password work", () => {
  it("hands out N slots, refuses the next, and frees a slot once per release", () => {
    const work = createPasswordWork(2);
    const first = work.tryAcquire();
    const second = work.tryAcquire();
    expect(first && second).toBeTruthy();
    expect(work.tryAcquire()).toBeUndefined();
    first!();
    first!();
    expect(work.tryAcquire()).toBeTruthy();
    expect(work.tryAcquire()).toBeUndefined();
  });
});
