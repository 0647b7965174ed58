// The PostgreSQL driver behind Debian's PgBouncer: transaction pooling works, timeouts hold, and each misconfiguration names its fix.
import { createPooledDatabase, type PgBouncer, startPgBouncer } from "@speed-to-lead/tests/harness/pgbouncer";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { describeOnPostgres } from "../testing/describe-on-postgres.ts";
import { createBunSqlDatabase } from "./bun-sql-driver.ts";
import { type Database, DatabaseError, DatabaseMisconfiguredError, LOCK_NOT_AVAILABLE } from "./database.ts";
import { DatabaseDeadlineError } from "./query-deadline.ts";

const adminUrl = () => inject("postgresAdminUrl");
const opened: Database[] = [];
const open = (url: string, options: Parameters<typeof createBunSqlDatabase>[1]) => {
  const db = createBunSqlDatabase(url, options);
  opened.push(db);
  return db;
};
const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

// The run's PgBouncer (transaction mode, refusing unknown startup parameters) and two variants.
let lenientPooler: PgBouncer;
let sessionPooler: PgBouncer;
beforeAll(async () => {
  [lenientPooler, sessionPooler] = await Promise.all([
    startPgBouncer(adminUrl(), { ignoreStartupParameters: ["lock_timeout", "statement_timeout"] }),
    startPgBouncer(adminUrl(), { poolMode: "session" }),
  ]);
});
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await Promise.all([lenientPooler, sessionPooler].map((pooler) => pooler?.stop()));
});

describeOnPostgres("DATABASE_POOLER=transaction through PgBouncer in transaction mode", () => {
  it("runs parameterised statements and transactions from many connections without named prepared statements", async () => {
    // Role defaults shorter than the server's: transactions must still run under the server's own.
    const { pooled } = await createPooledDatabase(inject("pgbouncerPort"), adminUrl(), {
      statement_timeout: "7s",
      lock_timeout: "4s",
    });
    const db = open(pooled, { poolSize: 4, pooler: "transaction" });
    await db.exec("create table probe (id int primary key, label text)");
    await Promise.all(
      Array.from({ length: 40 }, (_, id) =>
        id % 2
          ? db.query("insert into probe values ($1, $2)", [id, `row ${id}`])
          : db.transaction(async (tx) => {
              await tx.query("insert into probe values ($1, $2)", [id, `row ${id}`]);
              return await tx.query("select label from probe where id = $1", [id]);
            }),
      ),
    );
    const [counted] = await db.query<{ rows: number; prepared: number }>(
      "select (select count(*)::int from probe) as rows, (select count(*)::int from pg_prepared_statements) as prepared",
    );
    expect(counted).toEqual({ rows: 40, prepared: 0 });
    // Transactions carry the server's own timeouts (SET LOCAL), whatever the pooled backend had.
    const [inside] = await db.transaction((tx) =>
      tx.query<{ statement: string; lock: string }>(
        "select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock",
      ),
    );
    expect(inside).toEqual({ statement: "8s", lock: "5s" });
  });

  it("has the database cancel a blocked statement and a slow one within the configured time, freeing the backend", async () => {
    const { pooled, direct } = await createPooledDatabase(inject("pgbouncerPort"), adminUrl(), {
      statement_timeout: "600ms",
      lock_timeout: "300ms",
    });
    const db = open(pooled, { poolSize: 2, pooler: "transaction", timeoutMs: 600 });
    await db.exec("create table held (id int)");
    const holder = new Bun.SQL(direct, { max: 1 });
    try {
      const locked = holder.begin(async (tx) => {
        await tx`lock table held`;
        await Bun.sleep(1_200);
      });
      await Bun.sleep(100);
      const blocked = await failure(db.query("insert into held values ($1)", [1]));
      expect(blocked).toBeInstanceOf(DatabaseError);
      expect((blocked as DatabaseError).sqlState).toBe(LOCK_NOT_AVAILABLE);
      const slow = await failure(db.query("select pg_sleep($1)", [3]));
      expect(slow?.message).toMatch(/statement timeout/);
      expect(slow).not.toBeInstanceOf(DatabaseDeadlineError);
      await locked;
      const [left] = await holder<{ running: number }[]>`
        select count(*)::int as running from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'`;
      expect(left?.running).toBe(0);
    } finally {
      await holder.close();
    }
  });
});

describeOnPostgres("DATABASE_POOLER=session through PgBouncer in session mode", () => {
  it("keeps named prepared statements, sends no startup parameter, and checks the role's timeouts", async () => {
    const { pooled } = await createPooledDatabase(sessionPooler.port, adminUrl());
    const db = open(pooled, { poolSize: 2, pooler: "session" });
    for (let round = 0; round < 3; round++) await db.query("select $1::int as n", [round]);
    const [kept] = await db.query<{ prepared: number; timeout: string }>(
      "select (select count(*)::int from pg_prepared_statements) as prepared, current_setting('statement_timeout') as timeout",
    );
    expect(kept?.prepared).toBeGreaterThan(0);
    expect(kept?.timeout).toBe("8s");
    const { pooled: bare } = await createPooledDatabase(sessionPooler.port, adminUrl(), false);
    const error = await failure(open(bare, { poolSize: 2, pooler: "session" }).query("select 1"));
    expect(error?.message).toMatch(/statement_timeout is 0 .*ALTER ROLE/);
  });
});

describeOnPostgres("a misconfigured connection is refused with its fix, not retried", () => {
  it("a pooler that refuses the timeouts as startup parameters: declare it", async () => {
    const { pooled } = await createPooledDatabase(inject("pgbouncerPort"), adminUrl());
    const db = open(pooled, { poolSize: 2 });
    const error = await failure(db.query("select 1"));
    expect(error).toBeInstanceOf(DatabaseMisconfiguredError);
    expect(error?.message).toMatch(
      /refuses the startup parameter \w+_timeout: set DATABASE_POOLER=transaction/,
    );
  });

  it("a transaction-mode pooler that drops the parameters: found before any statement collides", async () => {
    const { pooled } = await createPooledDatabase(lenientPooler.port, adminUrl());
    const db = open(pooled, { poolSize: 2 });
    const error = await failure(db.query("select 1"));
    expect(error).toBeInstanceOf(DatabaseMisconfiguredError);
    expect(error?.message).toMatch(/reaches a transaction-mode pooler .*set DATABASE_POOLER=transaction/);
    // Refused again, not retried: the configuration has to change.
    expect(await failure(db.query("select 1"))).toBe(error);
  });

  it("named prepared statements that collide (42P05) say the same", async () => {
    const { pooled } = await createPooledDatabase(lenientPooler.port, adminUrl());
    // One connection each: nothing to compare at start, so the collision itself must be understood.
    const [first, second] = [open(pooled, { poolSize: 1 }), open(pooled, { poolSize: 1 })];
    const errors = [];
    for (let round = 0; round < 4; round++) {
      for (const db of [first, second])
        errors.push(await failure(db.query("select $1::int + 1 as n", [round])));
    }
    const collision = errors.find((error) => error !== undefined);
    expect(collision).toBeInstanceOf(DatabaseMisconfiguredError);
    expect(collision?.message).toMatch(/prepared statements collide.*set DATABASE_POOLER=transaction/);
  });

  it("a session-mode pooler declared as transaction mode", async () => {
    const { pooled } = await createPooledDatabase(sessionPooler.port, adminUrl());
    const error = await failure(open(pooled, { poolSize: 2, pooler: "transaction" }).query("select 1"));
    expect(error).toBeInstanceOf(DatabaseMisconfiguredError);
    expect(error?.message).toMatch(/session-mode pooler or PostgreSQL itself.*pool_mode = transaction/);
  });

  it("behind the pooler, a role without its default timeouts", async () => {
    const { pooled } = await createPooledDatabase(inject("pgbouncerPort"), adminUrl(), false);
    const error = await failure(open(pooled, { poolSize: 2, pooler: "transaction" }).query("select 1"));
    expect(error).toBeInstanceOf(DatabaseMisconfiguredError);
    expect(error?.message).toMatch(/statement_timeout is 0 .* and lock_timeout is 0 /);
    expect(error?.message).toMatch(
      /ALTER ROLE "postgres" IN DATABASE "stl_pooled_\w+" SET statement_timeout = '8000ms'/,
    );
  });
});
