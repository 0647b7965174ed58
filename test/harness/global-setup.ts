// Vitest global setup: one PostgreSQL cluster for the whole run (unless DATABASE_URL points at one already), and PgBouncer in front of it.
import type { TestProject } from "vitest/node";
import { type PgBouncer, startPgBouncer } from "./pgbouncer.ts";
import { type PostgresCluster, startPostgresCluster } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL cluster; create a database per suite with createDatabase(). */
    postgresAdminUrl: string;
    /** The same cluster through PgBouncer in transaction mode: PgBouncer.pooled(url) of a database URL. */
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
  pooler = await startPgBouncer(adminUrl);
  project.provide("pgbouncerPort", pooler.port);
}

export async function teardown() {
  await pooler?.stop();
  await cluster?.stop();
}
