// `stl tokens guard|reads` and `stl accounts cooldown`, run in this process on an in-memory database: what each
// sets and refuses. The tool as a process (one test per command family): cli.test.ts, accounts-cli.test.ts.
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";

/** The tool on a test database (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess();
const env = {};

/** `stl tokens create … --json` on the test database: the new token's id. */
async function createToken(name: string, scope: "intake" | "read") {
  const created = await runCli(
    ["tokens", "create", "--account", "acme", "--name", name, "--scope", scope, "--json"],
    env,
  );
  expect(created.exitCode, created.stderr).toBe(0);
  return JSON.parse(created.stdout) as { id: string };
}

describe("bun run stl tokens guard, tokens reads, accounts cooldown", () => {
  it("sets an intake-only token's guard (keeping what is not named), a read token's reach, an account's cool-down", async () => {
    const form = await createToken("Website form", "intake");
    const set = await runCli(
      ["tokens", "guard", form.id, "--bot-check", "on", "--origins", "https://Forms.example.com", "--json"],
      env,
    );
    expect([set.exitCode, JSON.parse(set.stdout)]).toEqual([
      0,
      {
        id: form.id,
        scope: "intake",
        reads_all_channels: false,
        bot_check_required: true,
        honeypot_field: null,
        allowed_origins: ["https://forms.example.com"],
      },
    ]);
    const honeypot = await runCli(["tokens", "guard", form.id, "--honeypot", "website", "--lang", "en"], env);
    expect([honeypot.exitCode, honeypot.stdout]).toEqual([
      0,
      expect.stringContaining("Allowed origins: https://forms.example.com"),
    ]);
    expect(honeypot.stdout).toContain("Honeypot field: website");
    expect(honeypot.stdout).toContain("requires a bot check");
    const badOrigin = await runCli(["tokens", "guard", form.id, "--origins", "https://x.example/path"], env);
    expect([badOrigin.exitCode, badOrigin.stderr]).toEqual([2, expect.stringContaining("--origins")]);

    const crm = await createToken("CRM", "read");
    const guardRead = await runCli(["tokens", "guard", crm.id, "--bot-check", "on"], env);
    expect([guardRead.exitCode, guardRead.stderr]).toEqual([2, expect.stringContaining("intake-only")]);
    const reads = await runCli(["tokens", "reads", crm.id, "--all-channels", "on", "--json"], env);
    expect([reads.exitCode, JSON.parse(reads.stdout).reads_all_channels]).toEqual([0, true]);

    const cooldown = await runCli(["accounts", "cooldown", "acme", "--hours", "6", "--json"], env);
    expect([cooldown.exitCode, JSON.parse(cooldown.stdout)]).toEqual([
      0,
      { account: "acme", call_cooldown_hours: 6 },
    ]);
    const tooLong = await runCli(["accounts", "cooldown", "acme", "--hours", "500"], env);
    expect(tooLong.exitCode).toBe(2);
  }, 60_000);
});
