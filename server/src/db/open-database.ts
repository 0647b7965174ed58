// Picks the driver from the configuration: PostgreSQL when DATABASE_URL is set, PGlite otherwise.
import { createBunSqlDatabase } from "./bun-sql-driver.ts";
import type { Database } from "./database.ts";
import { createPgliteDatabase } from "./pglite-driver.ts";

/** The settings that choose and size the database (config.ts reads them from the environment). */
export interface DatabaseSettings {
  databaseUrl: string | undefined;
  pgliteDir: string;
  databasePoolSize: number;
  databaseTimeoutMs: number;
}

export async function openDatabase(config: DatabaseSettings): Promise<Database> {
  if (config.databaseUrl) {
    const { databasePoolSize: poolSize, databaseTimeoutMs: timeoutMs } = config;
    return createBunSqlDatabase(config.databaseUrl, { poolSize, timeoutMs });
  }
  return await createPgliteDatabase(config.pgliteDir);
}
