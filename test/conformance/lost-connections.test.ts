// Connections that end before their answer: a body cut off by the client, and pipelined requests, which
// Bun's HTTP layer answers by closing the connection. Never a stored lead whose answer was dropped.

import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { intakePostHead, rawExchange } from "../harness/raw-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { storedLeads } from "../harness/stored-leads.ts";

const email = () => `lost-${crypto.randomUUID()}@example.com`;

describe("lost connections on postgres", () => {
  let database: BackendDatabase;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createBackendDatabase("postgres");
    token = (await seedToken(database.env, "lost", "e2e")).token;
    server = await startServerProcess({ databaseEnv: database.env, env: { LOG_LEVEL: "info" } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.remove();
  });

  const head = (framing: string) => intakePostHead(token, framing);
  const post = (body: string) => `${head(`Content-Length: ${Buffer.byteLength(body)}\r\n`)}${body}`;

  /** The server's log lines (JSON) that mention this address, once `count` of them arrived (bounded wait). */
  async function logLinesFor(address: string, count: number): Promise<Record<string, unknown>[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const matching = lines.filter((line) => line.request_id === address);
      if (matching.length >= count || Date.now() > deadline) return matching;
      await Bun.sleep(50);
    }
  }

  it("a body cut off by the client is an info line with status 499, not an error, and stores nothing", async () => {
    for (const [framing, partial] of [
      ["Content-Length: 100\r\n", '{"email":"cut'],
      // A whole JSON object in the first chunk, then the client leaves before the last chunk.
      ["Transfer-Encoding: chunked\r\n", `1f\r\n{"email":"cut@chunked.example"}\r\n`],
    ] as const) {
      const requestId = `cut-${crypto.randomUUID()}`;
      const start = head(`X-Request-Id: ${requestId}\r\n${framing}`);
      await rawExchange(server.port, [start, partial], { abortAfterWrite: true, gapMs: 20 });
      const lines = await logLinesFor(requestId, 1);
      expect(lines.map((line) => [line.level, line.msg, line.status])).toEqual([["info", "request", 499]]);
    }
    expect(server.output()).not.toContain('"level":"error"');
    expect(await storedLeads(database, "email", "cut@chunked.example")).toBe(0);
  });

  it("pipelined posts: each stored lead was answered (Bun 1.4.4 closes the connection and answers neither)", async () => {
    expect((await postLead(server.baseUrl, { token, body: { email: email() } })).status).toBe(201);
    const [first, second] = [email(), email()];
    const exchange = await rawExchange(
      server.port,
      [post(JSON.stringify({ email: first })) + post(JSON.stringify({ email: second }))],
      { expectResponses: 2 },
    );
    const answered = exchange.responses.map((response) => JSON.parse(response.body).lead?.email);
    for (const sent of [first, second]) {
      expect(await storedLeads(database, "email", sent)).toBe(answered.includes(sent) ? 1 : 0);
    }
    // The behaviour of the HTTP layer itself, pinned so an upgrade that changes it is noticed: if Bun now
    // answers pipelined requests, the guard in intake-handler.ts and server/README.md should say so.
    expect([exchange.responses.length, exchange.closedByServer]).toEqual([0, true]);
  });
});
