// PGlite databases for tests, started from the run's pristine template instead of running initdb each time.
import { inject } from "vitest";
import type { Database } from "../db/database.ts";
import { createPgliteDatabase } from "../db/pglite-driver.ts";
import { copyPgliteTemplate } from "./pglite-template.ts";

/** A fresh PGlite folder for a server process or the CLI: a copy of the run's template at `dir` (must not exist yet). */
export function newPgliteFolder(dir: string): string {
  copyPgliteTemplate(inject("pgliteTemplate"), dir);
  return dir;
}

/** A test's database holds a few rows: the pool is most of an open's memory and a fifth of its CPU. */
const TEST_SHARED_BUFFERS = "8MB";

/** A throwaway in-memory PGlite, migrated already: started from the run's image. */
export async function createMemoryDatabase(): Promise<Database> {
  return await createPgliteDatabase("memory", {
    image: Bun.file(inject("pgliteTemplate").migratedImage),
    sharedBuffers: TEST_SHARED_BUFFERS,
  });
}
