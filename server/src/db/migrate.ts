// Applies the numbered plain-SQL files in ./migrations that the database has not seen, in order.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

/** From source, beside this file; in the single executable, the folder it embeds under the same name (server/build-binary.ts). */
const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
/** Any constant: serialises migrations of processes that start together on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_294_001;

export interface Migration {
  version: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ""), sql: readFileSync(join(dir, name), "utf8") }));
}

export interface MigrationResult {
  /** Versions applied by this call. */
  applied: string[];
  /** True when the database had no migration before this call: a new database. */
  fresh: boolean;
}

/** @example const { applied, fresh } = await migrate(db); */
export async function migrate(db: Database, migrations = loadMigrations()): Promise<MigrationResult> {
  return await db.transaction(async (tx) => {
    // Migrations may wait on each other (or on a long query) for as long as it takes.
    await tx.exec("set local lock_timeout = 0");
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await tx.exec(
      "create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())",
    );
    const rows = await tx.query<{ version: string }>("select version from schema_migrations");
    const done = new Set(rows.map((row) => row.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query("insert into schema_migrations (version) values ($1)", [migration.version]);
      applied.push(migration.version);
    }
    return { applied, fresh: done.size === 0 };
  });
}
