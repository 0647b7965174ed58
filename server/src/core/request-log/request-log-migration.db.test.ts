// Migration 0050 on a database that already holds request-log rows (PGlite, as PostgreSQL takes the same file):
// the table becomes unlogged with one index, and each row's body shape reads back as it was written before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { loadMigrations, migrate } from "../../db/migrate.ts";
import { createPgliteDatabase } from "../../db/pglite-driver.ts";
import { bodyShape } from "./body-shape.ts";
import { requestLogPage } from "./request-log-store.ts";

const UNLOGGED = "0050_request_log_unlogged";

let db: Database;
beforeAll(async () => {
  db = await createPgliteDatabase("memory", { sharedBuffers: "8MB" });
}, 120_000);
afterAll(async () => await db?.close());

describe("the request log's migration to an unlogged table", () => {
  it("keeps the rows written before it, their body shapes included, with one index and no WAL", async () => {
    const all = loadMigrations();
    await migrate(
      db,
      all.filter((migration) => migration.version < UNLOGGED),
    );
    const tokenId = crypto.randomUUID();
    const accountId = crypto.randomUUID();
    const posted = { phone: "+14155552671", name: "Ana 🌵", consent: { ok: true, at: null }, tags: [1, 2] };
    const before = bodyShape(posted);
    for (const body of [JSON.stringify(before), "[]", null])
      await db.query(
        `insert into request_log (token_id, account_id, at, method, path, status, latency_ms, request_id, body)
         values ($1, $2, now(), 'POST', '/x', 201, 1.5, 'req', $3::text::jsonb)`,
        [tokenId, accountId, body],
      );
    await migrate(db, all);
    const { rows } = await requestLogPage(db, { tokenId, accountId }, {}, 10);
    expect(rows.map((row) => row.body).reverse()).toEqual([before, [], null]);
    const [table] = await db.query<{ persistence: string; indexes: number }>(
      `select relpersistence as persistence,
         (select count(*) from pg_index where indrelid = 'request_log'::regclass)::int as indexes
       from pg_class where oid = 'request_log'::regclass`,
    );
    expect(table).toEqual({ persistence: "u", indexes: 1 });
  }, 120_000);
});
