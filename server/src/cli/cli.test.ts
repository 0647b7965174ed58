// The stl command-line tool as users run it, as a child process on its own embedded database: usage, tokens and
// owners, each made by one process and listed by the next (one test per command family; the rest in process:
// tokens-cli.db.test.ts, tokens-owners-cli.db.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, describe, expect, it } from "vitest";
import { newPgliteFolder } from "../testing/fresh-pglite.ts";

const base = mkdtempSync(join(tmpdir(), "stl-cli-"));
const env = { PGLITE_DIR: newPgliteFolder(join(base, "data")) };
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("bun run stl", () => {
  it("prints usage and exits 2 on an unknown command or a missing option, without opening the database", async () => {
    const unknown = await runCli(["frobnicate"], env);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("Usage: bun run stl");
    const help = await runCli(["--help"], env);
    expect([help.exitCode, help.stdout.includes("tokens create")]).toEqual([0, true]);
  });

  it("creates a token once, shows it once, and the next process lists it only by hint", async () => {
    const created = await runCli(["tokens", "create", "--account", "acme", "--name", "Web form"], env);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created account acme.");
    const token = /stl_ch_[A-Za-z0-9_-]{43}/.exec(created.stdout)![0];
    const listed = await runCli(["tokens", "list"], env);
    expect(listed.stdout).toContain(`acme  stl_ch_…${token.slice(-4)}  read  active  never used  Web form`);
    expect(listed.stdout).not.toContain(token);
  });

  it("creates an owner with a single-use sign-in link, and the next process lists the owner", async () => {
    const created = await runCli(
      ["owners", "create", "--account", "acme", "--email", "Ana@Acme.example"],
      env,
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created owner ana@acme.example of account acme.");
    expect(created.stdout).toMatch(/http:\/\/localhost:3000\/console\/link\/[A-Za-z0-9_-]{43}\n/);
    const listed = await runCli(["owners", "list"], env);
    expect(listed.stdout).toMatch(/ acme {2}ana@acme\.example {2}no password yet/);
  });
});
