// `stl holds` run in this process on an in-memory database: the refusals, each with exit code 2. The tool as a
// process (a hold added, listed, removed): holds-cli.test.ts.
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";

/** The tool on a test database (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess();
const env = {};

describe("bun run stl holds", () => {
  it("refuses a local time without its zone, a state it cannot expand, and a missing reason, with exit code 2", async () => {
    const noZone = await runCli(
      ["holds", "add", "--state", "LA", "--until", "2099-12-01 00:00", "--reason", "x"],
      env,
    );
    expect([noZone.exitCode, noZone.stderr]).toEqual([2, expect.stringContaining("instant with its zone")]);
    const unknown = await runCli(
      ["holds", "add", "--state", "ZZ", "--until", "2099-12-01T00:00:00Z", "--reason", "x"],
      env,
    );
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringContaining("--area-codes")]);
    const noReason = await runCli(["holds", "add", "--state", "LA", "--until", "2099-12-01T00:00:00Z"], env);
    expect(noReason.exitCode).toBe(2);
  }, 90_000);
});
