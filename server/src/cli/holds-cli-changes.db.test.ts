// `stl holds` run in this process on an in-memory database: a hold by area codes, removal with who removed it, a
// second removal refused, and --all keeping the removed. The tool as a process (a hold added, then listed by the
// next process): holds-cli.test.ts.
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";

/** The tool on a test database (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess();

const json = async (args: string[]) => {
  const result = await runCli([...args, "--json"]);
  return { ...result, body: result.exitCode === 0 ? JSON.parse(result.stdout) : undefined };
};

describe("bun run stl holds add|list|remove", () => {
  it("adds a holiday hold by area codes, removes a hold once with who removed it, and keeps it in --all", async () => {
    const byState = await json([
      "holds",
      "add",
      "--state",
      "RI",
      "--until",
      "2099-06-01T12:00:00Z",
      "--reason",
      "flooding",
    ]);
    expect(byState.exitCode).toBe(0);
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
      [byState.body.id, byCodes.body.id].sort(),
    );

    const removed = await json(["holds", "remove", byState.body.id, "--by", "luis"]);
    expect([removed.exitCode, removed.body]).toEqual([0, { id: byState.body.id, removed: true }]);
    const again = await runCli(["holds", "remove", byState.body.id]);
    expect([again.exitCode, again.stdout]).toEqual([1, expect.stringContaining("No current hold")]);

    expect((await json(["holds", "list"])).body.map((hold: { id: string }) => hold.id)).toEqual([
      byCodes.body.id,
    ]);
    const all = await json(["holds", "list", "--all"]);
    expect(all.body.find((hold: { id: string }) => hold.id === byState.body.id)).toMatchObject({
      removed_by: "luis",
    });
  });
});
