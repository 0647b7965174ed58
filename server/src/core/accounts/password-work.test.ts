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

  it("keeps one more slot for a known device, one at a time", () => {
    const work = createPasswordWork(1);
    expect(work.tryAcquire()).toBeTruthy();
    expect(work.tryAcquire()).toBeUndefined();
    const reserved = work.tryAcquire({ known: true });
    expect(reserved).toBeTruthy();
    expect(work.tryAcquire({ known: true })).toBeUndefined();
    reserved!();
    expect(work.tryAcquire({ known: true })).toBeTruthy();
  });
});
