// Embedded PostgreSQL (PGlite): the default when DATABASE_URL is unset. One backend, queries run one at a time.
import { PGlite } from "@electric-sql/pglite";
import { type Database, DatabaseError, type Row } from "./database.ts";
import { type DirectoryLock, lockDirectory } from "./directory-lock.ts";

function translate(error: unknown): Error {
  const e = error as { code?: unknown; message?: string; constraint?: string };
  if (typeof e?.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
    // A new error without PGlite's `params`/`query` properties: those would carry lead data into logs.
    return new DatabaseError(e.message ?? "database error", e.code, e.constraint);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** @param dir an absolute folder, or "memory" for a throwaway database (no lock needed). */
export async function createPgliteDatabase(dir: string): Promise<Database> {
  const lock: DirectoryLock | undefined = dir === "memory" ? undefined : lockDirectory(dir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir === "memory" ? undefined : dir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const query = async <T = Row>(runner: Pick<PGlite, "query">, text: string, params?: unknown[]) => {
    try {
      return (await runner.query<T>(text, params)).rows;
    } catch (error) {
      throw translate(error);
    }
  };
  const exec = async (runner: Pick<PGlite, "exec">, script: string) => {
    try {
      await runner.exec(script);
    } catch (error) {
      throw translate(error);
    }
  };
  return {
    kind: "pglite",
    query: (text, params) => query(pg, text, params),
    exec: (script) => exec(pg, script),
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({ query: (text, params) => query(tx, text, params), exec: (script) => exec(tx, script) }),
      ),
    async close() {
      try {
        await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
}
