// The stl command-line tool as users run it, as a child process on its own embedded database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../testing/server-process.ts";

const base = mkdtempSync(join(tmpdir(), "stl-cli-"));
const env = { PGLITE_DIR: join(base, "data") };
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("bun run stl", () => {
  it("prints usage and exits 2 on an unknown command or a missing option, without opening the database", async () => {
    const unknown = await runCli(["frobnicate"], env);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("Usage: bun run stl");
    const help = await runCli(["--help"], env);
    expect([help.exitCode, help.stdout.includes("tokens create")]).toEqual([0, true]);
  });

  it("creates a token once, shows it once, and lists it only by hint", async () => {
    const created = await runCli(["tokens", "create", "--account", "acme", "--name", "Web form"], env);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created account acme.");
    const token = /stl_ch_[A-Za-z0-9_-]{43}/.exec(created.stdout)![0];
    const listed = await runCli(["tokens", "list"], env);
    expect(listed.stdout).toContain(`acme  …${token.slice(-4)}  active  never used  Web form`);
    expect(listed.stdout).not.toContain(token);

    const second = await runCli(["tokens", "create", "--account", "acme", "--name", "Zapier", "--json"], env);
    const json = JSON.parse(second.stdout);
    expect(json).toMatchObject({ account: "acme", account_created: false, name: "Zapier" });
    expect(json.token).toMatch(/^stl_ch_/);

    const revoked = await runCli(["tokens", "revoke", json.id], env);
    expect([revoked.exitCode, revoked.stdout]).toEqual([
      0,
      expect.stringContaining(`Revoked channel token ${json.id}`),
    ]);
    const after = JSON.parse((await runCli(["tokens", "list", "--json"], env)).stdout);
    expect(
      after.map((t: { name: string; revoked_at: string | null }) => [t.name, t.revoked_at !== null]),
    ).toEqual([
      ["Web form", false],
      ["Zapier", true],
    ]);
  });

  it("refuses bad input with a plain message", async () => {
    const badSlug = await runCli(["tokens", "create", "--account", "Not A Slug", "--name", "x"], env);
    expect(badSlug.exitCode).toBe(2);
    expect(badSlug.stderr).toContain("--account");
    const missing = await runCli(["tokens", "revoke", "01a1fff5-382e-752a-b378-6e4cd8eaf740"], env);
    expect([missing.exitCode, missing.stdout.trim()]).toEqual([
      1,
      "No channel token with id 01a1fff5-382e-752a-b378-6e4cd8eaf740.",
    ]);
    const migrate = await runCli(["migrate"], env);
    expect([migrate.exitCode, migrate.stdout.trim()]).toEqual([0, "Nothing to apply: up to date."]);
  });
});
