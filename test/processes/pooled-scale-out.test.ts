// Scale-out behind a transaction-mode pooler: two servers (DISPATCHER=off) and two `stl dispatch` workers through
// PgBouncer, concurrent posts, kill -9 of one server: no lead lost or doubled, each hand-off and callback once.
import { type StatusCallback, verifyWebhook } from "@speed-to-lead/sdk/webhooks";
import { type FakeAssistant, startFakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedTokens } from "@speed-to-lead/server/testing/seed-tokens";
import type { LeadAccepted } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../harness/child-env.ts";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { CLI_ENTRY } from "../harness/stl-cli.ts";

const LEADS = 160;
const CONCURRENCY = 12;
/** Server A is killed once this many answers came back, with requests still in flight. */
const KILL_AFTER = 50;

/** A sender's status-callback endpoint: records each signed callback by webhook-id. */
function startCallbackReceiver() {
  const received: { webhookId: string; payload: StatusCallback }[] = [];
  const state = { secret: "", refused: 0 };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      try {
        const { event: payload } = await verifyWebhook<StatusCallback>(request, state.secret);
        received.push({ webhookId: request.headers.get("webhook-id")!, payload });
        return new Response(null, { status: 200 });
      } catch {
        state.refused++;
        return new Response(null, { status: 401 });
      }
    },
  });
  return { url: `http://127.0.0.1:${server.port}/callbacks`, received, state, stop: () => server.stop(true) };
}

/** Every fourth lead is a test lead (a callback, no hand-off); each has its own external id and key. */
const leadNumber = (index: number) =>
  eligibleLead({ first_name: `Lead ${index}`, external_lead_id: `ext-${index}`, test: index % 4 === 0 });

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

describe("two servers and two workers through a transaction-mode pooler", () => {
  let database: BackendDatabase;
  let assistant: FakeAssistant;
  const receiver = startCallbackReceiver();
  const servers: ServerProcess[] = [];
  const workers: ReturnType<typeof Bun.spawn>[] = [];

  beforeAll(async () => {
    database = await createBackendDatabase("pooled");
    assistant = startFakeAssistant();
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    await assistant?.stop();
    await receiver.stop();
    await database?.remove();
  });

  it("stores each lead once across a kill -9, hands each off once, and calls back once per response", async () => {
    const env = {
      ...database.env,
      ASSISTANT_WEBHOOK_URL: assistant.url,
      ASSISTANT_WEBHOOK_SECRET: assistant.secret,
      RATE_LIMIT_PER_SECOND: "0",
      SERVER_PROCESSES: "2",
      // The callback receiver listens on loopback.
      CALLBACK_ALLOW_PRIVATE: "true",
    };
    const seeded = await seedTokens(env, {
      tokens: { integration: "pooled" },
      callbacks: { integration: receiver.url },
    });
    const token = seeded.tokens.integration;
    receiver.state.secret = seeded.callbackSecrets.integration!;
    servers.push(
      ...(await Promise.all([0, 1].map(() => startServerProcess({ env: { ...env, DISPATCHER: "off" } })))),
    );
    for (let i = 0; i < 2; i++)
      workers.push(Bun.spawn(["bun", CLI_ENTRY, "dispatch"], { env: childEnv(env), stdout: "ignore" }));
    const [doomed, survivor] = servers as [ServerProcess, ServerProcess];

    // Lead i goes to server i % 2; a failure (the killed server) is retried on the survivor with the same key.
    const answers = new Map<number, LeadAccepted>();
    let answered = 0;
    let next = 0;
    const client = async () => {
      while (next < LEADS) {
        const index = next++;
        const request = {
          token: token.token,
          body: leadNumber(index),
          headers: { "Idempotency-Key": `k-${index}` },
        };
        for (const target of index % 2 ? [survivor, survivor] : [doomed, survivor, survivor]) {
          const response = await postLead<LeadAccepted>(target.baseUrl, request).catch(() => undefined);
          if (response && (response.status === 201 || response.status === 200)) {
            answers.set(index, response.body);
            break;
          }
        }
        if (++answered === KILL_AFTER) await doomed.stop("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    expect(answers.size).toBe(LEADS);

    // One lead per external id, whatever server or retry stored it; the ids the clients got are those leads.
    const sql = new Bun.SQL(database.env.DATABASE_DIRECT_URL!, { max: 1 });
    try {
      const leads = await sql<{ id: string; external_lead_id: string }[]>`
        select id::text, external_lead_id from leads`;
      expect(leads).toHaveLength(LEADS);
      const stored = new Map(leads.map((lead) => [lead.external_lead_id, lead.id]));
      for (const [index, body] of answers) expect(stored.get(`ext-${index}`)).toBe(body.id);

      // Every eligible lead handed off by one worker or the other, exactly once (no failure, so no retry).
      const eligible = [...answers].filter(([index]) => index % 4 !== 0).map(([, body]) => body.id);
      await assistant.waitUntil(
        () => assistant.acknowledged().size >= eligible.length,
        "every hand-off",
        30_000,
      );
      // And every lead's status callback (handed_off or not_called).
      const until = Date.now() + 30_000;
      while (new Set(receiver.received.map((r) => r.payload.data.lead_id)).size < LEADS) {
        if (Date.now() > until) throw new Error(`${receiver.received.length} callbacks of ${LEADS}`);
        await Bun.sleep(50);
      }
      await Bun.sleep(500); // a duplicate would arrive now
      const handedOff = countBy(assistant.deliveries, (d) => d.payload.data.lead_id);
      expect([...handedOff.keys()].sort()).toEqual([...eligible].sort());
      expect([...handedOff.values()].every((count) => count === 1)).toBe(true);
      const callbacks = countBy(receiver.received, (r) => r.webhookId);
      expect(callbacks.size).toBe(LEADS);
      expect([...callbacks.values()].every((count) => count === 1)).toBe(true);
      expect(receiver.state.refused).toBe(0);
      const [tasks] = await sql<{ pending: number }[]>`
        select count(*)::int as pending from response_tasks where status <> 'delivered'`;
      expect(tasks?.pending).toBe(0);
    } finally {
      await sql.close();
    }
  }, 90_000);
});
