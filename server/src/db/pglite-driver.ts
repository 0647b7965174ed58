// Embedded PostgreSQL (PGlite): the default when DATABASE_URL is unset. One backend, queries run one at a time.
/// <reference path="../file-imports.d.ts" />
import { PGlite } from "@electric-sql/pglite";
// Imported as files so `bun build --compile` embeds them; PGlite would look them up by path otherwise.
import initdbWasm from "@electric-sql/pglite/initdb.wasm" with { type: "file" };
import pgliteData from "@electric-sql/pglite/pglite.data" with { type: "file" };
import pgliteWasm from "@electric-sql/pglite/pglite.wasm" with { type: "file" };
import { type Database, DatabaseError, DatabaseUnavailableError, type Row } from "./database.ts";
import { type DirectoryLock, lockDirectory } from "./directory-lock.ts";

function translate(error: unknown, closed: boolean): Error {
  if (closed) return new DatabaseUnavailableError("the embedded database is closed");
  const e = error as { code?: unknown; message?: string };
  if (typeof e?.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
    // A new error without PGlite's `params`/`query` properties: those would carry lead data into logs.
    return new DatabaseError(e.message ?? "database error", e.code);
  }
  return error instanceof Error ? error : new Error(String(error));
}

const compile = async (path: string) => await WebAssembly.compile(await Bun.file(path).arrayBuffer());

/** PGlite's engine, its initdb and its file-system bundle, from wherever they were imported (node_modules or the executable). */
async function loadPgliteFiles() {
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile(pgliteWasm), compile(initdbWasm)]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: Bun.file(pgliteData) };
}

/**
 * Compiled once per process: a compiled module is instantiated anew by every open. A test process opens hundreds
 * of databases, and compiling was 200 of an open's 600 ms of CPU.
 */
let files: ReturnType<typeof loadPgliteFiles> | undefined;
const pgliteFiles = () => {
  files ??= loadPgliteFiles().catch((error) => {
    files = undefined;
    throw error;
  });
  return files;
};

export interface PgliteOptions {
  /**
   * A data folder as PGlite's dumpDataDir writes it, to start a memory database from instead of running
   * initdb (about 2 s of CPU): the tests make one per run.
   */
  image?: Blob;
  /**
   * PostgreSQL's shared_buffers for this open ("16MB"); the folder's own setting (128MB from initdb) otherwise.
   * Setting up the pool is a fifth of an open's CPU and most of its memory: a process that runs one command
   * and exits, or a test's few rows, needs little of it (an `stl` command 0.74 → 0.59 s of CPU, 276 → 156 MB).
   */
  sharedBuffers?: string;
}

/** PGlite's own start arguments (single-user mode, fsync off, …), which a start with arguments must repeat. */
const DEFAULT_START_PARAMS = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

/** @param dir an absolute folder, or "memory" for a throwaway database (no lock needed). */
export async function createPgliteDatabase(dir: string, options: PgliteOptions = {}): Promise<Database> {
  const lock: DirectoryLock | undefined = dir === "memory" ? undefined : lockDirectory(dir);
  let pg: PGlite;
  try {
    const files = await pgliteFiles();
    // startParams is PGlite's (0.5) option for the server's arguments, missing from its typings.
    const startParams = options.sharedBuffers
      ? { startParams: [...DEFAULT_START_PARAMS, "-c", `shared_buffers=${options.sharedBuffers}`] }
      : {};
    pg = await PGlite.create(dir === "memory" ? undefined : dir, {
      ...files,
      ...startParams,
      ...(options.image ? { loadDataDir: options.image } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const query = async <T = Row>(runner: Pick<PGlite, "query">, text: string, params?: unknown[]) => {
    try {
      return (await runner.query<T>(text, params)).rows;
    } catch (error) {
      throw translate(error, pg.closed);
    }
  };
  const exec = async (runner: Pick<PGlite, "exec">, script: string) => {
    try {
      await runner.exec(script);
    } catch (error) {
      throw translate(error, pg.closed);
    }
  };
  return {
    kind: "pglite",
    connections: 1,
    query: (text, params) => query(pg, text, params),
    exec: (script) => exec(pg, script),
    async transaction(fn) {
      try {
        return await pg.transaction((tx) =>
          fn({ query: (text, params) => query(tx, text, params), exec: (script) => exec(tx, script) }),
        );
      } catch (error) {
        if (error instanceof DatabaseError || error instanceof DatabaseUnavailableError) throw error;
        throw pg.closed ? translate(error, true) : error;
      }
    },
    async close() {
      try {
        if (!pg.closed) await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
}
