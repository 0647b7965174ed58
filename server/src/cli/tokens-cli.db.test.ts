// `bun run stl tokens …` run in this process on an in-memory database: scopes, renames, rolls, refusals and
// what it prints of stored text. The tool as a process (usage, a token made once, owners): cli.test.ts.
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";

/** The tool on a test database (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess();
const env = {};

describe("bun run stl tokens", () => {
  it("creates intake-only tokens with --scope intake (stl_pk_), lists the scope, and a roll keeps it", async () => {
    const create = (name: string, scope: string, json: string[] = []) =>
      runCli(["tokens", "create", "--account", "scopes", "--name", name, "--scope", scope, ...json], env);
    const intake = JSON.parse((await create("Form", "intake", ["--json"])).stdout);
    expect(intake).toMatchObject({
      scope: "intake",
      token: expect.stringMatching(/^stl_pk_[A-Za-z0-9_-]{43}$/),
    });
    const human = await create("Site", "intake");
    expect(human.stdout).toContain("intake-only (posts leads; fit for a web page)");
    const site = /stl_pk_[A-Za-z0-9_-]{43}/.exec(human.stdout)![0];

    const rolled = JSON.parse(
      (await runCli(["tokens", "roll", intake.id, "--expires-in", "now", "--json"], env)).stdout,
    );
    expect(rolled).toMatchObject({ scope: "intake", token: expect.stringMatching(/^stl_pk_/) });
    const listed = (await runCli(["tokens", "list", "--account", "scopes"], env)).stdout;
    expect(listed).toContain(`scopes  stl_pk_…${site.slice(-4)}  intake  active`);
    expect(listed).toContain(`${rolled.id}  scopes  stl_pk_…${rolled.token.slice(-4)}  intake  active`);

    const bad = await create("Odd", "write");
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringContaining("--scope: intake")]);
  }, 60_000);

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

  it("renames and rolls tokens with the same rules as the Integrations page", async () => {
    const created = JSON.parse(
      (await runCli(["tokens", "create", "--account", "roll", "--name", "CRM", "--json"], env)).stdout,
    );
    const renamed = await runCli(["tokens", "rename", created.id, "--name", "CRM sync"], env);
    expect([renamed.exitCode, renamed.stdout.trim()]).toEqual([
      0,
      `Renamed channel token ${created.id} to CRM sync.`,
    ]);
    const tooLong = await runCli(["tokens", "rename", created.id, "--name", "x".repeat(101)], env);
    expect([tooLong.exitCode, tooLong.stderr.split("\n")[0]]).toEqual([2, "--name: 1 to 100 characters"]);
    const badExpiry = await runCli(["tokens", "roll", created.id, "--expires-in", "2d"], env);
    expect([badExpiry.exitCode, badExpiry.stderr.split("\n")[0]]).toEqual([
      2,
      "tokens roll needs --expires-in now|1h|24h|7d",
    ]);

    const rolled = await runCli(["tokens", "roll", created.id, "--expires-in", "1h", "--json"], env);
    expect(rolled.exitCode, rolled.stderr).toBe(0);
    const json = JSON.parse(rolled.stdout);
    expect(json).toMatchObject({ name: "CRM sync", rolled_from: created.id });
    expect(json.token).toMatch(/^stl_ch_[A-Za-z0-9_-]{43}$/);
    const hour = Date.parse(json.old_expires_at) - Date.now();
    expect(hour).toBeGreaterThan(3_500_000);
    expect(hour).toBeLessThanOrEqual(3_600_000);

    const listed = (await runCli(["tokens", "list", "--account", "roll"], env)).stdout;
    expect(listed).toContain(
      `${created.id}  roll  stl_ch_…${created.token.slice(-4)}  read  expires ${json.old_expires_at}`,
    );
    expect(listed).toContain(`${json.id}  roll  stl_ch_…${json.token.slice(-4)}  read  active`);

    await runCli(["tokens", "revoke", json.id], env);
    const revoked = await runCli(["tokens", "roll", json.id, "--expires-in", "now"], env);
    expect([revoked.exitCode, revoked.stdout.trim()]).toEqual([
      1,
      `Channel token ${json.id} is revoked or expired.`,
    ]);
    const unknown = await runCli(
      ["tokens", "rename", "01a1fff5-382e-752a-b378-6e4cd8eaf740", "--name", "x"],
      env,
    );
    expect(unknown.exitCode).toBe(1);
  });

  it("never prints a token name's control characters raw", async () => {
    const name = "Form\u001b[2J\u001b]0;owned\u0007\r\nfake line\u009b";
    const created = await runCli(["tokens", "create", "--account", "ctl", "--name", name], env);
    expect(created.exitCode, created.stderr).toBe(0);
    const listed = await runCli(["tokens", "list", "--account", "ctl"], env);
    for (const output of [created.stdout, listed.stdout]) {
      expect(output).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(output).toContain("Form\\u001b[2J\\u001b]0;owned\\u0007\\u000d\\u000afake line\\u009b");
    }
    const json = JSON.parse((await runCli(["tokens", "list", "--account", "ctl", "--json"], env)).stdout);
    expect(json[0].name).toBe(name);
  });
});
