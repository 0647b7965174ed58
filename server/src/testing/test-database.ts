// A fresh, migrated database of a chosen kind for a test that talks to it in this process.
import { createBunSqlDatabase } from "../db/bun-sql-driver.ts";
import type { Database } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { BACKENDS, type Backend } from "./backends.ts";
import { createMemoryDatabase } from "./fresh-pglite.ts";
import { createPostgresTestDatabase } from "./handoff-fixture.ts";

/**
 * Where the driver does not matter: PostgreSQL when the run has a cluster (a new database there is quicker to
 * set up than PGlite), PGlite in the quick tier.
 */
export const ANY_BACKEND: Backend = BACKENDS.includes("postgres") ? "postgres" : "pglite";

/**
 * An in-memory PGlite (from the run's migrated image) or a new database in the run's PostgreSQL cluster.
 *
 * @example const db = await openTestDatabase(ANY_BACKEND); … await db.close();
 */
export async function openTestDatabase(backend: Backend, poolSize = 2): Promise<Database> {
  if (backend === "pglite") return await createMemoryDatabase();
  const db = createBunSqlDatabase(await createPostgresTestDatabase(), { poolSize });
  await migrate(db);
  return db;
}
