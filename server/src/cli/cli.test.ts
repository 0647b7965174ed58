// The stl command-line tool as users run it, as a child process on its own embedded database: usage, tokens and
// owners (one test per command family; the rest of tokens in process: tokens-cli.db.test.ts).
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

  it("creates a token once, shows it once, and lists it only by hint", async () => {
    const created = await runCli(["tokens", "create", "--account", "acme", "--name", "Web form"], env);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created account acme.");
    const token = /stl_ch_[A-Za-z0-9_-]{43}/.exec(created.stdout)![0];
    const listed = await runCli(["tokens", "list"], env);
    expect(listed.stdout).toContain(`acme  stl_ch_…${token.slice(-4)}  read  active  never used  Web form`);
    expect(listed.stdout).not.toContain(token);

    const second = await runCli(["tokens", "create", "--account", "acme", "--name", "Zapier", "--json"], env);
    const json = JSON.parse(second.stdout);
    expect(json).toMatchObject({ account: "acme", account_created: false, name: "Zapier", scope: "read" });
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

  it("creates owners with a single-use sign-in link, lists and disables them", async () => {
    const created = await runCli(
      ["owners", "create", "--account", "acme", "--email", "Ana@Acme.example"],
      env,
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created owner ana@acme.example of account acme.");
    expect(created.stdout).toMatch(/http:\/\/localhost:3000\/console\/link\/[A-Za-z0-9_-]{43}\n/);
    const publicUrl = await runCli(
      ["owners", "create", "--account", "acme", "--email", "ana@acme.example", "--json"],
      {
        ...env,
        PUBLIC_URL: "https://leads.example.com",
      },
    );
    const json = JSON.parse(publicUrl.stdout);
    expect(json.sign_in_link).toMatch(/^https:\/\/leads\.example\.com\/console\/link\/[A-Za-z0-9_-]{43}$/);
    expect(json.account).toBe("acme");

    const fresh = await runCli(["owners", "link", "--email", "ANA@acme.example"], env);
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    expect(fresh.stdout).toMatch(
      /Sign-in link for ana@acme\.example[^\n]*\n\n {2}http:\/\/localhost:3000\/console\/link\/[A-Za-z0-9_-]{43}\n/,
    );
    expect((await runCli(["owners", "link", "--email", "nobody@acme.example"], env)).exitCode).toBe(1);

    const listed = await runCli(["owners", "list"], env);
    expect(listed.stdout).toContain(`${json.owner_id}  acme  ana@acme.example  no password yet`);
    const disabled = await runCli(["owners", "disable", "ana@acme.example"], env);
    expect(disabled.exitCode).toBe(0);
    // Removed from the account, not disabled as a person: no longer listed there.
    expect((await runCli(["owners", "list", "--account", "acme"], env)).stdout).not.toContain(
      "ana@acme.example",
    );
    const badEmail = await runCli(["owners", "create", "--account", "acme", "--email", "not-an-email"], env);
    expect([badEmail.exitCode, badEmail.stderr.split("\n")[0]]).toEqual([
      2,
      "--email: an email address such as ana@example.com",
    ]);
    expect((await runCli(["owners", "disable", "nobody@acme.example"], env)).exitCode).toBe(1);
    // A person of no account gets no link.
    expect((await runCli(["owners", "link", "--email", "ana@acme.example"], env)).exitCode).toBe(1);
  });
});
