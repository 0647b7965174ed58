import { describe, expect, it } from "vitest";
import { isUuid } from "../../db/uuid-text.ts";
import { handoffIdOf } from "./handoff-offers.ts";

describe("a hand-off's id", () => {
  const task = "01a2328c-e475-7223-ba47-7b9a7928033e";

  it("is the same on every retry of a response, another for each response and task, and a version-8 UUID", () => {
    expect(handoffIdOf(task, 1)).toBe(handoffIdOf(task, 1));
    const ids = [
      handoffIdOf(task, 1),
      handoffIdOf(task, 2),
      handoffIdOf("01a2328c-e475-7223-ba47-7b9a7928033f", 1),
    ];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      expect(isUuid(id)).toBe(true);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
