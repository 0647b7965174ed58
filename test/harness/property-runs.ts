// How many cases each property runs: 1,000 by default (the CI floor); STL_PROPERTY_RUNS changes it locally.
const fromEnv = Number(process.env.STL_PROPERTY_RUNS);

export const PROPERTY_RUNS = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1_000;

/** A per-test timeout that grows with the number of cases (about 15 ms a case is typical here). */
export const propertyTimeout = (requestsPerCase = 1) => 30_000 + PROPERTY_RUNS * requestsPerCase * 60;
