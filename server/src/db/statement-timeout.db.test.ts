// Every pooled statement is bounded: PostgreSQL's statement_timeout (57014) is "unavailable", not a failure.
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnPostgres } from "../testing/describe-on-postgres.ts";
import { createPostgresTestDatabase } from "../testing/handoff-fixture.ts";
import { createBunSqlDatabase } from "./bun-sql-driver.ts";
import { type Database, DatabaseUnavailableError } from "./database.ts";
import { DatabaseDeadlineError } from "./query-deadline.ts";

describeOnPostgres("statement timeout on PostgreSQL", () => {
  let db: Database;
  beforeAll(async () => {
    db = createBunSqlDatabase(await createPostgresTestDatabase(), { poolSize: 1, timeoutMs: 300 });
  });
  afterAll(() => db?.close());

  it("cancels a statement past DATABASE_TIMEOUT_MS server-side and reports the database unavailable", async () => {
    const error = await db.query("select pg_sleep(3)").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    // The server cancelled it (SQLSTATE 57014) before the client's own deadline fired.
    expect(error).not.toBeInstanceOf(DatabaseDeadlineError);
    expect((error as Error).message).toMatch(/statement timeout/i);
  });

  it("rolls back a transaction cancelled by the timeout, and the pool serves the next statement", async () => {
    const error = await db
      .transaction(async (tx) => {
        await tx.query("create table if not exists timeout_probe (id int)");
        await tx.query("insert into timeout_probe values (1)");
        await tx.query("select pg_sleep(3)");
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    const [row] = await db.query<{ exists: boolean }>(
      "select to_regclass('timeout_probe') is not null as exists",
    );
    expect(row?.exists).toBe(false);
  });
});
