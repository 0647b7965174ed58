// Migration 0048 on a database with tasks in every state: a pending task stays queued as it was (lease, attempts,
// last error), a settled one is kept on its lead, and the response_tasks view reads each as the table did.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createChannelToken, ensureAccount } from "../core/accounts/token-repository.ts";
import { describeOnPostgres } from "../testing/describe-on-postgres.ts";
import { createPostgresTestDatabase } from "../testing/handoff-fixture.ts";
import { createBunSqlDatabase } from "./bun-sql-driver.ts";
import type { Database } from "./database.ts";
import { loadMigrations, migrate } from "./migrate.ts";
import { plainRows } from "./plain-rows.ts";

const QUEUE_MIGRATION = "0048_handoff_queue";

describeOnPostgres("migration 0048: response tasks become the hand-off queue", () => {
  let db: Database;
  const leads: Record<"pending" | "retrying" | "delivered" | "cancelled" | "none", string> = {
    pending: Bun.randomUUIDv7(),
    retrying: Bun.randomUUIDv7(),
    delivered: Bun.randomUUIDv7(),
    cancelled: Bun.randomUUIDv7(),
    none: Bun.randomUUIDv7(),
  };
  const tasks = { pending: Bun.randomUUIDv7(), retrying: Bun.randomUUIDv7(), delivered: Bun.randomUUIDv7() };
  const cancelledTask = Bun.randomUUIDv7();

  beforeAll(async () => {
    db = createBunSqlDatabase(await createPostgresTestDatabase(), { poolSize: 1 });
    await migrate(
      db,
      loadMigrations().filter((migration) => migration.version < QUEUE_MIGRATION),
    );
    const { id: accountId } = await ensureAccount(db, "migrated");
    const { id: tokenId } = await createChannelToken(db, accountId, "form");
    for (const [name, id] of Object.entries(leads)) {
      await db.query(
        `insert into leads (id, account_id, channel_token_id, phone, source, received_at, respond_by, updated_at, response_state)
         values ($1, $2, $3, '+14155550100', 'form', now(), now() + interval '5 minutes', now(), $4)`,
        [
          id,
          accountId,
          tokenId,
          name === "delivered" ? "handed_off" : name === "cancelled" ? "not_called" : "pending",
        ],
      );
    }
    const task = (id: string, lead: string, status: string, extra: string) =>
      db.query(
        `insert into response_tasks (id, lead_id, account_id, status, due_at, next_attempt_at, attempts, last_error,
           delivered_at, response_no)
         select $1, $2, account_id, $3, respond_by, ${extra} from leads where id = $2`,
        [id, lead, status],
      );
    await task(tasks.pending, leads.pending, "pending", "now() + interval '30 seconds', 1, null, null, 1");
    await task(
      tasks.retrying,
      leads.retrying,
      "pending",
      "now() + interval '4 seconds', 2, 'HTTP 503', null, 2",
    );
    await task(tasks.delivered, leads.delivered, "delivered", "now(), 1, null, now(), 1");
    await task(
      cancelledTask,
      leads.cancelled,
      "cancelled",
      "now(), 1, 'lead is not call-eligible: opted_out', null, 1",
    );
    await migrate(db);
  });
  afterAll(() => db?.close());

  it("keeps pending tasks queued with their lease, attempts and last error, and settled ones on their leads", async () => {
    const queued = await db.query<{
      lead_id: string;
      attempts: number;
      last_error: string | null;
      leased: boolean;
    }>(
      `select lead_id::text, attempts, last_error, next_attempt_at > now() as leased from handoff_queue
       order by attempts`,
    );
    expect(plainRows(queued)).toEqual([
      { lead_id: leads.pending, attempts: 1, last_error: null, leased: true },
      { lead_id: leads.retrying, attempts: 2, last_error: "HTTP 503", leased: true },
    ]);
    const view = await db.query<{
      id: string;
      lead_id: string;
      status: string;
      attempts: number;
      response_no: number;
    }>(
      "select id::text, lead_id::text, status, attempts, response_no from response_tasks order by status, attempts",
    );
    expect(plainRows(view)).toEqual([
      { id: cancelledTask, lead_id: leads.cancelled, status: "cancelled", attempts: 1, response_no: 1 },
      { id: tasks.delivered, lead_id: leads.delivered, status: "delivered", attempts: 1, response_no: 1 },
      { id: tasks.pending, lead_id: leads.pending, status: "pending", attempts: 1, response_no: 1 },
      { id: tasks.retrying, lead_id: leads.retrying, status: "pending", attempts: 2, response_no: 2 },
    ]);
    const [settled] = await db.query<{ handoff_error: string; delivered: boolean }>(
      `select c.handoff_error, d.delivered_at is not null as delivered from leads c, leads d
       where c.id = $1 and d.id = $2`,
      [leads.cancelled, leads.delivered],
    );
    expect({ ...settled }).toEqual({
      handoff_error: "lead is not call-eligible: opted_out",
      delivered: true,
    });
  });
});
