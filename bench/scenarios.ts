// The request mixes the harness can drive. A scenario is data: add one here and select it by name.
// Each maps to a BENCH_MODE of wrk/lead.lua and says which statuses a warm-up run must show.

export interface Scenario {
  name: string;
  title: string;
  /** BENCH_MODE of wrk/lead.lua. */
  luaMode: "fresh" | "replay" | "external" | "validation" | "mix";
  /** Returns what is wrong with a warm-up's counts, or undefined when it looks right. */
  check(counts: StatusCounts, poolSize: number): string | undefined;
  /** Share of responses >= 400 expected in a measured run (validation failures answer 422). */
  expectedErrorShare: number;
}

export interface StatusCounts {
  statuses: Record<number, number>;
  /** Responses with `Idempotent-Replayed: true`: a replay keeps the first response's status. */
  replayed: number;
}

function unexpected({ statuses }: StatusCounts, allowed: number[]): string | undefined {
  const others = Object.entries(statuses).filter(([status]) => !allowed.includes(Number(status)));
  return others.length > 0 ? `unexpected statuses ${JSON.stringify(Object.fromEntries(others))}` : undefined;
}

/** Only the first request per pooled key may be answered afresh; every later one is a replay. */
function replaysPool(counts: StatusCounts, poolSize: number): string | undefined {
  const total = Object.values(counts.statuses).reduce((sum, count) => sum + count, 0);
  const answeredAfresh = total - counts.replayed;
  return (
    unexpected(counts, [200, 201]) ??
    (answeredAfresh > poolSize ? `${answeredAfresh} not replayed, pool is ${poolSize}` : undefined)
  );
}

/** The first request per external id creates (201); every later one is a 200 repeat. */
function createsAtMostPool(counts: StatusCounts, poolSize: number): string | undefined {
  const created = counts.statuses[201] ?? 0;
  return (
    unexpected(counts, [200, 201]) ??
    (created > poolSize ? `${created} created, pool is ${poolSize}` : undefined)
  );
}

export const SCENARIOS: Scenario[] = [
  {
    name: "fresh",
    title: "fresh leads with consent",
    luaMode: "fresh",
    check: (counts) =>
      unexpected(counts, [201]) ??
      (counts.replayed > 0 ? `${counts.replayed} replays of fresh keys` : undefined),
    expectedErrorShare: 0,
  },
  {
    name: "replay",
    title: "idempotent replays (same key, same payload)",
    luaMode: "replay",
    check: replaysPool,
    expectedErrorShare: 0,
  },
  {
    name: "external",
    title: "external-id repeats (same platform + id, new key)",
    luaMode: "external",
    check: createsAtMostPool,
    expectedErrorShare: 0,
  },
  {
    name: "validation",
    title: "validation failures (partial consent → 422)",
    luaMode: "validation",
    check: (counts) => unexpected(counts, [422]),
    expectedErrorShare: 1,
  },
  {
    name: "mix",
    title: "mix: 70 % fresh, 15 % replay, 10 % external repeat, 5 % invalid",
    luaMode: "mix",
    check: (counts) => unexpected(counts, [200, 201, 422]),
    expectedErrorShare: 0.05,
  },
];

export function selectScenarios(names: string[]): Scenario[] {
  return names.map((name) => {
    const scenario = SCENARIOS.find((candidate) => candidate.name === name);
    if (!scenario)
      throw new Error(`unknown scenario "${name}"; known: ${SCENARIOS.map((s) => s.name).join(", ")}`);
    return scenario;
  });
}
