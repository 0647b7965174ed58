// kill -9 the real server during a burst of posts, restart it: nothing acknowledged is lost, every answerable lead is handed off.

import { createBunSqlDatabase } from "@speed-to-lead/server/db/bun-sql-driver";
import type { Database } from "@speed-to-lead/server/db/database";
import type { FakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postThroughKill } from "../harness/posts-through-kill.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { assistantAndDatabase } from "./assistant-and-database.ts";

const LEADS = 240;
const CONCURRENCY = 12;
/** The server is killed once this many answers came back, with requests still in flight. */
const KILL_AFTER = 80;

/** Every third lead is a test lead, every fourth has no consent, every fifth only an email. */
function leadNumber(index: number) {
  const lead: Record<string, unknown> = eligibleLead({ first_name: `Lead ${index}` });
  if (index % 3 === 0) lead.test = true;
  if (index % 4 === 0) delete lead.consent;
  if (index % 5 === 0) {
    delete lead.phone;
    lead.email = `lead${index}@example.com`;
  }
  return lead;
}

describe("crash safety on PostgreSQL", () => {
  let assistant: FakeAssistant;
  let db: Database;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ({ assistant, env } = await assistantAndDatabase({
      // A short timeout makes the lease of a killed server's claims (2 × timeout) run out quickly.
      ASSISTANT_WEBHOOK_TIMEOUT_MS: "1000",
      DISPATCHER_RETRY_BASE_MS: "50",
      DISPATCHER_RETRY_MAX_MS: "500",
      DISPATCHER_POLL_MS: "200",
      RATE_LIMIT_PER_SECOND: "0",
    }));
    db = createBunSqlDatabase(env.DATABASE_URL!, { poolSize: 2 });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await assistant?.stop();
    await db?.close();
  });

  it("after kill -9 and a restart, every 2xx lead is stored and every answerable one acknowledged once or more", async () => {
    const { token } = await seedToken(env, "crash", "integration");
    server = await startServerProcess({ env, until: "listening" });
    await untilReady(server);
    // The first answers fail, so retries are pending when the server dies.
    assistant.failNext(15, 503);

    const { created, lost } = await postThroughKill(server, {
      token,
      count: LEADS,
      concurrency: CONCURRENCY,
      killAfter: KILL_AFTER,
      lead: leadNumber,
    });
    expect(created.size).toBeGreaterThanOrEqual(KILL_AFTER - CONCURRENCY);
    expect(lost).toBeGreaterThan(0);
    // lead id → call_eligible, for every 201
    const accepted = new Map([...created.values()].map((body) => [body.id, body.call_eligible]));

    server = await startServerProcess({ env, until: "listening" });
    await untilReady(server);

    // 1. Every lead that got a 2xx is stored.
    const stored = await db.query<{
      id: string;
      eligible: boolean;
      answered: boolean;
      response_state: string;
    }>(
      `select id::text, (consent is not null and not test and phone is not null) as eligible,
         (not test and (consent is not null and phone is not null or email is not null)) as answered, response_state
       from leads`,
    );
    const storedById = new Map(stored.map((row) => [row.id, row]));
    for (const [id, eligible] of accepted) expect(storedById.get(id)?.eligible, id).toBe(eligible);

    // 2. Every stored lead with a way to be answered (also those whose 201 was lost in the crash) has a
    // task, and each is acknowledged.
    const eligibleIds = stored.filter((row) => row.answered).map((row) => row.id);
    const acknowledgedLeads = () =>
      new Set(assistant.deliveries.filter((d) => d.status === 200).map((d) => d.payload.data.lead_id));
    await assistant.waitUntil(
      () => eligibleIds.every((id) => acknowledgedLeads().has(id)),
      "every eligible lead acknowledged",
      30_000,
    );
    const tasks = await db.query<{ lead_id: string; status: string }>(
      "select lead_id::text, status from response_tasks",
    );
    expect(tasks.map((task) => task.lead_id).sort()).toEqual([...eligibleIds].sort());
    // A task the killed server had delivered but not yet marked stays pending until its lease runs
    // out; the new server then delivers it again (at-least-once, same webhook-id).
    const pending = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from response_tasks where status <> 'delivered'",
        )
      )[0]?.n;
    for (const deadline = Date.now() + 30_000; (await pending()) !== 0; ) {
      if (Date.now() > deadline)
        throw new Error(`${await pending()} tasks not delivered:\n${server.lines.join("\n")}`);
      await Bun.sleep(50);
    }
    await server.stop("SIGTERM");
    server = undefined;

    // 3. Nothing else reached the assistant; every webhook-id it saw was acknowledged in the end; all signed.
    for (const { payload } of assistant.deliveries) {
      const lead = storedById.get(payload.data.lead_id);
      expect(lead?.answered, payload.data.lead_id).toBe(true);
      // The phone only with a call.
      expect(payload.data.phone !== undefined, payload.data.lead_id).toBe(lead?.eligible);
    }
    const attempted = new Set(assistant.deliveries.map((d) => d.webhookId));
    expect([...attempted].filter((id) => !assistant.acknowledged().has(id))).toEqual([]);
    expect(assistant.rejected).toBe(0);
    const handedOff = await db.query<{ n: number }>(
      "select count(*)::int as n from leads where response_state = 'handed_off'",
    );
    expect(handedOff[0]?.n).toBe(eligibleIds.length);
  });
});
