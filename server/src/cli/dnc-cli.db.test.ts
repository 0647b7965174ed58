// `stl dnc` run in this process on an in-memory database: a CSV import with bad rows, and plain refusals. The
// tool as a process (a number added, listed, removed; the import killed mid-way on PostgreSQL): dnc-cli.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";
import { seedTokensIn } from "../testing/seed-tokens.ts";

const base = mkdtempSync(join(tmpdir(), "stl-dnc-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
/** The tool on a test database with account acme (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess((db) => seedTokensIn(db, { tokens: { integration: "acme" } }));
const env = {};

describe("bun run stl dnc", () => {
  const json = async (args: string[]) => {
    const result = await runCli([...args, "--json"], env);
    return { ...result, body: JSON.parse(result.stdout) };
  };

  it("imports a CSV: reports each bad row by line, keeps the good ones, exits 1", async () => {
    const file = join(base, "numbers.csv");
    writeFileSync(
      file,
      [
        "note,phone",
        "first,(305) 555-0101",
        "not a phone,12",
        '"quoted, with comma",+1 305 555 0102',
        "canada,+1 604 555 0199",
        "no phone,",
        '"open quote,3055550103',
        "",
        "again,305.555.0101",
        "<script>alert(1)</script>,305-555-0104",
      ].join("\r\n"),
    );
    const result = await runCli(["dnc", "import", file, "--account", "acme"], env);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Imported 4 row(s): 3 new number(s) on the list");
    expect(result.stdout).toContain("line 3: refused (phone_invalid)");
    expect(result.stdout).toContain("line 5: refused (phone_not_us)");
    expect(result.stdout).toContain("line 6: refused (phone_missing)");
    expect(result.stdout).toContain("line 7: refused (unbalanced_quotes)");
    // Refusals name the line, never the row's content.
    expect(result.stdout).not.toContain("open quote");
    const listed = await json(["dnc", "list", "--account", "acme"]);
    expect(listed.body.map((row: { phone: string }) => row.phone).sort()).toEqual([
      "+13055550101",
      "+13055550102",
      "+13055550104",
    ]);
  });

  it("refuses an unknown account and a missing file plainly", async () => {
    const unknown = await runCli(["dnc", "add", "3055550101", "--account", "nobody"], env);
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringContaining("No account nobody.")]);
    const missing = await runCli(["dnc", "import", join(base, "absent.csv"), "--account", "acme"], env);
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringContaining("ENOENT")]);
  });
});
