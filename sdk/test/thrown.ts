// The error a call throws, for tests that inspect it; a call that does not throw fails the test.

/** Runs `run` and returns what it threw. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}
