// `stl tokens guard|reads` and `stl accounts cooldown` as operators run them: child processes on an embedded database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createChannelToken, REPOSITORY_ROOT, runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, describe, expect, it } from "vitest";
import { newPgliteFolder } from "../testing/fresh-pglite.ts";

const base = mkdtempSync(join(tmpdir(), "stl-guard-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("bun run stl tokens guard, tokens reads, accounts cooldown", () => {
  const env = { PGLITE_DIR: newPgliteFolder(join(base, "data")), LOG_LEVEL: "warn" };

  it("sets an intake-only token's guard (keeping what is not named), a read token's reach, an account's cool-down", async () => {
    const form = await createChannelToken(env, "acme", "Website form", REPOSITORY_ROOT, "intake");
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

    const crm = await createChannelToken(env, "acme", "CRM", REPOSITORY_ROOT, "read");
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
  }, 240_000);
});
