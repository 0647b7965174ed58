// `stl holds` as operators run it: a child process on its own embedded database (the refusals in process:
// holds-cli.db.test.ts).
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
  const json = async (args: string[]) => {
    const result = await runCli([...args, "--json"], env);
    return { ...result, body: result.exitCode === 0 ? JSON.parse(result.stdout) : undefined };
  };

  it("adds a state's hold with its area codes and who added it, lists it, removes it, and keeps it in --all", async () => {
    const added = await json([
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
    ]);
    expect(added.exitCode).toBe(0);
    expect(added.body).toMatchObject({
      kind: "emergency",
      state: "LA",
      area_codes: ["225", "318", "337", "457", "504", "985"],
      ends_at: "2099-12-01T00:00:00.000Z",
      reason: "declared emergency",
      created_by: "ana",
      removed_at: null,
    });
    const byCodes = await json([
      "holds",
      "add",
      "--area-codes",
      "401, 774",
      "--until",
      "2099-01-01T00:00:00+01:00",
      "--reason",
      "storm",
      "--holiday",
    ]);
    expect(byCodes.body).toMatchObject({
      kind: "holiday",
      state: null,
      area_codes: ["401", "774"],
      ends_at: "2098-12-31T23:00:00.000Z",
    });

    const listed = await json(["holds", "list"]);
    expect(listed.body.map((hold: { id: string }) => hold.id).sort()).toEqual(
      [added.body.id, byCodes.body.id].sort(),
    );

    const removed = await json(["holds", "remove", added.body.id, "--by", "luis"]);
    expect([removed.exitCode, removed.body]).toEqual([0, { id: added.body.id, removed: true }]);
    const again = await runCli(["holds", "remove", added.body.id], env);
    expect([again.exitCode, again.stdout]).toEqual([1, expect.stringContaining("No current hold")]);

    expect((await json(["holds", "list"])).body.map((hold: { id: string }) => hold.id)).toEqual([
      byCodes.body.id,
    ]);
    const all = await json(["holds", "list", "--all"]);
    expect(all.body.find((hold: { id: string }) => hold.id === added.body.id)).toMatchObject({
      removed_by: "luis",
    });
    // Nine CLI runs, each opening the embedded database: minutes on a loaded machine.
  }, 180_000);
});
