// Test helper: what a call window under a reached call cap must show, for the route and the process tests alike.
import { expect } from "vitest";
import type { HandoffPayload } from "../core/handoff/payload.ts";

type CallWindow = NonNullable<HandoffPayload["data"]["call_window"]>;

const DAY = 24 * 3_600_000;

/**
 * The window starts no earlier than the oldest counted attempt's leaving the 24 hours, and rules_applied names
 * the cap of `jurisdiction` until then.
 *
 * @example expectCappedWindow(delivery.payload.data.call_window!, oldestAttempt, "US-FL");
 */
export function expectCappedWindow(window: CallWindow, oldestAttempt: number, jurisdiction: string): void {
  expect(Date.parse(window.earliest)).toBeGreaterThanOrEqual(oldestAttempt + DAY);
  expect(window.rules_applied).toContainEqual(
    expect.objectContaining({
      kind: "cap",
      jurisdiction,
      until: new Date(oldestAttempt + DAY).toISOString(),
    }),
  );
}
