// The command line: fills and the month's size, --against refused before anything starts when it names no commit.
import { expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPOSITORY_ROOT } from "@speed-to-lead/tests/harness/stl-cli";
import { resolveCommit } from "./against.ts";
import { migrationsHash, pgliteMonth } from "./month-fills.ts";
import { parseOptions } from "./options.ts";

test("both fills by default, the month at 1,000,000 leads and 100,000 listed numbers", () => {
  const options = parseOptions([])!;
  expect(options.fills).toEqual(["empty", "month"]);
  expect(options.month).toEqual({ storedLeads: 1_000_000, listedNumbers: 100_000 });
  expect(options.against).toBeUndefined();
});

test("a smaller month, one fill; an unknown fill refused", () => {
  const options = parseOptions(["--fills", "month", "--stored-leads", "50000", "--listed-numbers", "5000"])!;
  expect(options.fills).toEqual(["month"]);
  expect(options.month).toEqual({ storedLeads: 50_000, listedNumbers: 5_000 });
  expect(() => parseOptions(["--fills", "full"])).toThrow(/unknown "full"/);
});

test("--against takes a commit of this repository, not a made-up one, nor beside --compare-server", () => {
  const head = resolveCommit("HEAD");
  expect(head).toMatch(/^[0-9a-f]{40}$/);
  expect(parseOptions(["--against", "HEAD"])!.against).toBe("HEAD");
  expect(() => parseOptions(["--against", "no-such-ref-anywhere"])).toThrow(/no-such-ref-anywhere/);
  expect(() => parseOptions(["--against", "--upload-pack=x"])).toThrow();
  expect(() => parseOptions(["--against", "HEAD", "--compare-server", REPOSITORY_ROOT])).toThrow(
    /one or the other/,
  );
});

test("PGlite's month is scaled down with its list; checkouts with the same migrations share a template", () => {
  expect(pgliteMonth({ storedLeads: 1_000_000, listedNumbers: 100_000 })).toEqual({
    storedLeads: 50_000,
    listedNumbers: 5_000,
  });
  expect(pgliteMonth({ storedLeads: 20_000, listedNumbers: 7 })).toEqual({
    storedLeads: 20_000,
    listedNumbers: 7,
  });
  const copy = mkdtempSync(join(tmpdir(), "stl-bench-migrations-"));
  try {
    const migrations = join(copy, "server/src/db/migrations");
    cpSync(join(REPOSITORY_ROOT, "server/src/db/migrations"), migrations, { recursive: true });
    expect(migrationsHash(copy)).toBe(migrationsHash(REPOSITORY_ROOT));
    writeFileSync(join(migrations, "9999_later.sql"), "alter table leads add column later text;\n");
    expect(migrationsHash(copy)).not.toBe(migrationsHash(REPOSITORY_ROOT));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
