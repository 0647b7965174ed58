// Vitest global setup: one PostgreSQL cluster for the whole run, unless DATABASE_URL points at one already.
import type { TestProject } from "vitest/node";
import { type PostgresCluster, startPostgresCluster } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a PostgreSQL cluster; create a database per suite with createDatabase(). */
    postgresAdminUrl: string;
  }
}

let cluster: PostgresCluster | undefined;

export async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    cluster = await startPostgresCluster({ fsync: false });
    adminUrl = cluster.url;
  }
  project.provide("postgresAdminUrl", adminUrl);
}

export async function teardown() {
  await cluster?.stop();
}
