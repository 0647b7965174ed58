// Picks the driver from the configuration: PostgreSQL when DATABASE_URL is set, PGlite otherwise.
import { createBunSqlDatabase } from "./bun-sql-driver.ts";
import type { PoolerMode } from "./connection-check.ts";
import type { Database } from "./database.ts";

/** The settings that choose and size the database (config.ts reads them from the environment). */
export interface DatabaseSettings {
  databaseUrl: string | undefined;
  databasePooler: PoolerMode;
  pgliteDir: string;
  databasePoolSize: number;
  databaseTimeoutMs: number;
}

/**
 * How the process uses the database: "server" keeps running; "command" runs one command and exits (the CLI,
 * a test's set-up), so an embedded database opens with a small buffer pool.
 */
export type DatabaseUse = "server" | "command";

/** A command's few statements fit in 16 MB of PGlite's buffer pool (pglite-driver.ts says what it saves). */
const COMMAND_SHARED_BUFFERS = "16MB";

export async function openDatabase(config: DatabaseSettings, use: DatabaseUse = "server"): Promise<Database> {
  if (config.databaseUrl) {
    const { databasePoolSize: poolSize, databaseTimeoutMs: timeoutMs, databasePooler: pooler } = config;
    return createBunSqlDatabase(config.databaseUrl, { poolSize, timeoutMs, pooler });
  }
  // PGlite's module is loaded only by a process that uses it: on PostgreSQL it is memory for nothing.
  const { createPgliteDatabase } = await import("./pglite-driver.ts");
  return await createPgliteDatabase(
    config.pgliteDir,
    use === "command" ? { sharedBuffers: COMMAND_SHARED_BUFFERS } : {},
  );
}
