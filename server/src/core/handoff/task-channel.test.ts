import { describe, expect, it } from "vitest";
import type { Queryable } from "../../db/database.ts";
import { silentLogger } from "../../logger.ts";
import { createTaskNotifier } from "./task-channel.ts";

function recordingDb() {
  const statements: unknown[][] = [];
  const db: Queryable = {
    async query(text, params) {
      statements.push([text, ...(params ?? [])]);
      return [];
    },
  };
  return { db, statements };
}

describe("createTaskNotifier", () => {
  it("turns a burst of commits into one NOTIFY now and one at the end of the interval", async () => {
    const { db, statements } = recordingDb();
    const notifier = createTaskNotifier(db, silentLogger, 20);
    for (let i = 0; i < 100; i++) notifier.poke();
    expect(statements).toEqual([["select pg_notify($1, $2)", "stl_response_tasks", ""]]);
    for (const deadline = Date.now() + 5_000; statements.length < 2 && Date.now() < deadline; )
      await Bun.sleep(5);
    expect(statements).toHaveLength(2);
    await notifier.close();
  });

  it("sends a pending notification on close, and nothing after", async () => {
    const { db, statements } = recordingDb();
    const notifier = createTaskNotifier(db, silentLogger, 60_000);
    notifier.poke();
    notifier.poke();
    await notifier.close();
    expect(statements).toHaveLength(2);
    notifier.poke();
    expect(statements).toHaveLength(2);
  });
});
