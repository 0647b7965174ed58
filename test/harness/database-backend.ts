// The two databases every end-to-end suite runs on: embedded PGlite in a temp folder, and a fresh PostgreSQL database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { createDatabase } from "./postgres.ts";

export type Backend = "pglite" | "postgres";

/** For describe.each: one suite per backend, the same tests on both. */
export const BACKENDS: Backend[] = ["pglite", "postgres"];

export interface BackendDatabase {
  backend: Backend;
  /** DATABASE_URL or PGLITE_DIR, exactly what the server and its CLI read. */
  env: Record<string, string>;
  /** PGlite: only one process may hold the folder, so tokens are created before the server starts. */
  exclusive: boolean;
  remove(): void;
}

/**
 * An empty database of the given kind. PostgreSQL comes from the cluster the global setup started.
 *
 * @example const database = await createBackendDatabase("pglite"); … database.remove();
 */
export async function createBackendDatabase(backend: Backend): Promise<BackendDatabase> {
  if (backend === "postgres") {
    const url = await createDatabase(inject("postgresAdminUrl"), "stl_e2e");
    return { backend, env: { DATABASE_URL: url }, exclusive: false, remove() {} };
  }
  const dir = mkdtempSync(join(tmpdir(), "stl-e2e-pglite-"));
  return {
    backend,
    env: { PGLITE_DIR: join(dir, "pglite") },
    exclusive: true,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
