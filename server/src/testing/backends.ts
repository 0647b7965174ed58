// The databases a test run covers: both in `bun run test`, the embedded one alone in `bun run test:quick`.
// No vitest import here: the global setup reads this module, and vitest's test API exists only in its workers.

/** Every database the server runs on. */
export const ALL_BACKENDS = ["pglite", "postgres"] as const;
export type Backend = (typeof ALL_BACKENDS)[number];

/**
 * The quick tier (`STL_TEST_TIER=quick`, set by `bun run test:quick` and `test:changed`): no PostgreSQL cluster
 * is started, so a suite that holds on both databases runs on PGlite alone and PostgreSQL-only suites wait
 * for `bun run test`.
 */
export const QUICK_TIER = process.env.STL_TEST_TIER === "quick";

/** For describe.each: the same tests on each database of this run. */
export const BACKENDS: readonly Backend[] = QUICK_TIER ? ["pglite"] : ALL_BACKENDS;
