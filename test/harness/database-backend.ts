// The two databases every end-to-end suite runs on: embedded PGlite in a temp folder, and a fresh PostgreSQL database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Backend as DatabaseBackend,
  BACKENDS as RUN_BACKENDS,
} from "@speed-to-lead/server/testing/backends";
import { newPgliteFolder } from "@speed-to-lead/server/testing/fresh-pglite";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { inject } from "vitest";
// The names inject() takes here are declared by the global setup that provides them.
import type {} from "./global-setup.ts";
import { createPooledDatabase } from "./pgbouncer.ts";

/** "pooled": PostgreSQL through the run's PgBouncer in transaction mode, LISTEN on the direct URL. */
export type Backend = DatabaseBackend | "pooled";

/** For describe.each: one suite per database of the run ("pooled" is chosen by the suites it concerns). */
export const BACKENDS: readonly Backend[] = RUN_BACKENDS;

export interface BackendDatabase {
  backend: Backend;
  /** DATABASE_URL or PGLITE_DIR, exactly what the server and its CLI read. */
  env: Record<string, string>;
  /** PGlite: only one process may hold the folder, so tokens are created before the server starts. */
  exclusive: boolean;
  /** Drops the database or deletes the folder; call after every process using it has stopped. */
  remove(): Promise<void>;
}

/**
 * An empty database of the given kind. PostgreSQL comes from the cluster the global setup started.
 *
 * @example const database = await createBackendDatabase("pglite"); … database.remove();
 */
export async function createBackendDatabase(backend: Backend): Promise<BackendDatabase> {
  if (backend !== "pglite") {
    const adminUrl = inject("postgresAdminUrl");
    const { direct: url, pooled } =
      backend === "pooled"
        ? await createPooledDatabase(inject("pgbouncerPort"), adminUrl)
        : { direct: await createDatabase(adminUrl, "stl_e2e"), pooled: undefined };
    const env: Record<string, string> = pooled
      ? { DATABASE_URL: pooled, DATABASE_POOLER: "transaction", DATABASE_DIRECT_URL: url }
      : { DATABASE_URL: url };
    const remove = async () => {
      // A DATABASE_URL cluster outlives the run: leave nothing behind in it.
      const admin = new Bun.SQL(adminUrl, { max: 1 });
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    };
    return { backend, env, exclusive: false, remove };
  }
  const dir = mkdtempSync(join(tmpdir(), "stl-e2e-pglite-"));
  return {
    backend,
    env: { PGLITE_DIR: newPgliteFolder(join(dir, "pglite")) },
    exclusive: true,
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
