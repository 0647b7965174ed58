// `bun run stl` in Spanish and English as a process: its help and usage mistakes without a database, and the
// refusal of an embedded database in use. What each command says in both: cli-in-two-languages.db.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, describe, expect, it } from "vitest";
import { lockDirectory } from "../db/directory-lock.ts";

const base = mkdtempSync(join(tmpdir(), "stl-languages-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const env = { PGLITE_DIR: join(base, "data"), LOG_LEVEL: "warn" };
const spanishLocale = { ...env, LANG: "es_MX.UTF-8" };

describe("bun run stl in two languages", () => {
  it("prints its help and usage mistakes in the chosen language, --lang first, without opening the database", async () => {
    const help = await runCli(["--help", "--lang", "es"], env);
    expect([help.exitCode, help.stdout]).toEqual([0, expect.stringMatching(/^Uso: bun run stl <orden>/)]);
    expect(help.stdout).toContain("una suspensión de emergencia");

    const unknown = await runCli(["frobnicate"], { ...env, STL_LANG: "es" });
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringContaining("Uso: bun run stl")]);

    const missing = await runCli(["tokens", "create", "--account"], spanishLocale);
    expect([missing.exitCode, missing.stderr.split("\n")[0]]).toEqual([2, "--account necesita un valor"]);

    const english = await runCli(["--help", "--lang=en"], { ...env, STL_LANG: "es", LANG: "es_ES.UTF-8" });
    expect(english.stdout).toMatch(/^Usage: bun run stl <command>/);
    const posix = await runCli(["--help"], { ...env, LANG: "C.UTF-8" });
    expect(posix.stdout).toMatch(/^Usage:/);

    const other = await runCli(["--help", "--lang", "fr"], { ...env, STL_LANG: "es" });
    expect([other.exitCode, other.stderr.split("\n")[0]]).toEqual([2, "--lang: en o es"]);
  }, 60_000);

  it("says in Spanish that the embedded database is in use by another process", async () => {
    const dir = join(base, "locked");
    const lock = lockDirectory(dir);
    try {
      const refused = await runCli(["tokens", "list", "--lang", "es"], { ...env, PGLITE_DIR: dir });
      expect([refused.exitCode, refused.stderr.trim()]).toEqual([
        1,
        expect.stringMatching(
          new RegExp(
            `^La base de datos integrada en .*locked está en uso por otro proceso \\(pid ${process.pid}\\)\\.`,
          ),
        ),
      ]);
    } finally {
      lock.release();
    }
  }, 60_000);
});
