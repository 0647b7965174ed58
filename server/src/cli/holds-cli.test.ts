// `stl holds` as operators run it: a child process on its own embedded database, a hold added by one process and
// listed by the next (the rest of the family in process: holds-cli-changes.db.test.ts, holds-cli.db.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, describe, expect, it } from "vitest";
import { newPgliteFolder } from "../testing/fresh-pglite.ts";

const base = mkdtempSync(join(tmpdir(), "stl-holds-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("bun run stl holds (embedded database)", () => {
  const env = { PGLITE_DIR: newPgliteFolder(join(base, "data")), LOG_LEVEL: "warn" };

  it("adds a state's hold with its area codes and who added it, and the next process lists it", async () => {
    const added = await runCli(
      [
        "holds",
        "add",
        "--state",
        "LA",
        "--until",
        "2099-12-01T00:00:00Z",
        "--reason",
        "declared emergency",
        "--by",
        "ana",
        "--json",
      ],
      env,
    );
    expect([added.exitCode, added.stderr]).toEqual([0, ""]);
    const hold = JSON.parse(added.stdout);
    expect(hold).toMatchObject({
      kind: "emergency",
      state: "LA",
      area_codes: ["225", "318", "337", "457", "504", "985"],
      ends_at: "2099-12-01T00:00:00.000Z",
      reason: "declared emergency",
      created_by: "ana",
      removed_at: null,
    });
    const listed = await runCli(["holds", "list"], env);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toContain(hold.id);
  }, 180_000);
});
