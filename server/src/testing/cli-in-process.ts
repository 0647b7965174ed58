// The stl tool run in this process on a test's database: what a command prints and its exit code, without the
// half second of CPU a process costs (Bun's start, PGlite's wasm, the open). One test per command family still
// runs the tool as a process (test/harness/stl-cli.ts), which is what proves the entry point and the open.
import { afterAll, beforeAll } from "vitest";
import { runCli } from "../cli/main.ts";
import type { Database } from "../db/database.ts";
import { openTestDatabase } from "./test-database.ts";

export interface CliRun {
  exitCode: number;
  /** The lines printed to stdout, each ended by a newline, as a terminal would show them. */
  stdout: string;
  stderr: string;
}

/**
 * Runs `stl <args>` on `db` with the settings in `env` (STL_LANG, LANG…; nothing from this process's own).
 *
 * @example const { exitCode, stdout } = await runCliOn(db, ["tokens", "list", "--json"]);
 */
async function runCliOn(db: Database, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await runCli(
    args,
    (line) => out.push(`${line}\n`),
    (line) => err.push(`${line}\n`),
    { env, database: db },
  );
  return { exitCode, stdout: out.join(""), stderr: err.join("") };
}

/**
 * Registers beforeAll/afterAll: an in-memory PGlite for the file's tests (after `setUp`), and the tool on it.
 *
 * @example const runCli = useCliInProcess(); it("…", async () => { await runCli(["tokens", "list"]); });
 */
export function useCliInProcess(
  setUp: (db: Database) => Promise<unknown> = async () => {},
): (args: string[], env?: Record<string, string>) => Promise<CliRun> {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await openTestDatabase("pglite");
    await setUp(db);
  });
  afterAll(() => db?.close());
  return (args, env = {}) => {
    if (!db) throw new Error("the database is not open: run the tool inside a test");
    return runCliOn(db, args, env);
  };
}
