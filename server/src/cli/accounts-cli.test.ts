// `stl accounts evidence` as operators run it: a child process on its own embedded database (the family's process
// test; `stl accounts locations` in process: accounts-cli.db.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, describe, expect, it } from "vitest";
import { newPgliteFolder } from "../testing/fresh-pglite.ts";
import { seedToken } from "../testing/seed-tokens.ts";

const base = mkdtempSync(join(tmpdir(), "stl-accounts-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("bun run stl accounts evidence (embedded database)", () => {
  const env = { PGLITE_DIR: newPgliteFolder(join(base, "data")), LOG_LEVEL: "warn" };

  it("sets an account's evidence requirement, refuses an unknown value or account", async () => {
    await seedToken(env, "acme", "integration");
    const set = await runCli(["accounts", "evidence", "acme", "--require", "either", "--json"], env);
    expect([set.exitCode, JSON.parse(set.stdout)]).toEqual([
      0,
      { account: "acme", require_consent_evidence: "either" },
    ]);
    const bad = await runCli(["accounts", "evidence", "acme", "--require", "sometimes"], env);
    expect([bad.exitCode, bad.stderr]).toEqual([
      2,
      expect.stringContaining("none|trustedform|leadid|either"),
    ]);
    const unknown = await runCli(["accounts", "evidence", "nobody", "--require", "none"], env);
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringContaining("No account nobody")]);
  }, 180_000);
});
