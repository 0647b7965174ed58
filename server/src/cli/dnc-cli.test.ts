// `stl dnc` as users run it: a child process on its own embedded database, and on PostgreSQL for the crash case
// (the import and the refusals in process: dnc-cli.db.test.ts; a second add, removals, the history:
// dnc-cli-changes.db.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv } from "@speed-to-lead/tests/harness/child-env";
import { CLI_ENTRY, runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPgliteFolder } from "../testing/fresh-pglite.ts";
import { createPostgresTestDatabase } from "../testing/handoff-fixture.ts";
import { seedToken } from "../testing/seed-tokens.ts";

const base = mkdtempSync(join(tmpdir(), "stl-dnc-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("bun run stl dnc (embedded database)", () => {
  const env = { PGLITE_DIR: newPgliteFolder(join(base, "data")), LOG_LEVEL: "warn" };
  // Set-up in this process; the CLI is what the tests check.
  beforeAll(() => seedToken(env, "acme", "integration"));

  const json = async (args: string[]) => {
    const result = await runCli([...args, "--json"], env);
    return { ...result, body: JSON.parse(result.stdout) };
  };

  it("adds a number in any format and the next process lists it in E.164, with who added it", async () => {
    const added = await json([
      "dnc",
      "add",
      "(415) 555-2671",
      "--account",
      "acme",
      "--by",
      "ana",
      "--note",
      "asked",
    ]);
    expect([added.exitCode, added.body]).toEqual([
      0,
      { phone: "+14155552671", added: true, handoffsCancelled: 0 },
    ]);
    const history = await json(["dnc", "list", "--account", "acme", "--history"]);
    expect(
      history.body.map(({ phone, action, via, actor, note }: Record<string, string>) => ({
        phone,
        action,
        via,
        actor,
        note,
      })),
    ).toEqual([{ phone: "+14155552671", action: "add", via: "cli", actor: "ana", note: "asked" }]);
  });
});

describe("bun run stl dnc import (PostgreSQL)", () => {
  it("adds nothing when the process dies in the middle of the import (one transaction)", async () => {
    const env = { DATABASE_URL: await createPostgresTestDatabase(), LOG_LEVEL: "warn" };
    await seedToken(env, "acme", "integration");
    const file = join(base, "big.csv");
    const rows = ["phone"];
    // Large enough that the import's transaction lasts well past the moment it is seen open.
    for (let exchange = 234; exchange < 254; exchange++) {
      for (let line = 0; line < 10_000; line++)
        rows.push(`(415) ${exchange}-${String(line).padStart(4, "0")}`);
    }
    writeFileSync(file, rows.join("\n"));

    const observer = new Bun.SQL(env.DATABASE_URL, { max: 1 });
    try {
      const child = Bun.spawn(["bun", CLI_ENTRY, "dnc", "import", file, "--account", "acme"], {
        env: childEnv(env),
        stdout: "pipe",
        stderr: "pipe",
      });
      // Wait until the import's transaction is open and writing, then kill the process outright.
      const deadline = Date.now() + 60_000;
      let writing = false;
      while (!writing && Date.now() < deadline) {
        const [row] = await observer`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and xact_start is not null and query ilike '%dnc_%'`;
        writing = row.n > 0;
        if (!writing) await Bun.sleep(20);
      }
      expect(writing).toBe(true);

      child.kill("SIGKILL");
      expect(await child.exited).not.toBe(0);
      // Killed mid-import, not failed on its own: nothing printed, neither the summary nor an error.
      expect(await new Response(child.stdout).text()).toBe("");
      expect(await new Response(child.stderr).text()).toBe("");

      // PostgreSQL rolls the transaction back once the connection is gone.
      const settle = Date.now() + 20_000;
      for (;;) {
        const [open] = await observer`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`;
        if (open.n === 0 || Date.now() > settle) break;
        await Bun.sleep(50);
      }
      const [numbers] = await observer`select count(*)::int as n from dnc_numbers`;
      const [changes] = await observer`select count(*)::int as n from dnc_changes`;
      expect([numbers.n, changes.n]).toEqual([0, 0]);
    } finally {
      await observer.close();
    }
  }, 150_000);
});
