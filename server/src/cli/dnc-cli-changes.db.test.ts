// `stl dnc add|list|remove` run in this process on an in-memory database: a number added once whatever its format,
// removed once, and each change in the history with who made it. The tool as a process (a number added, then
// listed by the next process): dnc-cli.test.ts.
import { userInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";
import { seedTokensIn } from "../testing/seed-tokens.ts";

/** The tool on a test database with account acme (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess((db) => seedTokensIn(db, { tokens: { integration: "acme" } }));

const json = async (args: string[]) => {
  const result = await runCli([...args, "--json"]);
  return { ...result, body: JSON.parse(result.stdout) };
};

describe("bun run stl dnc add|list|remove", () => {
  it("adds a number in any format once, lists it in E.164, and removes it; each change is logged with who did it", async () => {
    const added = await json(["dnc", "add", "(415) 555-2671", "--account", "acme", "--by", "ana"]);
    expect([added.exitCode, added.body.added]).toEqual([0, true]);
    const again = await json([
      "dnc",
      "add",
      "1-415-555-2671",
      "--account",
      "acme",
      "--by",
      "ana",
      "--note",
      "x",
    ]);
    expect(again.body.added).toBe(false);
    const listed = await json(["dnc", "list", "--account", "acme"]);
    expect(listed.body.map((row: { phone: string }) => row.phone)).toEqual(["+14155552671"]);

    const removed = await json(["dnc", "remove", "415.555.2671", "--account", "acme", "--by", "luis"]);
    expect([removed.exitCode, removed.body.removed]).toEqual([0, true]);
    const notListed = await runCli(["dnc", "remove", "415.555.2671", "--account", "acme"]);
    expect([notListed.exitCode, notListed.stdout]).toEqual([1, expect.stringContaining("was not on")]);
    expect((await json(["dnc", "list", "--account", "acme"])).body).toEqual([]);

    const history = await json(["dnc", "list", "--account", "acme", "--history"]);
    expect(
      history.body.map(({ action, via, actor, note }: Record<string, string>) => ({
        action,
        via,
        actor,
        note,
      })),
    ).toEqual([
      { action: "add", via: "cli", actor: "ana", note: null },
      { action: "add", via: "cli", actor: "ana", note: "x" },
      { action: "remove", via: "cli", actor: "luis", note: null },
      // No --by: the operating-system user.
      { action: "remove", via: "cli", actor: userInfo().username, note: null },
    ]);
  });
});
