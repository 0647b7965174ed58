// The ConsentError consentBlock() throws for an input, for the tests that check its refusals.
import { ConsentError } from "../src/index";

/** Runs `run`, which must throw a ConsentError, and returns it; anything else fails the test. */
export function refusal(run: () => unknown): ConsentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConsentError) return error;
    throw error;
  }
  throw new Error("consentBlock did not throw");
}
