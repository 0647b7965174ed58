// `bun run stl dispatch` as a worker beside a server started with DISPATCHER=off, on one PostgreSQL.

import type { FakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { CLI_ENTRY } from "../harness/stl-cli.ts";
import { assistantAndDatabase } from "./assistant-and-database.ts";

describe("stl dispatch worker", () => {
  let assistant: FakeAssistant;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ assistant, env } = await assistantAndDatabase({
      // A poll longer than the test: a delivery proves the worker was woken by LISTEN/NOTIFY.
      DISPATCHER_POLL_MS: "600000",
      LOG_LEVEL: "info",
    }));
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await assistant?.stop();
  });

  it("delivers what the server stores, woken across processes, and stops cleanly on SIGTERM", async () => {
    const { token } = await seedToken(env, "worker", "integration");
    server = await startServerProcess({ env: { ...env, DISPATCHER: "off" }, until: "listening" });
    await untilReady(server);
    const worker = Bun.spawn(["bun", CLI_ENTRY, "dispatch"], {
      env: { ...process.env, ...env },
      stdout: "pipe",
    });
    const output = new Response(worker.stdout).text();
    try {
      // The worker subscribes shortly after start; a lead posted before that is found by its first pass.
      const first = await postLead(server.baseUrl, { token, body: eligibleLead() });
      await assistant.waitUntil(() => assistant.acknowledged().size === 1, "the worker's first delivery");
      const second = await postLead(server.baseUrl, { token, body: eligibleLead({ test: true }) });
      const third = await postLead(server.baseUrl, { token, body: eligibleLead() });
      await assistant.waitUntil(() => assistant.acknowledged().size === 2, "a delivery woken by NOTIFY");
      expect(assistant.deliveries.map((d) => d.payload.data.lead_id)).toEqual([first.body.id, third.body.id]);
      expect(second.body.call_eligible).toBe(false);
    } finally {
      worker.kill("SIGTERM");
    }
    expect(await worker.exited).toBe(0);
    expect(await output).toContain('"msg":"dispatcher stopped"');
  });
});
