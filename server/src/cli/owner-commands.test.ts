// `stl owners disable` as a command on PGlite: the removal and its audit rows (one per account it touched, the
// operator named) in one transaction.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createOwnerSignIn } from "../core/accounts/owner-access.ts";
import type { Database } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createMemoryDatabase } from "../testing/fresh-pglite.ts";
import { parseArgs } from "./args.ts";
import { ownerCommands } from "./owner-commands.ts";
import { cliTranslator } from "./text/cli-dictionary.ts";

let db: Database;
beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
});
afterAll(() => db.close());

const commands = ownerCommands({ publicUrl: () => "http://localhost" });
const run = (argv: string[]) =>
  commands.disable(db, parseArgs(argv), () => {}, cliTranslator("en"), loadConfig({}));

describe("stl owners disable", () => {
  it("writes an owner.removed row in each account whose membership it ended, naming the operator", async () => {
    const acme = await createOwnerSignIn(db, "disable-acme", "ana@disable.example", "http://localhost");
    const globex = await createOwnerSignIn(db, "disable-globex", "ana@disable.example", "http://localhost");
    expect(
      await run(["owners", "disable", "ana@disable.example", "--account", "disable-acme", "--by", "ops"]),
    ).toBe(0);
    expect(await run(["owners", "disable", "ANA@disable.example", "--by", "ops"])).toBe(0);
    const rows = await db.query<{ account_id: string; actor_email: string; target: string }>(
      "select account_id::text, actor_email, target from audit_events where action = 'owner.removed' order by at, id",
    );
    expect(rows).toEqual([
      { account_id: acme.account.id, actor_email: "stl: ops", target: "ana@disable.example" },
      { account_id: globex.account.id, actor_email: "stl: ops", target: "ana@disable.example" },
    ]);
    expect(await run(["owners", "disable", "nobody@disable.example"])).toBe(1);
  });
});
