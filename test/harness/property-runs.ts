// How many cases each property runs: 1,000 by default (the CI floor); STL_PROPERTY_RUNS changes it locally.
import fc from "fast-check";
import { it } from "vitest";

const fromEnv = Number(process.env.STL_PROPERTY_RUNS);

export const PROPERTY_RUNS = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1_000;

/** A per-test timeout that grows with the number of cases (about 15 ms a case is typical here). */
const propertyTimeout = (requestsPerCase = 1) => 30_000 + PROPERTY_RUNS * requestsPerCase * 60;

/**
 * One test that checks the property on PROPERTY_RUNS cases, given time for `requestsPerCase` requests a case.
 * The property is built when the test runs, not when the suite is collected.
 *
 * @example itHoldsForAll("valid leads are created", () => fc.asyncProperty(validLead(), async (lead) => …), 2);
 */
export function itHoldsForAll<Ts>(
  title: string,
  property: () => fc.IAsyncProperty<Ts>,
  requestsPerCase = 1,
): void {
  it(
    title,
    async () => {
      await fc.assert(property(), { numRuns: PROPERTY_RUNS });
    },
    propertyTimeout(requestsPerCase),
  );
}
