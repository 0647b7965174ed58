// The database project's setup file (vitest.config.ts): owners' passwords hashed and checked with argon2id at its
// lowest cost in the test process: sign-ins, invitations and the session cap ran argon2 at 150 ms of CPU each (1.5 ms
// now), the largest share of the quick tier. The production cost is held by password-policy.test.ts, and every
// process and browser test's server hashes at it.
import { lowerPasswordHashCostForTests } from "../core/accounts/password-policy.ts";

lowerPasswordHashCostForTests();
