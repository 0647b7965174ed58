// A channel token is revoked, never deleted: leads name their token without a foreign key, so the database refuses the delete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { BACKENDS } from "../../testing/backends.ts";
import { createTestToken } from "../../testing/intake-requests.ts";
import { openTestDatabase } from "../../testing/test-database.ts";

describe.each(BACKENDS)("channel tokens on %s", (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
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
