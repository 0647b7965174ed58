// Holds and caps as blocks on the call window, under a fixed clock: a block covering the start moves it, one inside cuts it.
import { stateCallingRule } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { capBlocks } from "./call-caps.ts";
import { placesAndRules } from "./call-decision.ts";
import { type CallBlock, callWindow } from "./calling-hours.ts";

const HOUR = 3_600_000;
const ALL_DAY = { start: 0, end: 24 * 60 };
const at = (iso: string) => Date.parse(iso);
const florida = stateCallingRule("FL")!;

function block(start: string, end: string): CallBlock {
  return {
    start: at(start),
    end: at(end),
    applied: {
      kind: "hold",
      jurisdiction: "US-FL",
      name: "hold",
      local_start: null,
      local_end: null,
      source: "test",
      checked: "2026-11-25",
      until: new Date(at(end)).toISOString(),
    },
  };
}

function window(now: string, blocks: CallBlock[]) {
  const phone = "+13055550142"; // Miami: Eastern, Florida's 08:00–20:00
  const lead = { phone, timezone: null, state: null, postal_code: null, consent: null };
  const { places, rules } = placesAndRules(lead, { name: "Acme", callsUnknownLocations: false });
  return callWindow(at(now), places, ALL_DAY, rules, blocks)!;
}

describe("blocks on the call window (Wednesday 2026-11-25, Miami, 08:00–20:00 EST = 13:00–01:00 UTC)", () => {
  it("a block covering now moves the window to its end", () => {
    const result = window("2026-11-25T15:00:00Z", [block("2026-11-25T14:00:00Z", "2026-11-25T18:00:00Z")]);
    expect([result.earliest, result.latest]).toEqual([
      "2026-11-25T18:00:00.000Z",
      "2026-11-26T01:00:00.000Z",
    ]);
    expect(result.rules_applied.filter((rule) => rule.kind === "hold")).toHaveLength(1);
  });

  it("a block starting inside the window cuts it", () => {
    const result = window("2026-11-25T15:00:00Z", [block("2026-11-25T17:00:00Z", "2026-11-28T00:00:00Z")]);
    expect([result.earliest, result.latest]).toEqual([
      "2026-11-25T15:00:00.000Z",
      "2026-11-25T17:00:00.000Z",
    ]);
  });

  it("a block running past the day's end moves the window to the next permitted day", () => {
    const result = window("2026-11-25T15:00:00Z", [block("2026-11-25T14:00:00Z", "2026-11-26T05:00:00Z")]);
    expect([result.earliest, result.latest]).toEqual([
      "2026-11-26T13:00:00.000Z",
      "2026-11-27T01:00:00.000Z",
    ]);
  });

  it("a block elsewhere in time changes nothing and is not named", () => {
    const result = window("2026-11-25T15:00:00Z", [block("2026-11-27T14:00:00Z", "2026-11-27T18:00:00Z")]);
    expect([result.earliest, result.latest]).toEqual([
      "2026-11-25T15:00:00.000Z",
      "2026-11-26T01:00:00.000Z",
    ]);
    expect(result.rules_applied.every((rule) => rule.kind === "hours" || rule.kind === "place")).toBe(true);
  });
});

describe("capBlocks (3 calls in a rolling 24 hours)", () => {
  const now = at("2026-11-25T15:00:00Z");

  it("is reached by three attempts in the period: blocked until the oldest leaves it", () => {
    const [cap] = capBlocks([florida], [now - 20 * HOUR, now - 5 * HOUR, now - HOUR], now);
    expect(cap).toMatchObject({
      start: now,
      end: now + 4 * HOUR,
      applied: { kind: "cap", jurisdiction: "US-FL" },
    });
  });

  it("with four attempts, waits for the two oldest to leave", () => {
    const [cap] = capBlocks([florida], [now - 23 * HOUR, now - 20 * HOUR, now - 5 * HOUR, now - HOUR], now);
    expect(cap!.end).toBe(now + 4 * HOUR);
  });

  it("is not reached by two attempts, by attempts older than the period, or without a cap", () => {
    expect(capBlocks([florida], [now - 5 * HOUR, now - HOUR], now)).toEqual([]);
    expect(capBlocks([florida], [now - 30 * HOUR, now - 25 * HOUR, now - HOUR, now - 2 * HOUR], now)).toEqual(
      [],
    );
    expect(capBlocks([stateCallingRule("TX")!], [now - 3 * HOUR, now - 2 * HOUR, now - HOUR], now)).toEqual(
      [],
    );
  });
});
