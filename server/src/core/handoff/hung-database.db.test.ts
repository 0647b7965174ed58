// A dispatcher whose database stops answering (frozen, partitioned) still stops: every wait is bounded.
import { startTcpLink, type TcpLink } from "@speed-to-lead/tests/harness/tcp-link";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBunSqlDatabase } from "../../db/bun-sql-driver.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { silentLogger } from "../../logger.ts";
import { describeOnPostgres } from "../../testing/describe-on-postgres.ts";
import { createPostgresTestDatabase, TEST_DISPATCHER_SETTINGS } from "../../testing/handoff-fixture.ts";
import { createConsoleAssistant } from "./console-assistant.ts";
import { Dispatcher } from "./dispatcher.ts";

describeOnPostgres("dispatcher on a hung database", () => {
  let link: TcpLink;
  let db: Database;

  beforeAll(async () => {
    const url = new URL(await createPostgresTestDatabase());
    link = await startTcpLink(Number(url.port));
    url.port = String(link.port);
    db = createBunSqlDatabase(url.toString(), { poolSize: 2, timeoutMs: 300 });
    await migrate(db);
  });
  afterAll(async () => {
    link?.thaw();
    await db?.close();
    await link?.close();
  });

  it("gives up on its claims after DATABASE_TIMEOUT_MS, so stop() returns while the database is frozen", async () => {
    link.freeze();
    try {
      const dispatcher = new Dispatcher({
        db,
        assistant: createConsoleAssistant(() => {}),
        settings: TEST_DISPATCHER_SETTINGS,
        logger: silentLogger,
      });
      dispatcher.start();
      await Bun.sleep(100); // its first pass is now waiting on the frozen database
      const stopped = await Promise.race([
        dispatcher.stop().then(() => "stopped"),
        Bun.sleep(10_000).then(() => "hung"),
      ]);
      expect(stopped).toBe("stopped");
    } finally {
      link.thaw();
    }
  });
});
