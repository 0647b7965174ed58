// `stl accounts locations` run in this process on an in-memory database: the choice set, an unknown one refused.
// The accounts family as a process: accounts-cli.test.ts.
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";
import { seedTokensIn } from "../testing/seed-tokens.ts";

/** The tool on a test database that holds account acme. */
const runCli = useCliInProcess((db) => seedTokensIn(db, { tokens: { integration: "acme" } }));
const env = {};

describe("bun run stl accounts locations", () => {
  it("sets whether an account calls numbers nothing places, refuses an unknown choice", async () => {
    const set = await runCli(["accounts", "locations", "acme", "--unknown", "call", "--json"], env);
    expect([set.exitCode, JSON.parse(set.stdout)]).toEqual([
      0,
      { account: "acme", call_unknown_locations: true },
    ]);
    const bad = await runCli(["accounts", "locations", "acme", "--unknown", "guess"], env);
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringContaining("hold|call")]);
  }, 60_000);
});
