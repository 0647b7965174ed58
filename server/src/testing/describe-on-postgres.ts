// A suite about PostgreSQL itself (its pooler, timeouts, locks across connections): collected in every tier,
// run where the run has a cluster (not in the quick tier).
import { describe } from "vitest";
import { BACKENDS } from "./backends.ts";

export const describeOnPostgres = describe.skipIf(!BACKENDS.includes("postgres"));
