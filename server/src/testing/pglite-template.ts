// One pristine PGlite data folder per test run, made by the global setup: initdb (about 2 s of CPU) runs once,
// and every PGlite database a test creates starts from a copy (fresh-pglite.ts).
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "../db/migrate.ts";
import { createPgliteDatabase } from "../db/pglite-driver.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** From test/harness/global-setup.ts: the run's pristine PGlite folder and its image. */
    pgliteTemplate: PgliteTemplate;
  }
}

export interface PgliteTemplate {
  /** A closed data folder, as PGlite leaves it right after initdb: copy it, never open it. */
  folder: string;
  /** The same folder migrated, as PGlite's dumpDataDir tar, for createPgliteDatabase("memory", image). */
  migratedImage: string;
}

/**
 * Runs initdb once under `root`. The folder is not migrated, so a server on a copy still sees a new database
 * (and prints its demo token); the image is, since the tests' own migrate() then finds nothing to do.
 */
export async function createPgliteTemplate(root: string): Promise<PgliteTemplate> {
  mkdirSync(root, { recursive: true });
  const folder = join(root, "pristine");
  await (await PGlite.create(folder)).close();
  const migrated = join(root, "migrated");
  cpSync(folder, migrated, { recursive: true });
  const db = await createPgliteDatabase(migrated);
  await migrate(db);
  await db.close();
  const pg = await PGlite.create(migrated);
  const migratedImage = join(root, "migrated.tar");
  writeFileSync(migratedImage, new Uint8Array(await (await pg.dumpDataDir("none")).arrayBuffer()));
  await pg.close();
  return { folder, migratedImage };
}

/** A writable copy of the template's folder at `dir` (which must not exist yet). */
export function copyPgliteTemplate(template: PgliteTemplate, dir: string): void {
  // cpSync would merge into an existing folder, mixing two databases' files.
  if (existsSync(dir)) throw new Error(`${dir} exists already: a PGlite copy needs a new folder`);
  cpSync(template.folder, dir, { recursive: true });
}
