// A server on PostgreSQL leaves the status-callback outbox alone while no token has a URL, and `stl tokens callback`
// wakes it: the first callback arrives without waiting for the sender's slow recheck.
import { eventually } from "@speed-to-lead/server/testing/eventually";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { setTokenCallback } from "../harness/stl-cli.ts";

/** Records the lead ids of the callbacks it receives (the signature is other tests' concern). */
function startCallbackReceiver() {
  const leadIds: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const body = (await request.json()) as { data?: { lead_id?: string } };
      if (body.data?.lead_id) leadIds.push(body.data.lead_id);
      return new Response(null, { status: 204 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/callbacks`, leadIds, stop: () => server.stop(true) };
}

describe("status callbacks after a URL is set on a running server", () => {
  let database: BackendDatabase;
  let server: ServerProcess;
  const receiver = startCallbackReceiver();

  beforeAll(async () => {
    database = await createBackendDatabase("postgres");
  });
  afterAll(async () => {
    await server?.stop();
    await receiver.stop();
    await database?.remove();
  });

  it("delivers the first callback well within the recheck the sender keeps while no token has a URL", async () => {
    const token = await seedToken(database.env, "acme", "integration");
    // The receiver listens on loopback.
    server = await startServerProcess({
      env: { ...database.env, CALLBACK_ALLOW_PRIVATE: "true" },
      until: "listening",
    });
    await untilReady(server);
    // A test lead is never handed off; with a URL its sender hears lead.not_called.
    const before = await postLead(server.baseUrl, {
      token: token.token,
      body: { email: "a@example.com", test: true },
    });
    expect(before.status).toBe(201);

    await setTokenCallback(database.env, token.id, receiver.url);
    const after = await postLead(server.baseUrl, {
      token: token.token,
      body: { email: "b@example.com", test: true },
    });
    expect(after.status).toBe(201);
    // The sender's first pass found no URL and would not ask again for 60 s; the CLI's NOTIFY wakes it.
    const received = await eventually(
      async () => receiver.leadIds,
      (ids) => ids.includes(after.body.id),
      15_000,
    );
    expect(received).toEqual([after.body.id]);
  });
});
