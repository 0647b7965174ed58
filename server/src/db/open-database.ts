// Picks the driver from the configuration: PostgreSQL when DATABASE_URL is set, PGlite otherwise.
import type { ServerConfig } from "../config.ts";
import { createBunSqlDatabase } from "./bun-sql-driver.ts";
import type { Database } from "./database.ts";
import { createPgliteDatabase } from "./pglite-driver.ts";

export async function openDatabase(
  config: Pick<
    ServerConfig,
    "databaseUrl" | "databasePooler" | "pgliteDir" | "databasePoolSize" | "databaseTimeoutMs"
  >,
): Promise<Database> {
  if (config.databaseUrl) {
    const { databasePoolSize: poolSize, databaseTimeoutMs: timeoutMs, databasePooler: pooler } = config;
    return createBunSqlDatabase(config.databaseUrl, { poolSize, timeoutMs, pooler });
  }
  return await createPgliteDatabase(config.pgliteDir);
}
