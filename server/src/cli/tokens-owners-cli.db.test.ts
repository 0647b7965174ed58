// `stl tokens create|revoke|list --json` and `stl owners create|link|list|disable` run in this process on an
// in-memory database. The tool as a process (usage, a token and an owner made by one process, listed by the
// next): cli.test.ts.
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";

/** The tool on a test database (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess();

describe("bun run stl tokens and owners", () => {
  it("creates a token as JSON for an account it made before, revokes it, and lists both", async () => {
    await runCli(["tokens", "create", "--account", "acme", "--name", "Web form"]);
    const second = await runCli(["tokens", "create", "--account", "acme", "--name", "Zapier", "--json"]);
    const json = JSON.parse(second.stdout);
    expect(json).toMatchObject({ account: "acme", account_created: false, name: "Zapier", scope: "read" });
    expect(json.token).toMatch(/^stl_ch_/);

    const revoked = await runCli(["tokens", "revoke", json.id]);
    expect([revoked.exitCode, revoked.stdout]).toEqual([
      0,
      expect.stringContaining(`Revoked channel token ${json.id}`),
    ]);
    const after = JSON.parse((await runCli(["tokens", "list", "--json"])).stdout);
    expect(
      after.map((t: { name: string; revoked_at: string | null }) => [t.name, t.revoked_at !== null]),
    ).toEqual([
      ["Web form", false],
      ["Zapier", true],
    ]);
  });

  it("creates owners with a link on PUBLIC_URL, gives a fresh link, lists and disables them", async () => {
    await runCli(["owners", "create", "--account", "acme", "--email", "Ana@Acme.example"]);
    const publicUrl = await runCli(
      ["owners", "create", "--account", "acme", "--email", "ana@acme.example", "--json"],
      { PUBLIC_URL: "https://leads.example.com" },
    );
    const json = JSON.parse(publicUrl.stdout);
    expect(json.sign_in_link).toMatch(/^https:\/\/leads\.example\.com\/console\/link\/[A-Za-z0-9_-]{43}$/);
    expect(json.account).toBe("acme");

    const fresh = await runCli(["owners", "link", "--email", "ANA@acme.example"]);
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    expect(fresh.stdout).toMatch(
      /Sign-in link for ana@acme\.example[^\n]*\n\n {2}http:\/\/localhost:3000\/console\/link\/[A-Za-z0-9_-]{43}\n/,
    );
    expect((await runCli(["owners", "link", "--email", "nobody@acme.example"])).exitCode).toBe(1);

    const listed = await runCli(["owners", "list"]);
    expect(listed.stdout).toContain(`${json.owner_id}  acme  ana@acme.example  no password yet`);
    const disabled = await runCli(["owners", "disable", "ana@acme.example"]);
    expect(disabled.exitCode).toBe(0);
    // Removed from the account, not disabled as a person: no longer listed there.
    expect((await runCli(["owners", "list", "--account", "acme"])).stdout).not.toContain("ana@acme.example");
    const badEmail = await runCli(["owners", "create", "--account", "acme", "--email", "not-an-email"]);
    expect([badEmail.exitCode, badEmail.stderr.split("\n")[0]]).toEqual([
      2,
      "--email: an email address such as ana@example.com",
    ]);
    expect((await runCli(["owners", "disable", "nobody@acme.example"])).exitCode).toBe(1);
    // A person of no account gets no link.
    expect((await runCli(["owners", "link", "--email", "ana@acme.example"])).exitCode).toBe(1);
  });
});
