// Vitest global setup: one PostgreSQL cluster for the whole run (unless DATABASE_URL points at one already), PgBouncer
// in front of it, and the pristine PGlite template, shared by every project that asks for them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QUICK_TIER } from "@speed-to-lead/server/testing/backends";
import { createPgliteTemplate, type PgliteTemplate } from "@speed-to-lead/server/testing/pglite-template";
import { type PostgresCluster, startPostgresCluster } from "@speed-to-lead/server/testing/postgres-cluster";
import type { TestProject } from "vitest/node";
import { findPgbouncer, type PgBouncer, startPgBouncer } from "./pgbouncer.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL cluster; create a database per suite with createDatabase(). */
    postgresAdminUrl: string;
    /** The same cluster through PgBouncer in transaction mode (createPooledDatabase); 0 when not installed. */
    pgbouncerPort: number;
  }
}

/** What the run starts once: vitest calls setup() once per project, each time on a fresh copy of this module. */
interface Services {
  adminUrl: string;
  pgbouncerPort: number;
  pgliteTemplate: PgliteTemplate;
  /** Projects still using them; the last one's teardown stops them. */
  users: number;
  stop(): Promise<void>;
}

// On globalThis, the one object the projects' copies of this module share.
const shared = globalThis as { stlTestServices?: Promise<Services> };

async function startServices(): Promise<Services> {
  if (QUICK_TIER) return await startPgliteOnly();
  let cluster: PostgresCluster | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    cluster = await startPostgresCluster({ fsync: false });
    adminUrl = cluster.url;
  }
  // Without PgBouncer only the tests through it fail (saying so); the rest of the run goes on.
  const pooler: PgBouncer | undefined = findPgbouncer() ? await startPgBouncer(adminUrl) : undefined;
  if (!pooler)
    console.warn(
      "pgbouncer not installed (Debian: apt-get install pgbouncer): the tests through it will fail",
    );
  const templateRoot = mkdtempSync(join(tmpdir(), "stl-pglite-template-"));
  return {
    adminUrl,
    pgbouncerPort: pooler?.port ?? 0,
    pgliteTemplate: await createPgliteTemplate(templateRoot),
    users: 0,
    stop: async () => {
      await pooler?.stop();
      await cluster?.stop();
      rmSync(templateRoot, { recursive: true, force: true });
    },
  };
}

/** The quick tier's services: the PGlite template alone (no cluster: its suites run on PGlite only). */
async function startPgliteOnly(): Promise<Services> {
  const templateRoot = mkdtempSync(join(tmpdir(), "stl-pglite-template-"));
  return {
    adminUrl: "",
    pgbouncerPort: 0,
    pgliteTemplate: await createPgliteTemplate(templateRoot),
    users: 0,
    stop: async () => rmSync(templateRoot, { recursive: true, force: true }),
  };
}

export async function setup(project: TestProject) {
  shared.stlTestServices ??= startServices();
  const services = await shared.stlTestServices;
  services.users += 1;
  project.provide("postgresAdminUrl", services.adminUrl);
  project.provide("pgbouncerPort", services.pgbouncerPort);
  project.provide("pgliteTemplate", services.pgliteTemplate);
  return async () => {
    services.users -= 1;
    if (services.users > 0) return;
    shared.stlTestServices = undefined;
    await services.stop();
  };
}
