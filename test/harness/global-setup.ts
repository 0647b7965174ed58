// Vitest global setup: one PostgreSQL cluster for the whole run (unless DATABASE_URL points at one already), and PgBouncer in front of it.
import type { TestProject } from "vitest/node";
import { findPgbouncer, type PgBouncer, startPgBouncer } from "./pgbouncer.ts";
import { type PostgresCluster, startPostgresCluster } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL cluster; create a database per suite with createDatabase(). */
    postgresAdminUrl: string;
    /** The same cluster through PgBouncer in transaction mode (createPooledDatabase); 0 when not installed. */
    pgbouncerPort: number;
  }
}

let cluster: PostgresCluster | undefined;
let pooler: PgBouncer | undefined;

export async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    cluster = await startPostgresCluster({ fsync: false });
    adminUrl = cluster.url;
  }
  project.provide("postgresAdminUrl", adminUrl);
  // Without PgBouncer only the tests through it fail (saying so); the rest of the run goes on.
  if (findPgbouncer()) pooler = await startPgBouncer(adminUrl);
  else
    console.warn(
      "pgbouncer not installed (Debian: apt-get install pgbouncer): the tests through it will fail",
    );
  project.provide("pgbouncerPort", pooler?.port ?? 0);
}

export async function teardown() {
  await pooler?.stop();
  await cluster?.stop();
}
