// A suite or a test about PostgreSQL itself (its pooler, timeouts, locks across connections), or one whose scale
// only PostgreSQL carries in time (20,000 requests): collected in every tier, run where the run has a cluster
// (not in the quick tier).
import { describe, it } from "vitest";
import { BACKENDS } from "./backends.ts";

const noCluster = !BACKENDS.includes("postgres");

export const describeOnPostgres = describe.skipIf(noCluster);
export const itOnPostgres = it.skipIf(noCluster);
