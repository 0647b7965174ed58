// A channel token is revoked, never deleted: leads name their token without a foreign key, so the database refuses the delete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBunSqlDatabase } from "../../db/bun-sql-driver.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createPgliteDatabase } from "../../db/pglite-driver.ts";
import { createPostgresTestDatabase } from "../../testing/handoff-fixture.ts";
import { createTestToken } from "../../testing/intake-requests.ts";

const backends = {
  pglite: () => createPgliteDatabase("memory"),
  postgres: async () => createBunSqlDatabase(await createPostgresTestDatabase(), { poolSize: 2 }),
};

describe.each(Object.keys(backends) as (keyof typeof backends)[])("channel tokens on %s", (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backends[backend]();
    await migrate(db);
  });
  afterAll(() => db?.close());

  it("refuses to delete a token, revoked or not, and keeps the row", async () => {
    const live = await createTestToken(db);
    const revoked = await createTestToken(db);
    await db.query("update channel_tokens set revoked_at = now() where id = $1", [revoked.tokenId]);
    for (const { tokenId } of [live, revoked]) {
      await expect(db.query("delete from channel_tokens where id = $1", [tokenId])).rejects.toThrow(
        /revoked, never deleted/,
      );
      const [row] = await db.query<{ n: number }>(
        "select count(*)::int as n from channel_tokens where id = $1",
        [tokenId],
      );
      expect(row!.n).toBe(1);
    }
  });
});
