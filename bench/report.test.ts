// The report's tables from made-up rounds: each fill's rows against the pgbench of the same fill, the older
// checkout beside this one, verdicts per fill. No load.
import { describe, expect, test } from "bun:test";
import type { Cell, Fill, Measurement } from "./cells.ts";
import { ROW, renderTable } from "./report.ts";
import { renderGoals } from "./report-goals.ts";
import { renderPerLead, renderRequestLogCost } from "./report-per-lead.ts";

/** A cell measured once per round with these req/s and µs of CPU (server, PostgreSQL). */
function cell(
  group: Cell["group"],
  name: string,
  fill: Fill,
  rounds: { rps: number; app: number; db: number; p99?: number; rssMb?: number }[],
): Cell {
  const runs: Measurement[] = rounds.map(({ rps, app, db, p99 = 5, rssMb = 90 }) => ({
    ...{ requestsPerSecond: rps, p50: 1, p99, p999: p99, rssBytes: rssMb * 1e6 },
    ...{ appCpuMicros: app, dbCpuMicros: db, otherCores: 0 },
  }));
  const run = () => Promise.reject(new Error("not run"));
  return { group, name, fill, connections: 32, expectedErrorShare: 0, runs, warnings: [], run };
}

const three = (rps: number, app: number, db: number) => [
  { rps, app, db },
  { rps: rps * 1.1, app, db },
  { rps: rps * 0.9, app, db },
];
// pgbench: 10,000 rows/s at 20 + 80 µs on both fills.
const cells = [
  cell("baseline", ROW.singleRow, "empty", three(10_000, 20, 80)),
  cell("baseline", ROW.singleRow, "month", three(10_000, 20, 80)),
  // This checkout: as fast on the month as on the empty database; the older one 4 times slower there.
  cell("PostgreSQL", ROW.dispatcherOff, "empty", three(12_000, 40, 50)),
  cell("PostgreSQL", ROW.dispatcherOff, "month", three(11_000, 40, 55)),
  cell("PostgreSQL", ROW.dispatcherOffBefore, "empty", three(12_000, 40, 50)),
  cell("PostgreSQL", ROW.dispatcherOffBefore, "month", three(2_750, 60, 400)),
  cell("PostgreSQL", ROW.fresh, "empty", three(7_000, 70, 70)),
  cell("PostgreSQL", ROW.fresh, "month", [{ rps: 5_000, app: 90, db: 100, rssMb: 120 }]),
];
const paced = (fill: Fill, p99: number) =>
  cell("PostgreSQL", ROW.paced, fill, [{ rps: 3_000, app: 0, db: 0, p99 }]);
const byFill = {
  empty: { paced: paced("empty", 4), restingRssBytes: 60e6, speedToLeadMs: [10, 20, 30, 40] },
  month: { paced: paced("month", 40), restingRssBytes: 80e6, speedToLeadMs: [100, 200, 300] },
};
const fills: Fill[] = ["empty", "month"];
const rowsOf = (markdown: string, start: string) =>
  markdown.split("\n").filter((line) => line.startsWith(start));

describe("the first table: each lead's cost as a user measures it", () => {
  const table = renderPerLead({
    ...{ cells, fills, byFill },
    ...{ before: "commit ad4a11c of 2026-11-27", monthLabel: "1,000,000 leads, 100,000 listed" },
  });

  test("each path on each fill against the pgbench of the same fill, round by round", () => {
    const [empty, month] = rowsOf(table, "| intake: a form's post (dispatcher off) | this checkout");
    expect(empty).toBe(
      "| intake: a form's post (dispatcher off) | this checkout | empty | 12,000 (10,800–13,200) | 1.20× | 40 | 50 | 0.90× | – | 90 | – |",
    );
    expect(month).toContain(
      "| 1,000,000 leads, 100,000 listed | 11,000 (9,900–12,100) | 1.10× | 40 | 55 | 0.95× |",
    );
  });

  test("the older checkout's rows sit beside this one's, its regression on the month plain", () => {
    const [, month] = rowsOf(
      table,
      "| intake: a form's post (dispatcher off) | before (commit ad4a11c of 2026-11-27)",
    );
    expect(month).toContain("| 2,750 (2,475–3,025) | 0.28× | 60 | 400 | 4.60× |");
  });

  test("p99 at half of peak and speed to lead on the whole pipeline of this checkout only", () => {
    const [empty, month] = rowsOf(table, "| whole pipeline: a form's post (dispatcher on) | this checkout");
    expect(empty).toEndWith("| 4.00 | 90 | 40 |");
    expect(month).toEndWith("| 40.0 | 120 | 300 |");
    expect(rowsOf(table, "| pgbench single row").length).toBe(2);
    // No partner cell was measured: no row for it rather than a row of dashes.
    expect(rowsOf(table, "| whole pipeline: a partner's post")).toEqual([]);
  });
});

describe("the goals, judged per fill", () => {
  const goal = (markdown: string, start: string) => rowsOf(markdown, `| ${start}`)[0]!.split(" | ");

  test("met on one fill, not met on the other, each from its own figures", () => {
    const goals = renderGoals({ cells, fills, byFill, busy: [] });
    const speed = goal(goals, "intake (fresh, dispatcher off): req/s");
    expect(speed[1]).toBe("1.20× (12,000 (10,800–13,200) vs 10,000 (9,000–11,000))");
    expect([speed[2], speed[4]]).toEqual(["met", "met |"]);
    const p99 = goal(goals, "p99 at half of peak");
    expect([p99[2], p99[4]]).toEqual(["met", "**not met** |"]);
    const rss = goal(goals, "server RSS under 32 connections");
    expect([rss[1], rss[2], rss[3], rss[4]]).toEqual(["90 MB", "met", "120 MB", "**not met** |"]);
    const latency = goal(goals, "speed to lead");
    expect([latency[2], latency[4]]).toEqual(["met", "**not met** |"]);
    expect(goal(goals, "PGlite")[2]).toBe("not measured");
  });

  test("withheld on a busy machine, and the reason given", () => {
    const goals = renderGoals({
      cells,
      fills: ["empty"],
      byFill,
      busy: ["1 round(s): a verdict needs 3 or more"],
    });
    expect(goals).toStartWith("**Verdicts withheld**: 1 round(s): a verdict needs 3 or more.");
    expect(goal(goals, "intake (fresh, dispatcher off): req/s")[2]).toBe("withheld (busy) |");
  });
});

test("the full table names each row's fill and compares it with the older checkout on the same fill", () => {
  const table = renderTable(cells);
  const month = rowsOf(table, "| PostgreSQL | month | fresh, dispatcher off |")[0]!;
  // × before: 11,000 against 2,750 in each round.
  expect(month).toEndWith("| 1.10× | 0.95× | 4.00× |");
  // Empty rows first, then the month's.
  expect(table.indexOf("| baseline | month |")).toBeGreaterThan(
    table.indexOf("| PostgreSQL | empty | fresh |"),
  );
});

describe("request log on/off", () => {
  // Log on: the dispatcher-off rows above (90 and 95 µs per lead); off: 4 % and 10 % less.
  const withOff = [
    ...cells,
    cell("PostgreSQL", ROW.requestLogOff, "empty", three(12_500, 38, 48.5)),
    cell("PostgreSQL", ROW.requestLogOff, "month", three(12_000, 36, 50)),
  ];
  const table = renderRequestLogCost(withOff, fills, "a month");

  test("the same intake with the log on and off side by side, their ratio round by round, judged per fill", () => {
    expect(rowsOf(table, "| empty")).toEqual([
      "| empty | 12,000 (10,800–13,200) | 12,500 (11,250–13,750) | 0.96× | 40 + 50 | 38 + 49 | 1.04× | within |",
    ]);
    expect(rowsOf(table, "| a month")).toEqual([
      "| a month | 11,000 (9,900–12,100) | 12,000 (10,800–13,200) | 0.92× | 40 + 55 | 36 + 50 | 1.10× | over |",
    ]);
  });

  test("says so when the log-off row was not run", () => {
    expect(renderRequestLogCost(cells, fills, "a month")).toMatch(/^Not measured/);
  });
});
