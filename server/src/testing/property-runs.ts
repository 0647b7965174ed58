// How many cases each property runs. `bun run test`: 1,000 per contract property in total across the two
// databases (500 on each, in process) plus a short pass over a real socket; the quick tier: a tenth, on PGlite.
// STL_PROPERTY_RUNS=N sets the total (a release runs 10,000: STL_PROPERTY_RUNS=10000 bun run test).
import fc from "fast-check";
import { it } from "vitest";
import { BACKENDS, QUICK_TIER } from "./backends.ts";

const fromEnv = Number(process.env.STL_PROPERTY_RUNS);
const chosen = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;

/** The quick tier's share of a property's cases; STL_PROPERTY_RUNS, when set, is taken as it is. */
const QUICK_SHARE = 0.1;

/**
 * A property's cases in this run: `full` in `bun run test`, a tenth of it in the quick tier.
 *
 * @example await fc.assert(property, { numRuns: propertyRuns(40) });
 */
export function propertyRuns(full: number): number {
  return QUICK_TIER ? Math.max(1, Math.ceil(full * QUICK_SHARE)) : full;
}

/** A property's cases in total (its rules in one process, or the contract across the run's databases). */
export const PROPERTY_RUNS = chosen ?? propertyRuns(1_000);

/** A contract property's share on each database of the run. */
export const PROPERTY_RUNS_PER_DATABASE = Math.ceil(PROPERTY_RUNS / BACKENDS.length);

/**
 * The pass of the contract over a real socket, once per database: it proves the transport (a server process,
 * its HTTP and its SDK build), while the in-process passes carry the cases.
 */
export const SOCKET_PASS_RUNS = Math.min(PROPERTY_RUNS_PER_DATABASE, 50);

/**
 * A per-test timeout that grows with the number of cases: about 15 ms a request is typical here, and ten
 * times that was seen on two cores shared at a load average of 28.
 */
const propertyTimeout = (runs: number, requestsPerCase: number) => 60_000 + runs * requestsPerCase * 200;

/**
 * One test that checks the property on `runs` cases (an endpoint's propertyRuns; by default this database's
 * share), given time for `requestsPerCase` requests a case. The property is built when the test runs, not
 * when the suite is collected.
 *
 * @example itHoldsForAll("valid leads are created", () => fc.asyncProperty(validLead(), async (lead) => …), 2);
 */
export function itHoldsForAll<Ts>(
  title: string,
  property: () => fc.IAsyncProperty<Ts>,
  requestsPerCase = 1,
  runs = PROPERTY_RUNS_PER_DATABASE,
): void {
  it(
    `${title} (${runs} cases)`,
    async () => {
      await fc.assert(property(), { numRuns: runs });
    },
    propertyTimeout(runs, requestsPerCase),
  );
}
