// Pure arithmetic and parsing of the report; no load. Run with `bun run --cwd bench test`.
import { expect, test } from "bun:test";
import { parseWaldumpStats } from "./counts.ts";
import { parseWrkOutput } from "./load.ts";
import { percentile, ratio, summarize } from "./stats.ts";

test("summarize gives the median and the range, ignoring NaN", () => {
  expect(summarize([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, runs: 3 });
  expect(summarize([4, 1, Number.NaN, 2, 3])).toEqual({ median: 2.5, min: 1, max: 4, runs: 4 });
  expect(summarize([]).runs).toBe(0);
});

test("percentile is nearest-rank", () => {
  const sorted = Float64Array.from({ length: 1000 }, (_, index) => index + 1);
  expect(percentile(sorted, 50)).toBe(500);
  expect(percentile(sorted, 99)).toBe(990);
  expect(percentile(sorted, 99.9)).toBe(999);
});

test("ratio is NaN when a side is missing", () => {
  expect(ratio(30, 60)).toBe(0.5);
  expect(ratio(30, Number.NaN)).toBeNaN();
  expect(ratio(30, 0)).toBeNaN();
});

test("parseWrkOutput reads the line wrk/lead.lua prints", () => {
  const line =
    'BENCH_RESULT {"requests":3000,"duration_us":1000000,"bytes":1,"errors":{"connect":0,"read":1,"write":0,"status":5,"timeout":2},' +
    '"latency_us":{"mean":900.5,"p50":800,"p99":2500,"p999":4000,"max":9000},"statuses":[{"status":201,"count":2995},{"status":422,"count":5}],"replayed":7}';
  const result = parseWrkOutput(`Running 1s test\n${line}\n`);
  expect(result.requestsPerSecond).toBe(3000);
  expect(result.latencyMs.p99).toBe(2.5);
  expect(result.socketErrors).toBe(3);
  expect(result.errorResponses).toBe(5);
  expect(result.statuses).toEqual({ 201: 2995, 422: 5 });
  expect(result.replayed).toBe(7);
});

test("parseWaldumpStats counts records by kind, +INIT folded in, and full-page image bytes", () => {
  const { records, fpiBytes } = parseWaldumpStats(
    [
      "Type                                           N      (%)          Record size      (%)             FPI size      (%)        Combined size      (%)",
      "----                                           -      ---          -----------      ---             --------      ---        -------------      ---",
      "Heap/INSERT                                  998 ( 49.90)                71856 ( 40.00)                 8192 ( 50.00)                80048 ( 41.00)",
      "Heap/INSERT+INIT                               2 (  0.10)                  144 (  0.08)                    0 (  0.00)                  144 (  0.07)",
      "Btree/INSERT_LEAF                           1000 ( 50.00)                64000 ( 35.00)                 8192 ( 50.00)                72192 ( 37.00)",
      "                                        --------                      --------                      --------                      --------",
      "Total                                       2000                        136000 [90.00%]              16384 [10.00%]               152384 [100%]",
    ].join("\n"),
  );
  expect(records).toEqual({ "Heap/INSERT": 1000, "Btree/INSERT_LEAF": 1000 });
  expect(fpiBytes).toBe(16384);
});
